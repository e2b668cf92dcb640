#pragma once
// rb-dd's command line: GNU dd 9.1 operands (if= of= bs= … status=) and rb-dd's own --options.
#include <fcntl.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "raidbench/core/expected.hpp"
#include "raidbench/run/copy_conversion.hpp"

namespace rbdd {

using raidbench::expected;
using raidbench::fail;

enum class status_level { normal, none, noxfer, progress };
enum class report_format { gnu, bsd };

/// Everything the operands ask for; sizes in bytes, counts in records unless a *_bytes flag is set.
struct options {
  std::string input, output;  ///< empty: standard input, standard output
  std::uint64_t ibs = 512, obs = 512;
  bool bs_given = false;  ///< bs=: each record is written as read; otherwise records are gathered into obs blocks
  std::uint64_t count = UINT64_MAX;  ///< UINT64_MAX: to the end of input
  std::uint64_t skip = 0, seek = 0;
  int iflags = 0, oflags = 0;  ///< open(2) flags
  bool fullblock = false, count_bytes = false, skip_bytes = false, seek_bytes = false;
  bool nocache_in = false, nocache_out = false;
  bool conv_fdatasync = false, conv_fsync = false, conv_notrunc = false, conv_sync = false, conv_noerror = false,
       conv_excl = false, conv_nocreat = false;
  // The conversions that change data; ascii implies unblock, ebcdic and ibm imply block (with cbs=).
  bool conv_ascii = false, conv_ebcdic = false, conv_ibm = false, conv_block = false, conv_unblock = false,
       conv_lcase = false, conv_ucase = false, conv_swab = false, conv_sparse = false;
  std::uint64_t cbs = 0;  ///< conversion record size; 0: block and unblock do nothing
  status_level status = status_level::normal;
  report_format format = report_format::gnu;
  bool json = false;
  std::string json_path;  ///< empty with `json`: standard error
  bool allow_device = false;
  bool context = false;                       ///< print the storage context (and controller) first
  std::vector<std::string> controller_files;  ///< saved RAID tool dumps for --json and --context
  bool look_for_controller = true;            ///< run the RAID tools found on PATH when no dump is given
  bool controller_owns_target = false;        ///< the user asserts the controller holds the output's disk
  bool help = false, version = false;
  bool input_empty = false, output_empty = false;  ///< if= or of= given with no name: dd fails to open ''
  std::vector<std::string> warnings;  ///< printed before anything runs, as GNU dd does
};

/// True when a conversion rewrites the data: dd then gathers output into obs blocks even with bs=.
inline bool rewrites_data(const options& o) {
  return o.conv_ascii || o.conv_ebcdic || o.conv_ibm || o.conv_lcase || o.conv_ucase || o.conv_swab ||
         (o.cbs != 0 && (o.conv_block || o.conv_unblock));
}

/// The library's conversion for the operands (raidbench::copy_conversion).
inline raidbench::copy_conversion conversion_of(const options& o) {
  using cc = raidbench::copy_conversion;
  cc c;
  raidbench::set_translation(c, o.conv_ascii ? cc::charset::ebcdic_to_ascii : o.conv_ebcdic ? cc::charset::ascii_to_ebcdic
                                : o.conv_ibm ? cc::charset::ascii_to_ibm : cc::charset::none,
                             o.conv_ucase ? cc::letter_case::upper : o.conv_lcase ? cc::letter_case::lower : cc::letter_case::keep);
  c.swab = o.conv_swab;
  // Without cbs=, block and unblock do nothing, as in GNU dd.
  if (o.cbs != 0) c.records = o.conv_block ? cc::reblock::block : o.conv_unblock ? cc::reblock::unblock : cc::reblock::none;
  c.cbs = o.cbs;
  c.sparse = o.conv_sparse;
  return c;
}

/// GNU dd's condition for "warning: partial read": bs= without iflag=fullblock, and whole records
/// skipped or counted, or O_DIRECT (where a short read is a real risk of a wrong copy).
inline bool warns_partial_reads(const options& o) {
  const std::uint64_t skip_records = o.skip_bytes ? o.skip / o.ibs : o.skip;
  const std::uint64_t count_records = o.count_bytes && o.count != UINT64_MAX ? o.count / o.ibs : o.count;
  return o.bs_given && !o.fullblock &&
         (skip_records != 0 || (count_records != 0 && count_records != UINT64_MAX) || ((o.iflags | o.oflags) & O_DIRECT));
}

/// ‘x’ in a UTF-8 locale, 'x' otherwise, as GNU's quote() writes operands in messages.
inline std::string quote(std::string_view s, bool utf8) {
  return utf8 ? fmt::format("\u2018{}\u2019", s) : fmt::format("'{}'", s);
}

namespace detail {

__extension__ using u128 = unsigned __int128;  // GCC and clang have it; -Wpedantic does not know
inline constexpr std::uint64_t max_value = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

enum class number_error { none, invalid, overflow };

// One factor of a dd number: digits and an optional unit (c w b B, k K M G T P E Z Y with B/D/iB).
inline number_error parse_factor(std::string_view s, std::uint64_t& out) {
  std::size_t i = 0;
  u128 v = 0;
  bool overflow = false;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    v = v * 10 + static_cast<unsigned>(s[i] - '0');
    if (v > max_value) overflow = true, v = max_value + 1;
    ++i;
  }
  const std::string_view unit = s.substr(i);
  // As GNU's xstrtoumax: a unit without digits counts one of it ("xM" is 1 MiB), except a bare B.
  if (i == 0) {
    if (unit.empty() || unit[0] == 'B') return number_error::invalid;
    v = 1;
  }
  std::uint64_t scale = 1;
  if (!unit.empty()) {
    static constexpr std::string_view powers = "KMGTPEZY";
    const char c = unit[0];
    const std::string_view rest = unit.substr(1);
    std::size_t power = c == 'k' ? 0 : powers.find(c);
    if (c == 'c' || c == 'w' || c == 'b' || c == 'B') {
      if (!(rest.empty() || (rest == "B" && c != 'B'))) return number_error::invalid;
      scale = c == 'w' ? 2 : c == 'b' ? 512 : 1;
    } else if (power != std::string_view::npos) {
      unsigned base = 1024;
      if (rest == "B" || rest == "D") base = 1000;
      else if (!rest.empty() && rest != "iB") return number_error::invalid;
      u128 m = 1;
      for (std::size_t p = 0; p <= power; ++p) {
        m *= base;
        if (m > max_value) overflow = true, m = max_value + 1;
      }
      if (overflow) {
        out = UINT64_MAX;
        return number_error::overflow;
      }
      scale = static_cast<std::uint64_t>(m);
    } else {
      return number_error::invalid;
    }
  }
  const u128 product = v * scale;
  if (overflow || product > max_value) {
    out = UINT64_MAX;
    return number_error::overflow;
  }
  out = static_cast<std::uint64_t>(product);
  return number_error::none;
}

}  // namespace detail

/// A dd number: a factor, or two joined by `x` ("2x512", "1kx2"); errors read as GNU dd's.
/// A leading "0x" that yields zero adds GNU's warning to `warnings`.
inline expected<std::uint64_t> parse_number(std::string_view text, bool utf8, std::vector<std::string>& warnings) {
  const auto bad = [&] { return fail(fmt::format("invalid number: {}", quote(text, utf8))); };
  const auto too_large = [&] {
    return fail(fmt::format("invalid number: {}: Value too large for defined data type", quote(text, utf8)));
  };
  std::uint64_t a = 0, b = 1;
  const std::size_t x = text.find('x');
  auto ea = detail::parse_factor(text.substr(0, x), a);
  auto eb = x == std::string_view::npos ? detail::number_error::none : detail::parse_factor(text.substr(x + 1), b);
  if (ea == detail::number_error::invalid || eb == detail::number_error::invalid) return bad();
  if (x != std::string_view::npos && a == 0 && ea == detail::number_error::none && text.starts_with("0x"))
    warnings.push_back(fmt::format("warning: {} is a zero multiplier; use {} if that is intended", quote("0x", utf8),
                                   quote("00x", utf8)));
  if ((a != 0 && b != 0 && (ea != detail::number_error::none || eb != detail::number_error::none)) ||
      (b != 0 && a > detail::max_value / b))
    return too_large();
  return a * b;
}

namespace detail {

struct flag_name {
  std::string_view name;
  int bits;
};
inline constexpr flag_name open_flag_names[] = {
    {"append", O_APPEND},     {"direct", O_DIRECT},     {"directory", O_DIRECTORY}, {"dsync", O_DSYNC},
    {"sync", O_SYNC},         {"nonblock", O_NONBLOCK}, {"noatime", O_NOATIME},     {"noctty", O_NOCTTY},
    {"nofollow", O_NOFOLLOW},
};

template <class F>
bool for_each_item(std::string_view list, F&& f) {
  while (true) {
    const std::size_t comma = list.find(',');
    if (!f(list.substr(0, comma))) return false;
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

/// GNU's hint after a usage error, naming the program as invoked.
inline std::string with_help_hint(std::string message, std::string_view program) {
  return fmt::format("{}\nTry '{} --help' for more information.", message, program);
}

// iflag= and oflag=: open flags plus dd's own (fullblock, nocache, count_bytes, skip_bytes, seek_bytes).
inline expected<void> parse_flags(std::string_view list, bool input, options& o, bool utf8, std::string_view program) {
  std::string bad_item;
  const bool ok = for_each_item(list, [&](std::string_view item) {
    for (const auto& f : open_flag_names)
      if (item == f.name) {
        (input ? o.iflags : o.oflags) |= f.bits;
        return true;
      }
    if (item == "fullblock" && input) o.fullblock = true;
    else if (item == "nocache") (input ? o.nocache_in : o.nocache_out) = true;
    else if (item == "count_bytes") o.count_bytes = o.count_bytes || input;
    else if (item == "skip_bytes") o.skip_bytes = o.skip_bytes || input;
    else if (item == "seek_bytes") o.seek_bytes = o.seek_bytes || !input;
    else {
      bad_item = item;
      return false;
    }
    return true;
  });
  if (!ok)
    return fail(with_help_hint(fmt::format("invalid {} flag: {}", input ? "input" : "output", quote(bad_item, utf8)), program));
  return {};
}

/// A conv= item and the flag it sets; ascii, ebcdic and ibm also set the reblocking they imply.
struct conversion {
  std::string_view name;
  bool options::*flag;
  bool options::*implies = nullptr;
};
inline constexpr conversion conversions[] = {
    // Character sets, each with the reblocking it implies.
    {"ascii", &options::conv_ascii, &options::conv_unblock},
    {"ebcdic", &options::conv_ebcdic, &options::conv_block},
    {"ibm", &options::conv_ibm, &options::conv_block},
    // The data: records, padding, letter case, byte order.
    {"block", &options::conv_block}, {"unblock", &options::conv_unblock}, {"sync", &options::conv_sync},
    {"lcase", &options::conv_lcase}, {"ucase", &options::conv_ucase}, {"swab", &options::conv_swab},
    // The output file, read errors, holes and syncing.
    {"excl", &options::conv_excl}, {"nocreat", &options::conv_nocreat}, {"notrunc", &options::conv_notrunc},
    {"noerror", &options::conv_noerror}, {"sparse", &options::conv_sparse},
    {"fdatasync", &options::conv_fdatasync}, {"fsync", &options::conv_fsync},
};

inline expected<void> parse_conversions(std::string_view list, options& o, bool utf8, std::string_view program) {
  std::string bad_item;
  const bool ok = for_each_item(list, [&](std::string_view item) {
    const auto* c = std::ranges::find(conversions, item, &conversion::name);
    if (c == std::ranges::end(conversions)) {
      bad_item = item;
      return false;
    }
    o.*c->flag = true;
    if (c->implies) o.*c->implies = true;
    return true;
  });
  if (ok) return {};
  return fail(with_help_hint(fmt::format("invalid conversion: {}", quote(bad_item, utf8)), program));
}

/// One argument that starts with '-' (not "-" alone, not "--"), as GNU dd's getopt_long reads it:
/// --help and --version (any unambiguous abbreviation), or one of rb-dd's own options.
inline expected<void> parse_option(std::string_view arg, options& o, std::string_view program) {
  if (!arg.starts_with("--")) return fail(with_help_hint(fmt::format("invalid option -- '{}'", arg[1]), program));
  const std::string_view name = arg.substr(2, arg.find('=') == std::string_view::npos ? arg.npos : arg.find('=') - 2);
  for (const auto& [standard, flag] : {std::pair{std::string_view("help"), &options::help}, {"version", &options::version}})
    if (standard.starts_with(name)) {
      if (name.size() + 2 != arg.size())
        return fail(with_help_hint(fmt::format("option '--{}' doesn't allow an argument", standard), program));
      o.*flag = true;
      return {};
    }
  if (arg == "--json") o.json = true;
  else if (arg == "--json=") return fail("--json= names no file (for the JSON on standard error, write --json alone)");
  else if (arg.starts_with("--json=")) o.json = true, o.json_path = arg.substr(7);
  else if (arg == "--context") o.context = true;
  else if (arg == "--no-controller") o.look_for_controller = false;
  else if (arg == "--controller-owns-target") o.controller_owns_target = true;
  else if (arg == "--allow-device") o.allow_device = true;
  else if (arg == "--format=bsd" || arg == "--format=gnu") o.format = arg == "--format=bsd" ? report_format::bsd : report_format::gnu;
  else if (arg.starts_with("--controller-file=")) {
    if (arg.size() == 18) return fail("--controller-file needs a file name");
    o.controller_files.emplace_back(arg.substr(18));
  } else {
    return fail(with_help_hint(fmt::format("unrecognized option '{}'", arg), program));
  }
  return {};
}

}  // namespace detail

/// Parses dd's command line as GNU dd 9.1 does: first the options wherever they stand (getopt
/// permutes; "--" ends them; --help or --version ends the parse), then the operands in any order,
/// the last of each winning, bs= overriding ibs= and obs=. `program` is the name invoked, for hints.
inline expected<options> parse_operands(std::span<const std::string_view> args, bool utf8, std::string_view program) {
  options o;
  std::vector<std::string_view> operands;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--") {
      operands.insert(operands.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      operands.push_back(arg);
      continue;
    }
    if (auto ok = detail::parse_option(arg, o, program); !ok) return ok.err();
    if (o.help || o.version) return o;
  }
  std::uint64_t bs = 0;
  // As GNU dd 9.1: a 'B' anywhere in the last count=, skip=/iseek= or seek=/oseek= counts bytes
  // (count=14B, skip=1KB), as iflag=count_bytes, iflag=skip_bytes and oflag=seek_bytes do.
  bool count_B = false, skip_B = false, seek_B = false;
  for (const std::string_view arg : operands) {
    const std::size_t eq = arg.find('=');
    if (eq == std::string_view::npos)
      return fail(detail::with_help_hint(fmt::format("unrecognized operand {}", quote(arg, utf8)), program));
    const std::string_view key = arg.substr(0, eq), value = arg.substr(eq + 1);
    auto number = [&](std::uint64_t& to, bool positive) -> expected<void> {
      auto n = parse_number(value, utf8, o.warnings);
      if (!n) return n.err();
      if (positive && *n == 0) return fail(fmt::format("invalid number: {}", quote(value, utf8)));
      to = *n;
      return {};
    };
    expected<void> ok;
    const bool in_bytes = value.find('B') != std::string_view::npos;
    if (key == "if") o.input = value, o.input_empty = value.empty();
    else if (key == "of") o.output = value, o.output_empty = value.empty();
    else if (key == "bs") ok = number(bs, true);
    else if (key == "ibs") ok = number(o.ibs, true);
    else if (key == "obs") ok = number(o.obs, true);
    else if (key == "cbs") ok = number(o.cbs, true);
    else if (key == "count") ok = number(o.count, false), count_B = in_bytes;
    else if (key == "skip" || key == "iseek") ok = number(o.skip, false), skip_B = in_bytes;
    else if (key == "seek" || key == "oseek") ok = number(o.seek, false), seek_B = in_bytes;
    else if (key == "iflag") ok = detail::parse_flags(value, true, o, utf8, program);
    else if (key == "oflag") ok = detail::parse_flags(value, false, o, utf8, program);
    else if (key == "conv") ok = detail::parse_conversions(value, o, utf8, program);
    else if (key == "status") {
      if (value == "none") o.status = status_level::none;
      else if (value == "noxfer") o.status = status_level::noxfer;
      else if (value == "progress") o.status = status_level::progress;
      else return fail(detail::with_help_hint(fmt::format("invalid status level: {}", quote(value, utf8)), program));
    } else {
      return fail(detail::with_help_hint(fmt::format("unrecognized operand {}", quote(arg, utf8)), program));
    }
    if (!ok) return ok.err();
  }
  o.count_bytes = o.count_bytes || count_B;
  o.skip_bytes = o.skip_bytes || skip_B;
  o.seek_bytes = o.seek_bytes || seek_B;
  if (bs != 0) {
    o.ibs = o.obs = bs;
    o.bs_given = true;
  }
  // In GNU dd's order.
  if (int(o.conv_ascii) + int(o.conv_ebcdic) + int(o.conv_ibm) > 1) return fail("cannot combine any two of {ascii,ebcdic,ibm}");
  if (o.conv_block && o.conv_unblock) return fail("cannot combine block and unblock");
  if (o.conv_lcase && o.conv_ucase) return fail("cannot combine lcase and ucase");
  if (o.conv_excl && o.conv_nocreat) return fail("cannot combine excl and nocreat");
  if ((o.iflags & O_DIRECT) && o.nocache_in) return fail("cannot combine direct and nocache");
  if ((o.oflags & O_DIRECT) && o.nocache_out) return fail("cannot combine direct and nocache");
  if (o.json && o.format == report_format::bsd) return fail("--json and --format=bsd cannot be combined");
  return o;
}

}  // namespace rbdd
