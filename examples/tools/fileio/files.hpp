#pragma once
// The test files: test_file.0 … test_file.<N-1> in the working directory, as sysbench names them,
// each reached through the working directory main holds (`dir`: core/held_directory.hpp).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "options.hpp"
#include "raidbench/core/expected.hpp"
#include "raidbench/core/held_directory.hpp"

namespace rb_fileio {

using raidbench::held_directory;

/// "test_file.<i>".
std::string file_name(std::uint32_t i);

/// Refuses, in one line, when the free space of `dir` cannot hold what prepare still has to write.
raidbench::expected<void> check_free_space(const held_directory& dir, const options& o);

/// Creates or extends the files to their size (whole blocks, fsync'ed), printing as sysbench does:
/// each line through `say` as soon as it is true, so that an interrupted prepare has said what it did.
raidbench::expected<void> prepare_files(held_directory& dir, const options& o, const std::function<void(const std::string&)>& say);

/// Removes the files sysbench would name that are regular files of this user, and nothing else.
void remove_files(const held_directory& dir, const options& o);

/// Before seqwr removes the old files and creates new ones: refuses, saying why, when a name holds
/// what rb-fileio may not replace (a link, a device, another user's file, a file with other names),
/// before anything is removed and not once the threads have started.
raidbench::expected<void> check_replaceable(const held_directory& dir, const options& o);

/// Says which file is missing or short when a test needs them prepared.
raidbench::expected<void> check_prepared(const held_directory& dir, const options& o);

}  // namespace rb_fileio
