// Kernel release, RAM and CPU from fake /proc files, and from the real ones.
#include <sys/utsname.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

#include "../support/temp_dir.hpp"
#include "fake_tree.hpp"
#include "raidbench/context/cpu.hpp"
#include "raidbench/context/kernel.hpp"
#include "raidbench/context/memory.hpp"

using namespace raidbench;
using namespace raidbench::test;

BOOST_AUTO_TEST_SUITE(machine_test)

BOOST_AUTO_TEST_CASE(fake_proc_files) {
  temp_dir root;
  put(root / "proc/sys/kernel/osrelease", "3.2.0-4-amd64\n");
  put(root / "proc/meminfo", "MemTotal:       16384000 kB\nMemFree:  1 kB\n");
  put(root / "proc/cpuinfo",
      "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) CPU E5-2620 0 @ 2.00GHz\n\n"
      "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) CPU E5-2620 0 @ 2.00GHz\n");
  BOOST_TEST((kernel_release(root.path()) == std::optional<std::string>("3.2.0-4-amd64")));
  BOOST_TEST((ram_bytes(root.path()) == std::optional<std::uint64_t>(16384000ull * 1024)));
  const cpu_info cpu = read_cpu_info(root.path());
  BOOST_TEST((cpu.model == std::optional<std::string>("Intel(R) Xeon(R) CPU E5-2620 0 @ 2.00GHz")));
  BOOST_TEST((cpu.logical_cpus == std::optional<unsigned>(2)));
}

BOOST_AUTO_TEST_CASE(missing_or_garbled_proc_files_are_unknown) {
  temp_dir root;
  BOOST_TEST(!kernel_release(root.path()).has_value());  // no uname fallback on a fake root
  BOOST_TEST(!ram_bytes(root.path()).has_value());
  BOOST_TEST((read_cpu_info(root.path()) == cpu_info{}));
  put(root / "proc/meminfo", "MemTotal: lots\n");
  BOOST_TEST(!ram_bytes(root.path()).has_value());
}

BOOST_AUTO_TEST_CASE(real_proc_agrees_with_uname_and_sysconf) {
  struct utsname u {};
  BOOST_TEST_REQUIRE(::uname(&u) == 0);
  BOOST_TEST((kernel_release() == std::optional<std::string>(u.release)));
  const auto ram = ram_bytes();
  BOOST_TEST_REQUIRE(ram.has_value());
  BOOST_TEST(*ram == static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE)));
  const cpu_info cpu = read_cpu_info();
  BOOST_TEST((cpu.logical_cpus == std::optional<unsigned>(static_cast<unsigned>(::sysconf(_SC_NPROCESSORS_CONF)))));
}

BOOST_AUTO_TEST_SUITE_END()
