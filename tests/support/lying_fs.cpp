// raidbench_lying_fs: a FUSE filesystem that lies about durability, for the tests of verification
// and of durability tools. It acknowledges every fsync and fdatasync but keeps file data only in its
// own memory: killing the daemon (SIGKILL) is its power cut, and every write since its start is gone.
// Files are opened with direct_io, so the kernel's page cache holds nothing that could hide the loss.
//
//   raidbench_lying_fs MOUNTPOINT [--metadata FILE]
//
// With --metadata, names and sizes (not data) are kept in FILE, written and fsync'd on every change
// that alters them, as a filesystem that journals its metadata but not its data: after the power
// cut and a new mount with the same FILE the files are there, at their sizes, full of zeros. Without
// it the new mount is empty. It runs in the foreground, single-threaded, until killed or unmounted,
// and dies with the process that started it (a test that aborts leaves no daemon behind).
#define FUSE_USE_VERSION 31
#include <fuse3/fuse.h>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

struct file {
  std::vector<char> data;
};
std::map<std::string, file> files;  // by name, all in the root directory
std::string metadata_path;

// Names and sizes, durable before the call that changed them returns.
void save_metadata() {
  if (metadata_path.empty()) return;
  const std::string temporary = metadata_path + ".new";
  {
    std::ofstream out(temporary, std::ios::trunc);
    for (const auto& [name, f] : files) out << f.data.size() << ' ' << name << '\n';
  }
  const int fd = ::open(temporary.c_str(), O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
  std::rename(temporary.c_str(), metadata_path.c_str());
}

void load_metadata() {
  std::ifstream in(metadata_path);
  std::size_t size;
  std::string name;
  while (in >> size && std::getline(in >> std::ws, name)) files[name].data.assign(size, 0);
}

file* find(const char* path) {
  if (path[0] != '/' || std::strchr(path + 1, '/') != nullptr) return nullptr;
  auto it = files.find(path + 1);
  return it == files.end() ? nullptr : &it->second;
}

int do_getattr(const char* path, struct stat* st, fuse_file_info*) {
  std::memset(st, 0, sizeof *st);
  if (std::strcmp(path, "/") == 0) {
    st->st_mode = S_IFDIR | 0755;
    st->st_nlink = 2;
    return 0;
  }
  file* f = find(path);
  if (!f) return -ENOENT;
  st->st_mode = S_IFREG | 0644;
  st->st_nlink = 1;
  st->st_uid = ::getuid();
  st->st_gid = ::getgid();
  st->st_size = static_cast<off_t>(f->data.size());
  st->st_blocks = (st->st_size + 511) / 512;
  return 0;
}

int do_readdir(const char*, void* buf, fuse_fill_dir_t fill, off_t, fuse_file_info*, fuse_readdir_flags) {
  fill(buf, ".", nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  fill(buf, "..", nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  for (const auto& entry : files) fill(buf, entry.first.c_str(), nullptr, 0, static_cast<fuse_fill_dir_flags>(0));
  return 0;
}

int do_create(const char* path, mode_t, fuse_file_info* fi) {
  if (path[0] != '/' || std::strchr(path + 1, '/') != nullptr) return -EACCES;
  files[path + 1];
  save_metadata();
  fi->direct_io = 1;
  return 0;
}

int do_open(const char* path, fuse_file_info* fi) {
  file* f = find(path);
  if (!f) return -ENOENT;
  if (fi->flags & O_TRUNC) {
    f->data.clear();
    save_metadata();
  }
  fi->direct_io = 1;
  return 0;
}

int do_read(const char* path, char* buf, size_t size, off_t offset, fuse_file_info*) {
  file* f = find(path);
  if (!f) return -ENOENT;
  const auto at = static_cast<std::size_t>(offset);
  if (at >= f->data.size()) return 0;
  const std::size_t n = std::min(size, f->data.size() - at);
  std::memcpy(buf, f->data.data() + at, n);
  return static_cast<int>(n);
}

int do_write(const char* path, const char* buf, size_t size, off_t offset, fuse_file_info*) {
  file* f = find(path);
  if (!f) return -ENOENT;
  const auto end = static_cast<std::size_t>(offset) + size;
  const bool grows = end > f->data.size();
  if (grows) f->data.resize(end);
  std::memcpy(f->data.data() + offset, buf, size);
  if (grows) save_metadata();
  return static_cast<int>(size);
}

int do_truncate(const char* path, off_t size, fuse_file_info*) {
  file* f = find(path);
  if (!f) return -ENOENT;
  f->data.resize(static_cast<std::size_t>(size));
  save_metadata();
  return 0;
}

int do_fallocate(const char* path, int mode, off_t offset, off_t length, fuse_file_info*) {
  file* f = find(path);
  if (!f) return -ENOENT;
  if (mode != 0) return -EOPNOTSUPP;
  const auto end = static_cast<std::size_t>(offset + length);
  if (end > f->data.size()) {
    f->data.resize(end);
    save_metadata();
  }
  return 0;
}

int do_unlink(const char* path) {
  if (!find(path)) return -ENOENT;
  files.erase(path + 1);
  save_metadata();
  return 0;
}

// The lie: "durable", while the data stays in this process's memory.
int do_fsync(const char* path, int, fuse_file_info*) { return find(path) ? 0 : -ENOENT; }

// Room as memory allows: 1 GiB, in 4 KiB blocks, minus what the files hold.
int do_statfs(const char*, struct statvfs* st) {
  std::memset(st, 0, sizeof *st);
  std::uint64_t used = 0;
  for (const auto& entry : files) used += (entry.second.data.size() + 4095) / 4096;
  st->f_bsize = st->f_frsize = 4096;
  st->f_blocks = (1u << 30) / 4096;
  st->f_bfree = st->f_bavail = st->f_blocks > used ? st->f_blocks - used : 0;
  st->f_namemax = 255;
  return 0;
}

int do_utimens(const char* path, const timespec*, fuse_file_info*) { return find(path) || std::strcmp(path, "/") == 0 ? 0 : -ENOENT; }

}  // namespace

int main(int argc, char** argv) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (argc != 2 && !(argc == 4 && std::strcmp(argv[2], "--metadata") == 0)) {
    std::fprintf(stderr, "usage: %s MOUNTPOINT [--metadata FILE]\n", argv[0]);
    return 2;
  }
  if (argc == 4) {
    metadata_path = argv[3];
    load_metadata();
  }
  fuse_operations ops{};
  ops.getattr = do_getattr;
  ops.readdir = do_readdir;
  ops.create = do_create;
  ops.open = do_open;
  ops.read = do_read;
  ops.write = do_write;
  ops.truncate = do_truncate;
  ops.fallocate = do_fallocate;
  ops.unlink = do_unlink;
  ops.fsync = do_fsync;
  ops.utimens = do_utimens;
  ops.statfs = do_statfs;
  // Foreground, one thread, and no permission checks beyond these files' own modes.
  char* args[] = {argv[0], const_cast<char*>("-f"), const_cast<char*>("-s"), const_cast<char*>("-o"),
                  const_cast<char*>("default_permissions,fsname=raidbench_lying_fs"), argv[1], nullptr};
  return fuse_main(6, args, &ops, nullptr);
}
