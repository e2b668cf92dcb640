#pragma once
/// The parser toolkit (`raidbench::text`): scanning helpers for controller-tool text as people paste
/// it — CRLF, trailing blanks, tabs, invalid UTF-8, no-break spaces, prompt and command lines, "[…]"
/// elisions, double spacing, "key : value" lines, whitespace tables, sizes such as
/// "557.861 GB [0x45bd8000 Sectors]", vocabulary tables from a tool's words to the model's enums,
/// and the warning for a line a parser does not read. The built-in parsers use it; so can yours
/// (docs/extending.md, examples/extending/parser).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace raidbench::text {

/// What a pasted line is: tool output, a prompt or command typed above it, or an elision mark.
enum class line_kind { output, command, elision };

/// One cleaned line: 1-based number in the original text, what it is, and its text.
struct text_line {
  std::size_t number = 0;
  line_kind kind = line_kind::output;
  /// Without CR, trailing blanks or tabs; NBSP and tabs become spaces, unreadable bytes '?'.
  std::string text;
  /// The original line held invalid UTF-8, U+FFFD or control bytes (now '?').
  bool unreadable = false;
};

/// True for an ASCII digit.
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// True for the ASCII blanks a tool or a paste puts between fields.
constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/// The text without leading and trailing blanks.
constexpr std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

/// ASCII lower case of one character.
constexpr char to_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// ASCII lower-case copy.
inline std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = to_lower(c);
  return out;
}

/// Case-insensitive ASCII equality.
constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

/// Case-insensitive ASCII prefix test.
constexpr bool istarts_with(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

/// Case-insensitive ASCII suffix test.
constexpr bool iends_with(std::string_view s, std::string_view suffix) noexcept {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

/// Case-insensitive ASCII substring test.
constexpr bool icontains(std::string_view s, std::string_view needle) noexcept {
  if (needle.size() > s.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= s.size(); ++i)
    if (iequals(s.substr(i, needle.size()), needle)) return true;
  return false;
}

/// True when `key` is one of `keys` (case-insensitive): the explicit vocabulary a parser reads or
/// deliberately ignores, so that anything else can be reported instead of dropped.
constexpr bool is_listed(std::string_view key, std::span<const std::string_view> keys) noexcept {
  return std::any_of(keys.begin(), keys.end(), [&](std::string_view k) { return iequals(key, k); });
}

/// A long vocabulary kept as the tool prints it: one entry a line of a raw string, so an entry is
/// added by pasting it from a dump. Blanks around a line and blank lines are not entries.
struct line_list {
  std::string_view lines;
};

/// True when `key` is one of the list's lines (case-insensitive).
constexpr bool is_listed(std::string_view key, line_list list) noexcept {
  // Walked with pointers: a parser asks this of most lines of a dump, and a list has hundreds of entries.
  const char* line = list.lines.data();
  const char* const end = line + list.lines.size();
  while (line < end) {
    const char* newline = std::char_traits<char>::find(line, static_cast<std::size_t>(end - line), '\n');
    const char* const line_end = newline ? newline : end;
    const char* first = line;
    const char* last = line_end;
    while (first < last && is_blank(*first)) ++first;
    while (last > first && is_blank(last[-1])) --last;
    const auto size = static_cast<std::size_t>(last - first);
    if (size != 0 && size == key.size() && iequals(std::string_view(first, size), key)) return true;
    if (!newline) break;
    line = newline + 1;
  }
  return false;
}

/// One spelling of a value in a tool's vocabulary: {"RAID-5", raid_level::raid5}.
template <class E>
struct spelling {
  std::string_view word;
  E value;
};

/// Lower-case letters and digits only, for vocabularies that vary in case, spaces and punctuation:
/// "Unconfigured(good), Spun Up" → "unconfiguredgoodspunup", "Onln" → "onln".
inline std::string squash(std::string_view s) {
  std::string out;
  for (char c : s) {
    c = to_lower(c);
    if ((c >= 'a' && c <= 'z') || is_digit(c)) out += c;
  }
  return out;
}

/// The value a word stands for in a vocabulary table (case-insensitive); nullopt for a word the
/// table does not list, so the parser can warn about it instead of guessing.
template <class E, std::size_t N>
constexpr std::optional<E> look_up(std::string_view word, const spelling<E> (&table)[N]) noexcept {
  for (const auto& s : table)
    if (iequals(word, s.word)) return s.value;
  return std::nullopt;
}

/// The warning about a line a parser does not read: nothing it does not know vanishes silently.
inline std::string not_read(std::string_view line) { return "line not read: '" + std::string(line) + "'"; }

/// The items between separators, untrimmed and empty ones kept ("a,,b" → {"a", "", "b"}; "" → {""}).
inline std::vector<std::string_view> split_at(std::string_view s, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = s.find(separator, start);
    out.push_back(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

/// Whitespace-separated fields of a line ("0/0   RAID1 Optl" → {"0/0", "RAID1", "Optl"}).
inline std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

/// A "key : value" / "key = value" pair, both trimmed.
struct key_value {
  std::string_view key;
  std::string_view value;
};

/// Splits at the first separator; nullopt when there is none or the key is empty.
inline std::optional<key_value> split_key_value(std::string_view line, char separator = ':') {
  const auto at = line.find(separator);
  if (at == std::string_view::npos) return std::nullopt;
  key_value kv{trim(line.substr(0, at)), trim(line.substr(at + 1))};
  if (kv.key.empty()) return std::nullopt;
  return kv;
}

/// A whole unsigned decimal number ("32", " 7 "); nullopt for anything else or on overflow.
inline std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

/// A whole count of `unit`-byte units in bytes ("145226112" blocks of 512, "5860520828" KiB);
/// nullopt for anything else or when the bytes do not fit 64 bits.
inline std::optional<std::uint64_t> parse_count(std::string_view text, std::uint64_t unit) {
  const auto n = parse_unsigned(text);
  if (!n || unit == 0 || *n > std::numeric_limits<std::uint64_t>::max() / unit) return std::nullopt;
  return *n * unit;
}

/// A whole unsigned number that fits an unsigned int.
inline std::optional<unsigned> parse_uint(std::string_view text) {
  const auto v = parse_unsigned(text);
  if (!v || *v > std::numeric_limits<unsigned>::max()) return std::nullopt;
  return static_cast<unsigned>(*v);
}

/// The digits right after the first `word` (case-insensitive) in `s`: "bay " in "port 1I:box 1:bay 12"
/// → 12, "c" in "/c0/e252/s3" → 0; nullopt without the word or digits after it.
inline std::optional<unsigned> number_after(std::string_view s, std::string_view word) {
  for (std::size_t i = 0; i + word.size() <= s.size(); ++i) {
    if (!iequals(s.substr(i, word.size()), word)) continue;
    std::size_t end = i + word.size();
    while (end < s.size() && is_digit(s[end])) ++end;
    return parse_uint(s.substr(i + word.size(), end - i - word.size()));
  }
  return std::nullopt;
}

/// The number a value starts with, ignoring what follows: "35C (95.00 F)" → 35, "71 %" → 71.
inline std::optional<double> parse_leading_number(std::string_view text) {
  text = trim(text);
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  double value = 0;
  std::size_t digits = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) value = value * 10 + (text[i] - '0');
  if (i < text.size() && text[i] == '.') {
    double scale = 0.1;
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits, scale /= 10) value += (text[i] - '0') * scale;
  }
  if (digits == 0) return std::nullopt;
  return negative ? -value : value;
}


/// A PCI address as /sys names it ("0000:3b:00.0") from the four hexadecimal fields domain, bus,
/// device and function, however a tool separates them: ssacli "0000:03:00.0", StorCLI "00:3b:00:00",
/// arcconf "0:60:0:0". nullopt for anything else or a field out of its range.
inline std::optional<std::string> parse_pci_address(std::string_view text) {
  text = trim(text);
  std::array<unsigned, 4> field{};
  constexpr std::array<unsigned, 4> limit{0xffff, 0xff, 0x1f, 0x7};
  std::size_t f = 0, digits = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? to_lower(text[i]) : ':';
    const int hex = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (hex >= 0) {
      if (++digits > 4 || f >= field.size()) return std::nullopt;
      field[f] = field[f] * 16 + static_cast<unsigned>(hex);
    } else if ((c == ':' || c == '.') && digits > 0 && f < field.size() && field[f] <= limit[f]) {
      ++f;
      digits = 0;
    } else {
      return std::nullopt;
    }
  }
  if (f != field.size()) return std::nullopt;
  constexpr char hexdigit[] = "0123456789abcdef";
  std::string out = "0000:00:00.0";
  for (int i = 0; i < 4; ++i) out[static_cast<std::size_t>(3 - i)] = hexdigit[(field[0] >> (4 * i)) & 0xf];
  out[5] = hexdigit[field[1] >> 4], out[6] = hexdigit[field[1] & 0xf];
  out[8] = hexdigit[field[2] >> 4], out[9] = hexdigit[field[2] & 0xf];
  out[11] = hexdigit[field[3]];
  return out;
}
namespace size_detail {
inline int unit_power(std::string_view unit) noexcept {
  if (unit.empty()) return -1;
  static constexpr std::string_view letters = "bkmgtpe";
  const auto at = letters.find(to_lower(unit[0]));
  if (at == std::string_view::npos) return -1;
  std::string_view rest = unit.substr(1);
  if (at == 0) return rest.empty() || iequals(rest, "ytes") ? 0 : -1;
  if (rest.empty() || iequals(rest, "b") || iequals(rest, "ib") || iequals(rest, "bytes")) return static_cast<int>(at);
  return -1;
}

// mantissa / 10^decimals × base^power, rounded; nullopt on overflow.
inline std::optional<std::uint64_t> scale(std::uint64_t mantissa, int decimals, int power, std::uint64_t base) {
  std::uint64_t divisor = 1;
  for (int i = 0; i < decimals; ++i) divisor *= 10;
  std::uint64_t multiplier = 1;
  for (int i = 0; i < power; ++i) {
    if (multiplier > std::numeric_limits<std::uint64_t>::max() / base) return std::nullopt;
    multiplier *= base;
  }
  // Divide first where exact to keep large sizes inside 64 bits.
  const std::uint64_t whole = mantissa / divisor, fraction = mantissa % divisor;
  if (whole != 0 && multiplier > std::numeric_limits<std::uint64_t>::max() / whole) return std::nullopt;
  std::uint64_t result = whole * multiplier;
  if (fraction != 0) {
    if (multiplier > std::numeric_limits<std::uint64_t>::max() / fraction) {
      result += static_cast<std::uint64_t>(static_cast<long double>(fraction) * multiplier / divisor + 0.5L);
    } else {
      result += (fraction * multiplier + divisor / 2) / divisor;
    }
  }
  return result;
}
}  // namespace size_detail

/// A size as controller tools print it: "1.090 TB", "476.375 GB", "1024MB", "64 KB", "256kB",
/// "512B", "557.861 GB [0x45bd8000 Sectors]". Units are powers of `base` (LSI tools print binary
/// sizes with decimal names, so 1024 by default). A trailing "[0x… Sectors]" gives the exact size
/// when it agrees with the printed one within 1% (512- or 4096-byte sectors). Other trailing text is ignored.
inline std::optional<std::uint64_t> parse_tool_size(std::string_view text, std::uint64_t base = 1024) {
  text = trim(text);
  std::size_t i = 0;
  std::uint64_t mantissa = 0;
  int decimals = 0;
  std::size_t digits = 0;
  bool dot = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !dot) { dot = true; continue; }
    if (c < '0' || c > '9') break;
    if (mantissa > (std::numeric_limits<std::uint64_t>::max() - 9) / 10 || decimals > 12) return std::nullopt;
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
    ++digits;
    if (dot) ++decimals;
  }
  if (digits == 0) return std::nullopt;
  while (i < text.size() && text[i] == ' ') ++i;
  std::size_t unit_end = i;
  while (unit_end < text.size() && ((text[unit_end] >= 'a' && text[unit_end] <= 'z') || (text[unit_end] >= 'A' && text[unit_end] <= 'Z'))) ++unit_end;
  const int power = size_detail::unit_power(text.substr(i, unit_end - i));
  if (power < 0) return std::nullopt;
  const auto printed = size_detail::scale(mantissa, decimals, power, base);
  if (!printed) return std::nullopt;

  const std::string_view rest = trim(text.substr(unit_end));
  if (istarts_with(rest, "[0x") && icontains(rest, "sectors")) {
    std::uint64_t sectors = 0;
    std::size_t j = 3, hex_digits = 0;
    for (; j < rest.size() && hex_digits < 16; ++j, ++hex_digits) {
      const char c = to_lower(rest[j]);
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) break;
      sectors = sectors * 16 + static_cast<std::uint64_t>(d);
    }
    // The printed value is rounded (and MegaCLI's is sometimes off by a unit in the last decimal):
    // within 1% picks the sector size, since 512 and 4096 bytes differ eightfold.
    const std::uint64_t tolerance = *printed / 100;
    for (std::uint64_t sector : {512ULL, 4096ULL}) {
      if (hex_digits == 0 || sectors > std::numeric_limits<std::uint64_t>::max() / sector) break;
      const std::uint64_t exact = sectors * sector;
      const std::uint64_t diff = exact > *printed ? exact - *printed : *printed - exact;
      if (diff <= tolerance) return exact;
    }
  }
  return printed;
}

namespace text_detail {
// Length of the valid UTF-8 sequence at s[i], or 0 when the bytes there are not valid UTF-8.
inline std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  if (n == 2 && b < 0xC2) return 0;  // overlong
  if (n == 3) {
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0)) return 0;  // overlong, surrogate
  }
  if (n == 4) {
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if ((b == 0xF0 && b1 < 0x90) || b > 0xF4 || (b == 0xF4 && b1 >= 0x90)) return 0;
  }
  return n;
}

// Cleans one raw line (without its '\n'); returns the text and whether bytes were unreadable.
inline std::string clean_line(std::string_view raw, bool& unreadable) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size();) {
    const auto b = static_cast<unsigned char>(raw[i]);
    if (b == '\t' || b == '\r') { out += ' '; ++i; continue; }
    if (b < 0x20 || b == 0x7F) { out += '?'; unreadable = true; ++i; continue; }
    const std::size_t n = utf8_length(raw, i);
    if (n == 0) { out += '?'; unreadable = true; ++i; continue; }
    const std::string_view seq = raw.substr(i, n);
    if (seq == "\xC2\xA0") out += ' ';
    else if (seq == "\xEF\xBF\xBD") { out += '?'; unreadable = true; }
    else out += seq;
    i += n;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Names of the tools whose command lines people paste above their output.
inline bool is_tool_name(std::string_view word) {
  static constexpr std::array<std::string_view, 22> tools = {
      "megacli", "megacli64", "megacli32", "megacli.exe", "megacli64.exe", "storcli", "storcli64",
      "storcli.exe", "storcli64.exe", "perccli", "perccli64", "perccli.exe", "perccli64.exe",
      "ssacli", "hpssacli", "hpacucli", "arcconf", "mdadm", "tw_cli", "cli64", "megasasctl", "cat"};
  const auto slash = word.find_last_of("/\\");
  if (slash != std::string_view::npos) word = word.substr(slash + 1);
  return std::any_of(tools.begin(), tools.end(), [&](std::string_view t) { return iequals(word, t); });
}
}  // namespace text_detail

/// True for a prompt or command line pasted above output: "[root@h ~]# megacli -PDList -aALL",
/// "root@h:~# storcli /c0 show", "$ sudo ssacli ctrl all show", "# arcconf getconfig 1",
/// "C:\> perccli64 /call show", or a bare "megacli -adpallinfo -aALL".
inline bool is_command_line(std::string_view line) {
  line = trim(line);
  if (line.empty()) return false;
  for (std::string_view mark : {"# ", "$ ", "> "}) {
    const auto at = line.find(mark);
    if (at == std::string_view::npos) continue;
    const std::string_view prompt = line.substr(0, at);
    if (prompt.empty()) return true;
    const char last = prompt.back();
    const bool prompt_like = last == ']' || last == '~' || last == '\\' || last == '/' ||
                             (prompt.find('@') != std::string_view::npos && prompt.find(" : ") == std::string_view::npos);
    if (prompt_like && prompt.size() < 100) return true;
  }
  auto words = split_fields(line);
  std::size_t first = 0;
  if (!words.empty() && iequals(words[0], "sudo")) first = 1;
  return words.size() > first + 1 && text_detail::is_tool_name(words[first]);
}

/// True for a mark where the person who pasted cut the output: "[…]", "[...]", "…", "<snip>".
inline bool is_elision(std::string_view line) {
  line = trim(line);
  if (line.size() >= 2 && ((line.front() == '[' && line.back() == ']') || (line.front() == '(' && line.back() == ')') ||
                           (line.front() == '<' && line.back() == '>')))
    line = trim(line.substr(1, line.size() - 2));
  if (line == "\xE2\x80\xA6") return true;
  if (line.size() >= 3 && line.find_first_not_of('.') == std::string_view::npos) return true;
  for (std::string_view word : {"snip", "snipped", "cut", "truncated", "omitted", "output omitted"})
    if (iequals(line, word)) return true;
  // "... snip for brevity ...", "...output truncated...": a note between dots.
  if (line.starts_with("...") && line.ends_with("...") && line.size() > 6)
    for (std::string_view word : {"snip", "cut", "truncat", "omit", "brevity"})
      if (icontains(line, word)) return true;
  return false;
}

/// Splits pasted text into cleaned, numbered lines; undoes "a blank line after every line".
inline std::vector<text_line> split_lines(std::string_view text) {
  std::vector<text_line> lines;
  std::size_t number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view raw = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    text_line line;
    line.number = ++number;
    line.text = text_detail::clean_line(raw, line.unreadable);
    if (is_elision(line.text)) line.kind = line_kind::elision;
    else if (is_command_line(line.text)) line.kind = line_kind::command;
    lines.push_back(std::move(line));
  }

  // Double spacing: every non-blank line is followed by a blank one, over enough lines to be sure.
  std::size_t content = 0;
  bool doubled = true;
  for (std::size_t i = 0; i < lines.size() && doubled; ++i) {
    if (lines[i].text.empty()) continue;
    ++content;
    doubled = i + 1 == lines.size() || lines[i + 1].text.empty();
  }
  if (!doubled || content < 6) return lines;
  // A run of n blanks stood for n/2 blank lines before the paste doubled them.
  std::vector<text_line> undoubled;
  std::size_t run = 0;
  for (auto& line : lines) {
    if (line.text.empty()) { if (++run % 2 == 0) undoubled.push_back(std::move(line)); continue; }
    run = 0;
    undoubled.push_back(std::move(line));
  }
  return undoubled;
}

/// A parser's reading loop, once: command lines (a prompt and what was typed) are skipped; an
/// elision mark and unreadable bytes become warnings at their line, in `warnings` (a vector of a
/// {line number, text} type such as raidbench::warning); every other line reaches
/// `on_line(number, trimmed text)`, blank ones included (a blank line ends a block in several tools).
template <class Warnings, class OnLine>
void read_output(std::string_view text, Warnings& warnings, OnLine&& on_line) {
  for (const auto& line : split_lines(text)) {
    if (line.kind == line_kind::command) continue;
    if (line.kind == line_kind::elision) {
      warnings.push_back({line.number, "output cut here; what it held is missing"});
      continue;
    }
    const std::string_view trimmed = trim(line.text);
    if (!trimmed.empty() && line.unreadable) warnings.push_back({line.number, "unreadable bytes shown as '?'"});
    on_line(line.number, trimmed);
  }
}

}  // namespace raidbench::text

namespace raidbench::detail {
// The built-in parsers live in raidbench::detail and call the toolkit unqualified.
using namespace raidbench::text;
}  // namespace raidbench::detail
