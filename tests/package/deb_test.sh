#!/usr/bin/env bash
# tests/package/deb_test.sh BUILD_DIR SOURCE_DIR DEB_DIR COMPILER
# The packages package.build_deb made (raidbench, raidbench-dev), checked as a user meets them:
#  - their fields: the runtime package depends on no -dev package, the -dev one on the libraries'
#  - every tool the build made is in the runtime package, with its man page and bash completion
#  - lintian: no error and no warning (what remains is overridden, with the reason, in packaging/)
#  - as root: installed with dpkg -i, every tool runs --version, its man page renders and lists the
#    options --help lists, completion completes an option, a project builds against raidbench-dev;
#    then purged, on every exit path, and none of the packages' files is left
# Not root: the same from the unpacked packages, without dpkg -i.
set -euo pipefail
build_dir=$1 source_dir=$2 deb_dir=$3 compiler=$4
fail() { echo "FAIL: $*" >&2; exit 1; }

runtime=$(ls "$deb_dir"/raidbench_*.deb) || fail "no raidbench_*.deb in $deb_dir (package.build_deb)"
dev=$(ls "$deb_dir"/raidbench-dev_*.deb) || fail "no raidbench-dev_*.deb in $deb_dir (package.build_deb)"
work=$(mktemp -d /tmp/raidbench-deb.XXXXXX)
installed=0
cleanup() {
  [[ -z ${lintian_pid:-} ]] || kill "$lintian_pid" 2>/dev/null || true
  if ((installed)); then dpkg --purge raidbench raidbench-dev >/dev/null || echo "dpkg --purge failed" >&2; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The fields.
depends=$(dpkg-deb --field "$runtime" Depends)
echo "raidbench Depends: $depends"
[[ $depends == *libfmt* && $depends == *liburing* && $depends == *libc6* ]] || fail "raidbench's Depends lack the runtime libraries"
[[ $depends != *-dev* ]] || fail "raidbench depends on a -dev package: $depends"
dev_depends=$(dpkg-deb --field "$dev" Depends)
for needed in libboost-dev libfmt-dev nlohmann-json3-dev liburing-dev libcli11-dev; do
  [[ $dev_depends == *"$needed"* ]] || fail "raidbench-dev's Depends lack $needed: $dev_depends"
done
[[ $(dpkg-deb --field "$dev" Architecture) == all ]] || fail "raidbench-dev is not Architecture: all"

# Every tool the build made, in the runtime package with its man page and completion.
dpkg-deb -c "$runtime" | awk '{print $6}' | sed 's|^\./|/|' > "$work/runtime.list"
dpkg-deb -c "$dev" | awk '{print $6}' | sed 's|^\./|/|' > "$work/dev.list"
mapfile -t tools < <(find "$build_dir/examples/tools" -mindepth 2 -maxdepth 2 -type f -perm -u+x -printf '%f\n' | sort)
((${#tools[@]} >= 7)) || fail "found only ${#tools[@]} built tools under $build_dir/examples/tools: ${tools[*]}"
echo "built tools: ${tools[*]}"
for tool in "${tools[@]}"; do
  for file in /usr/bin/$tool /usr/share/man/man1/$tool.1.gz /usr/share/bash-completion/completions/$tool; do
    grep -qx "$file" "$work/runtime.list" || fail "raidbench lacks $file"
  done
done
for file in /usr/share/doc/raidbench/copyright /usr/share/doc/raidbench/changelog.gz /usr/share/raidbench/raidbench-alerts.yml; do
  grep -qx "$file" "$work/runtime.list" || fail "raidbench lacks $file"
done
for file in /usr/include/raidbench/raidbench.hpp /usr/share/cmake/raidbench/raidbenchConfig.cmake \
            /usr/share/doc/raidbench-dev/copyright /usr/share/doc/raidbench-dev/changelog.gz; do
  grep -qx "$file" "$work/dev.list" || fail "raidbench-dev lacks $file"
done
! grep -q '^/usr/include/' "$work/runtime.list" || fail "raidbench holds headers"

# lintian, both packages: any error or warning fails (packaging/*.lintian-overrides hold the rest).
# It reads only the .deb files: it runs while the rest is checked, and is waited for at the end.
lintian --fail-on error,warning --display-level '>=warning' --info "$runtime" "$dev" > "$work/lintian.log" 2>&1 &
lintian_pid=$!

# Where the packages are: installed (as root), or unpacked.
if [[ $(id -u) == 0 ]] && ! dpkg-query -W -f='${Status}' raidbench raidbench-dev 2>/dev/null | grep -q installed; then
  installed=1
  dpkg -i "$runtime" "$dev" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i"; }
  root=""
else
  echo "not root, or raidbench installed already: checked unpacked, without dpkg -i"
  dpkg-deb -x "$runtime" "$work/root"
  dpkg-deb -x "$dev" "$work/root"
  root=$work/root
fi

for tool in "${tools[@]}"; do
  "$root/usr/bin/$tool" --version > "$work/version" 2>&1 || fail "$tool --version"
  head -1 "$work/version"
  # The page renders, and it is the tool's --help: every long option --help lists is in it.
  LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$root/usr/share/man/man1/$tool.1.gz" > "$work/man.txt" 2>"$work/man.err" || fail "man -l $tool.1.gz"
  [[ ! -s $work/man.err ]] || fail "man -l $tool.1.gz warns: $(cat "$work/man.err")"
  "$root/usr/bin/$tool" --help 2>&1 | grep -o -- '--[a-z][a-z0-9-]*' | sort -u > "$work/options" || true
  while read -r option; do
    grep -q -- "$option" "$work/man.txt" || fail "$tool's man page lacks $option, which its --help lists"
  done < "$work/options"
done
if ((installed)); then
  man -w rb-compare > /dev/null || fail "man rb-compare finds no page"
fi

# Completion: bash-completion's loader finds the tool's file, which completes an option.
completion=$(PATH="$root/usr/bin:$PATH" bash -c '
  source /usr/share/bash-completion/bash_completion
  source "$1/usr/share/bash-completion/completions/rb-run"
  COMP_WORDS=(rb-run --no-pro) COMP_CWORD=1 COMP_LINE="rb-run --no-pro" COMP_POINT=15
  _raidbench_tools rb-run --no-pro rb-run
  echo "${COMPREPLY[*]}"' bash "$root")
[[ $completion == *--no-progress* ]] || fail "completing 'rb-run --no-pro' gave '$completion'"

# The tools do their work from the package.
"$root/usr/bin/rb-ctrl" "$source_dir/tests/fixtures/seed-outputs/megacli-adpbbucmd-perc-h730-excerpt.txt" > /dev/null
"$root/usr/bin/rb-fileio" --file-num=1 --file-total-size=1M --file-test-mode=seqwr --events=10 --time=0 help > /dev/null

# A project built against raidbench-dev (one small translation unit: tests/cmake/ builds the whole
# library header-only).
cmake -S "$source_dir/tests/package/consumer" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" \
  "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Werror" ${root:+"-DCMAKE_PREFIX_PATH=$root/usr"} > "$work/consumer.log" 2>&1 ||
  { cat "$work/consumer.log"; fail "the consumer's configure"; }
cmake --build "$work/build" >> "$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "the consumer's build"; }
[[ $("$work/build/consumer") == "4 KiB" ]] || fail "the consumer's output"
if ((installed)); then
  grep -q "/usr/share/cmake/raidbench" "$work/build/CMakeCache.txt" || fail "the consumer did not find the installed package"
fi

# Purged: none of the packages' files or directories of their own is left.
if ((installed)); then
  installed=0
  dpkg --purge raidbench raidbench-dev > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg --purge"; }
  while read -r path; do
    [[ $path == */ && $path != *raidbench* ]] && continue  # /usr/bin/ and the like are not theirs
    [[ ! -e $path && ! -L $path ]] || fail "$path is left after dpkg --purge"
  done < <(cat "$work/runtime.list" "$work/dev.list")
  echo "installed, run and purged: nothing left"
fi
lintian_status=0
wait "$lintian_pid" || lintian_status=$?
lintian_pid=""
((lintian_status == 0)) || { cat "$work/lintian.log"; fail "lintian"; }
echo "lintian: no errors or warnings in raidbench and raidbench-dev"
echo "ok"
