#pragma once
// A temporary directory that a test creates under $TMPDIR (or /tmp) and removes with all it holds.
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace raidbench::test {

class temp_dir {
 public:
  explicit temp_dir(const std::filesystem::path& parent = default_parent()) {
    std::string pattern = (parent / "raidbench-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed in " + parent.string());
    path_ = pattern;
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  static std::filesystem::path default_parent() {
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
  }

 private:
  std::filesystem::path path_;
};

}  // namespace raidbench::test
