#pragma once
// The device use check's definitions (see core/linkage.hpp): included by device_use.hpp when
// header-only, compiled once in raidbench_compiled otherwise.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "raidbench/context/device_use.hpp"
#include "raidbench/context/filesystem.hpp"
#include "raidbench/context/sysfs_text.hpp"

namespace raidbench {

namespace detail {

/// A "major:minor" file of /sys.
inline std::optional<dev_t> read_device_number(const std::filesystem::path& file) {
  const auto line = read_first_line(file);
  unsigned ma = 0, mi = 0;
  if (!line || std::sscanf(line->c_str(), "%u:%u", &ma, &mi) != 2) return std::nullopt;
  return makedev(ma, mi);
}

inline std::vector<std::string> entry_names(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline block_link_node* node_of(block_links& links, dev_t device) {
  const auto it = std::find_if(links.nodes.begin(), links.nodes.end(), [&](const block_link_node& n) { return n.device == device; });
  return it == links.nodes.end() ? nullptr : &*it;
}

/// What `path` names (a device node or a regular file), following links; nothing for a path that
/// does not resolve here (a deleted file, another mount namespace's).
inline std::optional<struct stat> status_of(std::string path) {
  if (path.ends_with(" (deleted)")) return std::nullopt;
  struct stat st {};
  if (path.empty() || path.front() != '/' || ::stat(path.c_str(), &st) != 0) return std::nullopt;
  return st;
}

}  // namespace detail

RAIDBENCH_API block_links read_block_links(const std::filesystem::path& sys, const std::filesystem::path& proc) {
  namespace fs = std::filesystem;
  block_links out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(sys / "class/block", ec)) {
    const fs::path dir = fs::canonical(entry.path(), ec);
    const auto device = ec ? std::nullopt : detail::read_device_number(dir / "dev");
    if (!device) continue;
    block_link_node n;
    n.name = entry.path().filename().string();
    n.device = *device;
    if (fs::exists(dir / "partition", ec)) n.disk = dir.parent_path().filename().string();
    n.holders = detail::entry_names(dir / "holders");
    n.slaves = detail::entry_names(dir / "slaves");
    const auto uuid = detail::read_first_line(dir / "dm/uuid");
    n.maps_part_of_slaves = uuid && (uuid->starts_with("LVM-") || uuid->starts_with("part"));
    if (const auto backing = detail::read_first_line(dir / "loop/backing_file"))
      if (const auto st = detail::status_of(*backing)) {
        if (S_ISBLK(st->st_mode)) n.backing_device = st->st_rdev;
        else if (S_ISREG(st->st_mode)) n.backing_file = file_identity::of(*st);
      }
    out.nodes.push_back(std::move(n));
  }
  // A mount is on its device number, or, where that is anonymous (btrfs), on the device its source names.
  std::ifstream mountinfo(proc / "self/mountinfo");
  for (std::string line; std::getline(mountinfo, line);) {
    const auto e = detail::parse_mountinfo_line(line);
    if (!e) continue;
    block_link_node* on = detail::node_of(out, makedev(e->major, e->minor));
    if (!on && e->source.starts_with("/dev/"))
      if (const auto st = detail::status_of(e->source); st && S_ISBLK(st->st_mode)) on = detail::node_of(out, st->st_rdev);
    if (on) on->mount_points.push_back(e->mount_point);
  }
  // A mounted btrfs filesystem lists every device it spans; its mountinfo line names only one.
  for (const auto& fs_dir : fs::directory_iterator(sys / "fs/btrfs", ec)) {
    std::vector<block_link_node*> members;
    std::string where;
    for (const auto& name : detail::entry_names(fs_dir.path() / "devices")) {
      const auto it = std::find_if(out.nodes.begin(), out.nodes.end(), [&](const block_link_node& n) { return n.name == name; });
      if (it == out.nodes.end()) continue;
      members.push_back(&*it);
      if (where.empty() && !it->mount_points.empty()) where = it->mount_points.front();
    }
    if (where.empty()) where = fmt::format("the mount point of btrfs filesystem {}", fs_dir.path().filename().string());
    for (auto* m : members)
      if (m->mount_points.empty()) m->mount_points.push_back(where);
  }
  // /proc/swaps: a header, then one area per line, its path escaped as mountinfo's.
  std::ifstream swaps(proc / "swaps");
  std::string line;
  std::getline(swaps, line);
  while (std::getline(swaps, line)) {
    const auto st = detail::status_of(detail::unescape_mount_field(line.substr(0, line.find_first_of(" \t"))));
    if (!st) continue;
    if (S_ISBLK(st->st_mode)) {
      if (auto* n = detail::node_of(out, st->st_rdev)) n->swap = true;
    } else if (S_ISREG(st->st_mode)) {
      out.swap_files.push_back(file_identity::of(*st));
    }
  }
  return out;
}

RAIDBENCH_API std::optional<std::string> device_in_use(dev_t device, const block_links& links) {
  const auto& nodes = links.nodes;
  const auto named = [&](std::string_view name) -> const block_link_node* {
    const auto it = std::find_if(nodes.begin(), nodes.end(), [&](const block_link_node& n) { return n.name == name; });
    return it == nodes.end() ? nullptr : &*it;
  };
  const auto numbered = [&](dev_t d) -> const block_link_node* {
    const auto it = std::find_if(nodes.begin(), nodes.end(), [&](const block_link_node& n) { return n.device == d; });
    return it == nodes.end() ? nullptr : &*it;
  };
  // Breadth first, so the chain named is a shortest one. `whole`: every byte of the device may
  // change; otherwise only a part of it does (a partition's disk, a logical volume's physical
  // volume), which leaves its partitions and its other logical volumes as they are.
  struct reached {
    const block_link_node* node;
    bool whole;
    std::string chain;
  };
  const block_link_node* top = numbered(device);
  if (top == nullptr) return std::nullopt;
  std::vector<reached> queue{{top, true, top->name}};
  std::map<std::string, bool> seen;  // each device's name, and whether it was reached whole
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const reached r = queue[i];
    const block_link_node& n = *r.node;
    if (const auto it = seen.find(n.name); it != seen.end() && (it->second || !r.whole)) continue;
    seen[n.name] = r.whole;
    if (!n.mount_points.empty()) return fmt::format("{} → mounted at {}", r.chain, n.mount_points.front());
    if (n.swap) return fmt::format("{} → an active swap area", r.chain);
    const auto next = [&](const block_link_node* m, bool whole, std::string_view how) {
      if (m != nullptr) queue.push_back({m, whole, fmt::format("{} → {} ({})", r.chain, m->name, how)});
    };
    // What sees this device's data: what is built on it, loop devices over its node, its partitions.
    for (const auto& h : n.holders)
      if (const auto* m = named(h); m && (r.whole || !m->maps_part_of_slaves)) next(m, true, "built on it");
    for (const auto& l : nodes)
      if (l.backing_device == n.device) next(&l, true, "a loop device over it");
    if (r.whole)
      for (const auto& p : nodes)
        if (p.disk == n.name) next(&p, true, "a partition of it");
    // What writing it writes to: what it is built on.
    for (const auto& s : n.slaves) next(named(s), r.whole && !n.maps_part_of_slaves, "under it");
    if (!n.disk.empty()) next(named(n.disk), false, "its disk");
    if (n.backing_device) next(numbered(*n.backing_device), true, "behind it");
    if (n.backing_file) {
      if (std::find(links.swap_files.begin(), links.swap_files.end(), *n.backing_file) != links.swap_files.end())
        return fmt::format("{} → its backing file, an active swap file", r.chain);
      for (const auto& l : nodes)
        if (&l != &n && l.backing_file == n.backing_file) next(&l, true, "a loop device over the same file");
    }
  }
  return std::nullopt;
}

}  // namespace raidbench
