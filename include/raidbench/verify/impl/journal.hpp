#pragma once
// The journal's reading and writing (see core/linkage.hpp).
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "raidbench/core/clock.hpp"
#include "raidbench/core/crc32c.hpp"
#include "raidbench/core/held_directory.hpp"
#include "raidbench/core/system_error.hpp"
#include "raidbench/run/sync_io.hpp"
#include "raidbench/verify/journal.hpp"

namespace raidbench::verify {

namespace journal_format {
inline constexpr char magic[8] = {'R', 'B', 'J', 'R', 'N', 'L', '0', '1'};
inline constexpr std::uint32_t version = 1;
// Header fields (docs/verify.md).
inline constexpr std::size_t at_version = 8, at_header_bytes = 12, at_run = 16, at_block = 24, at_file_size = 32,
                             at_files = 40, at_payload = 44, at_created = 48, at_names_bytes = 56, at_checksum = 60,
                             at_names = 64;

/// A map sector's checksum: CRC-32C of its bytes after the checksum, tied to the run, so a sector
/// of another journal never passes.
inline std::uint32_t sector_checksum(const std::byte* sector, std::uint64_t run) {
  return crc32c(sector + 4, journal_sector - 4) ^ static_cast<std::uint32_t>(detail::mix64(run));
}

inline void fill_sector(std::byte* out, std::uint64_t index, const std::vector<std::uint32_t>& generations, std::uint64_t run) {
  std::memset(out, 0, journal_sector);
  detail::put<std::uint32_t>(out + 4, static_cast<std::uint32_t>(index));
  const std::uint64_t first = index * journal_entries_per_sector;
  for (std::uint64_t i = 0; i < journal_entries_per_sector && first + i < generations.size(); ++i)
    detail::put<std::uint32_t>(out + 8 + 4 * i, generations[first + i]);
  detail::put<std::uint32_t>(out, sector_checksum(out, run));
}

inline expected<void> write_all(int fd, const std::byte* data, std::size_t n, std::uint64_t offset, const std::string& name) {
  if (raidbench::detail::pwrite_all(fd, data, n, offset) < 0) return system_failure("write", name, errno);
  return {};
}

// fsync(2) needs a descriptor opened for reading; the held one is O_PATH.
inline expected<void> sync_directory(const held_directory& dir) {
  file_descriptor d(::openat(dir.fd(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!d) return system_failure("open", dir.path().string(), errno);
  if (::fsync(d.get()) != 0) return system_failure("fsync", dir.path().string(), errno);
  return {};
}
}  // namespace journal_format

RAIDBENCH_API expected<journal> journal::create(const std::filesystem::path& path, journal_layout layout) {
  using namespace journal_format;
  const std::string name = path.string();
  // Every step below (the temporary file, the rename, the directory's sync) works relative to the
  // journal's directory held open once, so a directory swapped for a link meanwhile leads nowhere.
  auto dir = held_directory::open(path.parent_path());
  if (!dir) return dir.err();
  const std::string leaf = path.filename().string();
  if (dir->status(leaf)) return fail(fmt::format("journal {} already exists", name));
  std::string names;
  for (const auto& f : layout.files) (names += f) += '\0';
  const std::size_t header_bytes = (at_names + names.size() + journal_header_unit - 1) / journal_header_unit * journal_header_unit;
  std::vector<std::byte> header(header_bytes);
  std::memcpy(header.data(), magic, 8);
  detail::put<std::uint32_t>(&header[at_version], version);
  detail::put<std::uint32_t>(&header[at_header_bytes], static_cast<std::uint32_t>(header_bytes));
  detail::put<std::uint64_t>(&header[at_run], layout.run);
  detail::put<std::uint64_t>(&header[at_block], layout.block_size);
  detail::put<std::uint64_t>(&header[at_file_size], layout.file_size);
  detail::put<std::uint32_t>(&header[at_files], static_cast<std::uint32_t>(layout.files.size()));
  header[at_payload] = static_cast<std::byte>(layout.data);
  detail::put<std::uint64_t>(&header[at_created], static_cast<std::uint64_t>(std::time(nullptr)));
  detail::put<std::uint32_t>(&header[at_names_bytes], static_cast<std::uint32_t>(names.size()));
  std::memcpy(&header[at_names], names.data(), names.size());
  detail::put<std::uint32_t>(&header[at_checksum], crc32c(header.data(), header.size()));

  auto s = std::make_unique<state>();
  s->path = path;
  s->layout = std::move(layout);
  s->map_start = header_bytes;
  const std::uint64_t blocks = s->layout.blocks_per_file() * s->layout.files.size();
  s->generations.assign(blocks, 0);
  const std::uint64_t sectors = (blocks + journal_entries_per_sector - 1) / journal_entries_per_sector;
  s->torn.assign(sectors, false);
  s->is_dirty.assign(sectors, false);

  // Written in full under a temporary name, durable, then renamed: a crash leaves no half journal.
  const std::string temporary_leaf = leaf + ".new";
  const std::string temporary = dir->shown(temporary_leaf);
  file_descriptor fd(::openat(dir->fd(), temporary_leaf.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!fd) return system_failure("create", temporary, errno);
  const auto abandon = [&](error e) {
    ::unlinkat(dir->fd(), temporary_leaf.c_str(), 0);
    return e;
  };
  if (auto ok = write_all(fd.get(), header.data(), header.size(), 0, temporary); !ok) return abandon(ok.err());
  std::vector<std::byte> chunk(journal_sector * 256);
  for (std::uint64_t first = 0; first < sectors; first += 256) {
    const std::uint64_t n = std::min<std::uint64_t>(256, sectors - first);
    for (std::uint64_t i = 0; i < n; ++i) fill_sector(&chunk[i * journal_sector], first + i, s->generations, s->layout.run);
    if (auto ok = write_all(fd.get(), chunk.data(), n * journal_sector, header_bytes + first * journal_sector, temporary); !ok)
      return abandon(ok.err());
  }
  if (::fdatasync(fd.get()) != 0) return abandon(system_failure("fdatasync", temporary, errno));
  if (::renameat2(dir->fd(), temporary_leaf.c_str(), dir->fd(), leaf.c_str(), RENAME_NOREPLACE) != 0)
    return abandon(system_failure("rename", name, errno));
  if (auto ok = sync_directory(*dir); !ok) return ok.err();
  s->fd = std::move(fd);
  journal j;
  j.s_ = std::move(s);
  return j;
}

RAIDBENCH_API expected<journal> journal::open(const std::filesystem::path& path) {
  using namespace journal_format;
  const std::string name = path.string();
  file_descriptor fd(::open(name.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno == ENOENT) return fail(fmt::format("no journal at {}: nothing records what a verified run wrote there", name));
    return system_failure("open", name, errno);
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return system_failure("stat", name, errno);
  if (!S_ISREG(st.st_mode)) return fail(fmt::format("journal {} is not a regular file", name));
  const auto not_journal = [&](std::string_view why) { return fail(fmt::format("{} is not a raidbench journal ({})", name, why)); };
  std::vector<std::byte> first(journal_header_unit);
  const long got = raidbench::detail::pread_all(fd.get(), first.data(), first.size(), 0);
  if (got < 0) return system_failure("read", name, errno);
  if (static_cast<std::size_t>(got) < at_names || std::memcmp(first.data(), magic, 8) != 0) return not_journal("no journal header");
  if (detail::get<std::uint32_t>(&first[at_version]) != version)
    return not_journal(fmt::format("format version {}, this raidbench reads {}", detail::get<std::uint32_t>(&first[at_version]), version));
  const std::uint32_t header_bytes = detail::get<std::uint32_t>(&first[at_header_bytes]);
  const std::uint32_t names_bytes = detail::get<std::uint32_t>(&first[at_names_bytes]);
  if (header_bytes % journal_header_unit != 0 || header_bytes < at_names + std::uint64_t{names_bytes} ||
      header_bytes > static_cast<std::uint64_t>(st.st_size))
    return not_journal("a header of an impossible size");
  std::vector<std::byte> header(header_bytes);
  if (raidbench::detail::pread_all(fd.get(), header.data(), header.size(), 0) != static_cast<long>(header.size()))
    return system_failure("read", name, errno);
  const std::uint32_t stored = detail::get<std::uint32_t>(&header[at_checksum]);
  detail::put<std::uint32_t>(&header[at_checksum], 0);
  if (crc32c(header.data(), header.size()) != stored) return not_journal("its header's checksum does not match");

  auto s = std::make_unique<state>();
  s->path = path;
  journal_layout& l = s->layout;
  l.run = detail::get<std::uint64_t>(&header[at_run]);
  l.block_size = detail::get<std::uint64_t>(&header[at_block]);
  l.file_size = detail::get<std::uint64_t>(&header[at_file_size]);
  const std::uint32_t files = detail::get<std::uint32_t>(&header[at_files]);
  l.data = static_cast<payload>(header[at_payload]);
  const std::string_view names(reinterpret_cast<const char*>(&header[at_names]), names_bytes);
  for (std::size_t at = 0; at < names.size();) {
    const std::size_t end = names.find('\0', at);
    if (end == names.npos) break;
    l.files.emplace_back(names.substr(at, end - at));
    at = end + 1;
  }
  if (l.files.size() != files || l.block_size == 0 || l.block_size % sector_size != 0 || l.file_size < l.block_size)
    return not_journal("its header does not describe a file set");
  s->map_start = header_bytes;
  const std::uint64_t blocks = l.blocks_per_file() * files;
  const std::uint64_t sectors = (blocks + journal_entries_per_sector - 1) / journal_entries_per_sector;
  if (static_cast<std::uint64_t>(st.st_size) < header_bytes + sectors * journal_sector)
    return not_journal(fmt::format("it ends within its map: {} bytes of {}", st.st_size, header_bytes + sectors * journal_sector));
  s->generations.assign(blocks, 0);
  s->torn.assign(sectors, false);
  s->is_dirty.assign(sectors, false);
  std::vector<std::byte> chunk(journal_sector * 256);
  for (std::uint64_t firstsector = 0; firstsector < sectors; firstsector += 256) {
    const std::uint64_t n = std::min<std::uint64_t>(256, sectors - firstsector);
    if (raidbench::detail::pread_all(fd.get(), chunk.data(), n * journal_sector, header_bytes + firstsector * journal_sector) !=
        static_cast<long>(n * journal_sector))
      return system_failure("read", name, errno);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::byte* sector = &chunk[i * journal_sector];
      const std::uint64_t index = firstsector + i;
      if (detail::get<std::uint32_t>(sector) != sector_checksum(sector, l.run) || detail::get<std::uint32_t>(sector + 4) != index) {
        s->torn[index] = true;
        ++s->torn_count;
        continue;
      }
      for (std::uint64_t e = 0; e < journal_entries_per_sector && index * journal_entries_per_sector + e < blocks; ++e)
        s->generations[index * journal_entries_per_sector + e] = detail::get<std::uint32_t>(sector + 8 + 4 * e);
    }
  }
  s->fd = std::move(fd);
  journal j;
  j.s_ = std::move(s);
  return j;
}

RAIDBENCH_API expected<void> journal::acknowledge(std::span<const acknowledgement> acks) {
  std::lock_guard lock(s_->mutex);
  if (!s_->failure.message.empty()) return s_->failure;
  for (const auto& a : acks) {
    if (a.generation <= s_->generations[a.block]) continue;  // a later write was acknowledged first
    s_->generations[a.block] = a.generation;
    const std::uint64_t sector = a.block / journal_entries_per_sector;
    if (!s_->is_dirty[sector]) {
      s_->is_dirty[sector] = true;
      s_->dirty.push_back(sector);
    }
  }
  s_->costs.acknowledged_writes += acks.size();
  if (++s_->pending_calls < s_->batch) return {};
  return commit_locked();
}

RAIDBENCH_API expected<void> journal::commit() {
  std::lock_guard lock(s_->mutex);
  if (!s_->failure.message.empty()) return s_->failure;
  return commit_locked();
}

inline expected<void> journal::commit_locked() {
  using namespace journal_format;
  s_->pending_calls = 0;
  if (s_->dirty.empty()) return {};
  const std::uint64_t start = now_ns();
  std::sort(s_->dirty.begin(), s_->dirty.end());
  // Runs of neighbouring sectors go out in one pwrite each.
  std::byte buffer[journal_sector * 16];
  const std::string name = s_->path.string();
  for (std::size_t i = 0; i < s_->dirty.size();) {
    std::size_t n = 0;
    const std::uint64_t first = s_->dirty[i];
    while (i + n < s_->dirty.size() && n < 16 && s_->dirty[i + n] == first + n) {
      fill_sector(buffer + n * journal_sector, first + n, s_->generations, s_->layout.run);
      s_->is_dirty[first + n] = false;
      ++n;
    }
    if (auto ok = write_all(s_->fd.get(), buffer, n * journal_sector, s_->map_start + first * journal_sector, name); !ok)
      return s_->failure = ok.err();
    i += n;
  }
  s_->dirty.clear();
  if (::fdatasync(s_->fd.get()) != 0) return s_->failure = system_failure("fdatasync", name, errno);
  ++s_->costs.commits;
  s_->costs.commit_ns += now_ns() - start;
  return {};
}

}  // namespace raidbench::verify
