#!/usr/bin/env bash
# Installs with apt-get whatever raidbench needs and is missing; does nothing when all is there.
#   install-deps.sh build   compilers (clang++ builds the tools, g++ is the consumers' default),
#                           LLVM's linker, CMake, the libraries the headers use, help2man (the
#                           tools' man pages, made at build time)
#   install-deps.sh test    the above plus everything the tests and benchmarks run: the real
#                           peers (dd, fio, sysbench, pg_test_fsync), promtool, clang's sanitizer runtime,
#                           libfuse3 (the tests' lying filesystem, tests/support/lying_fs.cpp), chromium
#                           with node and the DejaVu fonts the page tests lay out with (tests/report_html/),
#                           lintian, man-db and bash-completion (the package test, tests/package/)
set -euo pipefail
what=${1:-build}

packages=(g++ clang lld cmake ninja-build pkg-config libboost-dev libboost-test-dev libfmt-dev liburing-dev
          nlohmann-json3-dev libcli11-dev help2man)
if [[ $what == test ]]; then
  packages+=(coreutils procps strace fio sysbench postgresql-15 prometheus libclang-rt-14-dev python3 python3-jsonschema
            dpkg-dev ansible-core ansible-lint python3-apt chromium fonts-dejavu-core nodejs libxml2-utils e2fsprogs util-linux libfuse3-dev fuse3
            lintian man-db bash-completion)
elif [[ $what != build ]]; then
  echo "install-deps.sh: unknown set '$what' (use build or test)" >&2
  exit 2
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) != 0 ]]; then
  echo "install-deps.sh: missing packages (${missing[*]}); run as root or install them" >&2
  exit 1
fi
echo "install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Packages with services (postgresql, prometheus) must not start them: we only use their binaries.
printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d.raidbench
chmod +x /usr/sbin/policy-rc.d.raidbench
created_policy=0
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  mv /usr/sbin/policy-rc.d.raidbench /usr/sbin/policy-rc.d
  created_policy=1
else
  rm -f /usr/sbin/policy-rc.d.raidbench
fi
trap '((created_policy)) && rm -f /usr/sbin/policy-rc.d' EXIT
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
