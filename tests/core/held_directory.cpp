#include "raidbench/core/held_directory.hpp"

#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>

#include <filesystem>
#include <fstream>
#include <string>

#include "../support/slurp.hpp"
#include "../support/temp_dir.hpp"

using namespace raidbench;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(held_directory_test)

namespace {

held_directory hold(const fs::path& p, named_by who) {
  auto h = held_directory::open_or_create(p, who);
  BOOST_TEST_REQUIRE(h.has_value(), (h ? "" : h.message()));
  return std::move(*h);
}

void write_through(held_directory& d, const std::string& name, const std::string& text) {
  auto f = d.create_or_open_own(name, O_WRONLY);
  BOOST_TEST_REQUIRE(f.has_value(), (f ? "" : f.message()));
  BOOST_TEST_REQUIRE(::write(f->fd.get(), text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_directory_swapped_for_a_link_keeps_every_file_operation_in_the_held_one) {
  test::temp_dir dir;
  fs::create_directory(dir / "decoy");
  std::ofstream(dir / "decoy" / "a") << "root's a\n";
  std::ofstream(dir / "decoy" / "b") << "root's b\n";
  held_directory d = hold(dir / "scratch", named_by::tool);
  BOOST_TEST(d.created());
  write_through(d, "a", "ours\n");
  // The directory goes, a link to the decoy takes its name: the held descriptor still means the first.
  fs::rename(dir / "scratch", dir / "moved");
  fs::create_symlink("decoy", dir / "scratch");
  write_through(d, "b", "ours too\n");
  BOOST_TEST(d.owns("a"));
  d.remove_created();
  BOOST_TEST(test::slurp(dir / "decoy" / "a") == "root's a\n");
  BOOST_TEST(test::slurp(dir / "decoy" / "b") == "root's b\n");
  BOOST_TEST(fs::is_empty(dir / "moved"));  // its files removed; itself kept: its name now leads elsewhere
  BOOST_TEST(fs::is_symlink(dir / "scratch"));
}

BOOST_AUTO_TEST_CASE(a_file_put_under_a_recorded_name_by_someone_else_is_never_removed) {
  test::temp_dir dir;
  held_directory d = hold(dir.path(), named_by::user);
  BOOST_TEST(!d.created());
  write_through(d, "rndrw.5", "ours\n");
  fs::remove(dir / "rndrw.5");
  // The filesystem may give the new file the inode number ours had: its owner tells them apart.
  std::ofstream(dir / "rndrw.5") << "another user's\n";
  BOOST_TEST_REQUIRE(::chown((dir / "rndrw.5").c_str(), 65534, 65534) == 0);
  BOOST_TEST(!d.owns("rndrw.5"));
  BOOST_TEST(!d.remove("rndrw.5"));
  d.remove_created();
  BOOST_TEST(test::slurp(dir / "rndrw.5") == "another user's\n");
  // A name never created here is not the tool's either.
  std::ofstream(dir / "claimed") << "x";
  BOOST_TEST(!d.remove("claimed"));
  BOOST_TEST(fs::exists(dir / "claimed"));
}

BOOST_AUTO_TEST_CASE(a_link_is_followed_only_where_the_user_named_it) {
  test::temp_dir dir;
  fs::create_directory(dir / "real");
  fs::create_symlink("real", dir / "link");
  auto planted = held_directory::open_or_create(dir / "link", named_by::tool);
  BOOST_TEST_REQUIRE(!planted);
  BOOST_TEST(planted.message() == (dir / "link").string() +
                                      " is a symbolic link; raidbench follows a link to its directory only when the user "
                                      "names the directory");
  BOOST_TEST(!held_directory::open(dir / "link", named_by::tool));
  held_directory named = hold(dir / "link", named_by::user);
  BOOST_TEST(!named.created());
  write_through(named, "f", "x");
  BOOST_TEST(fs::exists(dir / "real" / "f"));
  named.remove_created();
  BOOST_TEST(fs::is_empty(dir / "real"));
  BOOST_TEST(fs::is_directory(dir / "real"));

  std::ofstream(dir / "file") << "x";
  auto not_dir = held_directory::open_or_create(dir / "file", named_by::user);
  BOOST_TEST_REQUIRE(!not_dir);
  BOOST_TEST(not_dir.message() == (dir / "file").string() + ": not a directory");
  auto missing = held_directory::open_or_create(dir / "absent" / "x", named_by::user);
  BOOST_TEST_REQUIRE(!missing);
  BOOST_TEST(missing.message() == "create " + (dir / "absent" / "x").string() + ": No such file or directory");
}

BOOST_AUTO_TEST_CASE(links_hard_links_and_other_names_are_refused_for_writing) {
  test::temp_dir dir;
  fs::create_directory(dir / "d");
  std::ofstream(dir / "outside") << "keep\n";
  fs::create_symlink("../outside", dir / "d" / "soft");
  fs::create_hard_link(dir / "outside", dir / "d" / "hard");
  held_directory d = hold(dir / "d", named_by::user);
  const std::string in = (dir / "d").string() + "/";

  auto soft = d.create_or_open_own("soft", O_WRONLY);
  BOOST_TEST_REQUIRE(!soft);
  BOOST_TEST(soft.message() == in + "soft is a symbolic link; raidbench does not write through links");
  auto soft_read = d.open_regular("soft", 0);
  BOOST_TEST_REQUIRE(!soft_read);
  BOOST_TEST(soft_read.message() == in + "soft is a symbolic link; raidbench opens no file through a link");

  auto hard = d.create_or_open_own("hard", O_WRONLY);
  BOOST_TEST_REQUIRE(!hard);
  BOOST_TEST(hard.message() == in + "hard has 2 hard links; raidbench does not write to a file that has other names");
  BOOST_TEST(!d.adopt("hard"));
  BOOST_TEST(d.open_regular("hard", 0).has_value());  // reading one is harmless

  for (const char* bad : {"", ".", "..", "../outside", "a/b"}) {
    auto r = d.create_or_open_own(bad, O_WRONLY);
    BOOST_TEST_REQUIRE(!r, bad);
    BOOST_TEST(r.message().find("is not a file name in") != std::string::npos, r.message());
  }
  BOOST_TEST(test::slurp(dir / "outside") == "keep\n");
}

BOOST_AUTO_TEST_CASE(an_adopted_file_is_removed_as_the_tools_own) {
  test::temp_dir dir;
  std::ofstream(dir / "pg_test_fsync.out") << "an earlier run's\n";
  held_directory d = hold(dir.path(), named_by::user);
  BOOST_TEST(!d.owns("pg_test_fsync.out"));
  BOOST_TEST_REQUIRE(d.adopt("pg_test_fsync.out").has_value());
  BOOST_TEST(d.owns("pg_test_fsync.out"));
  BOOST_TEST(d.remove("pg_test_fsync.out"));
  BOOST_TEST(!fs::exists(dir / "pg_test_fsync.out"));
  auto missing = d.status("pg_test_fsync.out");
  BOOST_TEST_REQUIRE(!missing);
  BOOST_TEST(missing.err().errnum == ENOENT);
}

// Where the kernel lacks openat2 (before 5.6), or a seccomp filter hides it (ENOSYS), files are
// opened with openat and O_NOFOLLOW, to the same effect. Tried in a child that filters the call.
BOOST_AUTO_TEST_CASE(without_openat2_the_same_files_are_reached_and_the_same_links_refused) {
  test::temp_dir dir;
  std::ofstream(dir / "outside") << "keep\n";
  fs::create_symlink("outside", dir / "soft");
  const pid_t child = ::fork();
  BOOST_TEST_REQUIRE(child >= 0);
  if (child == 0) {
    sock_filter hide_openat2[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat2, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    sock_fprog program{static_cast<unsigned short>(std::size(hide_openat2)), hide_openat2};
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) ::_exit(10);
    if (::syscall(SYS_openat2, AT_FDCWD, ".", nullptr, 0) != -1 || errno != ENOSYS) ::_exit(11);
    auto d = held_directory::open(dir.path());
    if (!d) ::_exit(12);
    auto created = d->create_or_open_own("new", O_WRONLY);
    if (!created || !created->created) ::_exit(13);
    auto soft = d->create_or_open_own("soft", O_WRONLY);
    if (soft || soft.message().find("is a symbolic link") == std::string::npos) ::_exit(14);
    if (d->open_regular("soft", 0)) ::_exit(15);
    if (!d->remove("new")) ::_exit(16);
    ::_exit(0);
  }
  int status = 0;
  BOOST_TEST_REQUIRE(::waitpid(child, &status, 0) == child);
  BOOST_TEST(WIFEXITED(status));
  BOOST_TEST(WEXITSTATUS(status) == 0, "the child stopped at check " << WEXITSTATUS(status));
  BOOST_TEST(!fs::exists(dir / "new"));
  BOOST_TEST(test::slurp(dir / "outside") == "keep\n");
}

BOOST_AUTO_TEST_SUITE_END()
