#pragma once
/// What rb-durable says about the machine under test: its boot id (the kernel's
/// /proc/sys/kernel/random/boot_id, new at every boot, so a verify knows whether the machine went
/// through a restart since the writes) and the name a run gets by default.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace raidbench::durability {

/// This boot's id, or "0" where the kernel does not say (then no restart can be told).
inline std::string boot_id() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  if (!std::getline(in, id) || id.empty() || id.size() > 64) return "0";
  return id;
}

/// The run's default name: this host and the target's absolute path ("db1:/srv/durable.dat").
inline std::string default_run_name(const std::filesystem::path& target) {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(target, ec);
  return std::string(host[0] ? host : "localhost") + ":" + (ec ? target : absolute).lexically_normal().string();
}

}  // namespace raidbench::durability
