#pragma once
// Mounts raidbench_lying_fs (lying_fs.cpp) for a test: a filesystem that acknowledges every flush
// and keeps data only in its daemon's memory. power_cut() kills the daemon and detaches the mount;
// mount() starts a new one on the same mount point (empty, or with the names and sizes of before
// when a metadata file is kept). For verification and durability tests alike.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace raidbench::test {

class lying_fs {
 public:
  /// Mounts the daemon at `mountpoint` (created if missing); with `metadata`, names and sizes survive its power cuts.
  lying_fs(std::filesystem::path daemon, std::filesystem::path mountpoint, std::filesystem::path metadata = {})
      : daemon_(std::move(daemon)), mountpoint_(std::move(mountpoint)), metadata_(std::move(metadata)) {
    std::filesystem::create_directories(mountpoint_);
    mount();
  }
  lying_fs(const lying_fs&) = delete;
  lying_fs& operator=(const lying_fs&) = delete;
  ~lying_fs() { power_cut(); }

  const std::filesystem::path& path() const { return mountpoint_; }

  /// Starts the daemon and waits until its filesystem is the one at the mount point.
  void mount() {
    std::vector<std::string> args{daemon_.string(), mountpoint_.string()};
    if (!metadata_.empty()) {
      args.push_back("--metadata");
      args.push_back(metadata_.string());
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // Its output to /dev/null: a daemon left behind must not hold the test's output open.
    posix_spawn_file_actions_t quiet;
    ::posix_spawn_file_actions_init(&quiet);
    ::posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0);
    const int spawned = ::posix_spawn(&pid_, argv[0], &quiet, nullptr, argv.data(), environ);
    ::posix_spawn_file_actions_destroy(&quiet);
    if (spawned != 0) throw std::runtime_error("cannot start " + args[0]);
    struct stat parent {};
    ::stat(mountpoint_.parent_path().c_str(), &parent);
    for (int i = 0; i < 500; ++i) {  // up to 5 s
      struct stat st {};
      if (::stat(mountpoint_.c_str(), &st) == 0 && st.st_dev != parent.st_dev) return;
      int status;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("raidbench_lying_fs exited before mounting (is /dev/fuse usable?)");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    power_cut();
    throw std::runtime_error("raidbench_lying_fs did not mount within 5 s");
  }

  /// The power cut: the daemon is killed, with all the data it held, and the dead mount detached.
  void power_cut() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    ::umount2(mountpoint_.c_str(), MNT_DETACH);
  }

 private:
  std::filesystem::path daemon_, mountpoint_, metadata_;
  pid_t pid_ = -1;
};

}  // namespace raidbench::test
