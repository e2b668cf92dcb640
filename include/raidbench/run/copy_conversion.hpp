#pragma once
/// dd's data conversions for a copy (mix::copy::conversion): the character tables of conv=ascii,
/// ebcdic and ibm, and the stage that converts each record between reading and writing — swab
/// (byte pairs swapped across records), a translation table (charset, lcase, ucase), block
/// (newline-terminated lines to records of cbs bytes padded with spaces) and unblock (the reverse).
/// conv=sparse is applied where blocks are written (run/copy_loop.hpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "raidbench/workload/copy.hpp"

namespace raidbench {

namespace charset {

// POSIX dd's conversion tables (conv=ascii, conv=ebcdic, conv=ibm), byte for byte as GNU dd 9.1
// applies them; tests/dd compares all 256 bytes of each against the dd on the machine.
inline constexpr std::array<unsigned char, 256> ebcdic_to_ascii = {
    0x00, 0x01, 0x02, 0x03, 0x9c, 0x09, 0x86, 0x7f, 0x97, 0x8d, 0x8e, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x9d, 0x85, 0x08, 0x87, 0x18, 0x19, 0x92, 0x8f, 0x1c, 0x1d, 0x1e, 0x1f,
    0x80, 0x81, 0x82, 0x83, 0x84, 0x0a, 0x17, 0x1b, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x05, 0x06, 0x07,
    0x90, 0x91, 0x16, 0x93, 0x94, 0x95, 0x96, 0x04, 0x98, 0x99, 0x9a, 0x9b, 0x14, 0x15, 0x9e, 0x1a,
    0x20, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xd5, 0x2e, 0x3c, 0x28, 0x2b, 0x7c,
    0x26, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf, 0xb0, 0xb1, 0x21, 0x24, 0x2a, 0x29, 0x3b, 0x7e,
    0x2d, 0x2f, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xcb, 0x2c, 0x25, 0x5f, 0x3e, 0x3f,
    0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf, 0xc0, 0xc1, 0xc2, 0x60, 0x3a, 0x23, 0x40, 0x27, 0x3d, 0x22,
    0xc3, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9,
    0xca, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x5e, 0xcc, 0xcd, 0xce, 0xcf, 0xd0,
    0xd1, 0xe5, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0xd2, 0xd3, 0xd4, 0x5b, 0xd6, 0xd7,
    0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0x5d, 0xe6, 0xe7,
    0x7b, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed,
    0x7d, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f, 0x50, 0x51, 0x52, 0xee, 0xef, 0xf0, 0xf1, 0xf2, 0xf3,
    0x5c, 0x9f, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
};

// conv=ebcdic undoes conv=ascii: its table is the inverse of the one above (both are permutations).
inline constexpr std::array<unsigned char, 256> ascii_to_ebcdic = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned i = 0; i < 256; ++i) t[ebcdic_to_ascii[i]] = static_cast<unsigned char>(i);
  return t;
}();

// conv=ibm is conv=ebcdic but for five characters: '^', '~' and three of the upper half.
inline constexpr std::array<unsigned char, 256> ascii_to_ibm = [] {
  std::array<unsigned char, 256> t = ascii_to_ebcdic;
  t['^'] = 0x5f, t['~'] = 0xa1, t[0xcb] = 0x9a, t[0xd5] = 0xad, t[0xe5] = 0xbd;
  return t;
}();

}  // namespace charset

/// The translation table of dd's conv=ascii|ebcdic|ibm and lcase|ucase, applied in dd's order:
/// EBCDIC to ASCII, then the case, then ASCII to EBCDIC or IBM's EBCDIC. Fills `c.table`,
/// `c.translate`, and the newline and space that block and unblock look for and pad with.
inline void set_translation(copy_conversion& c, copy_conversion::charset from_to, copy_conversion::letter_case letters) {
  using cs = copy_conversion::charset;
  for (unsigned i = 0; i < 256; ++i) {
    unsigned char b = static_cast<unsigned char>(i);
    if (from_to == cs::ebcdic_to_ascii) b = charset::ebcdic_to_ascii[b];
    if (letters == copy_conversion::letter_case::upper && b >= 'a' && b <= 'z') b = static_cast<unsigned char>(b - 'a' + 'A');
    if (letters == copy_conversion::letter_case::lower && b >= 'A' && b <= 'Z') b = static_cast<unsigned char>(b - 'A' + 'a');
    if (from_to == cs::ascii_to_ebcdic) b = charset::ascii_to_ebcdic[b];
    if (from_to == cs::ascii_to_ibm) b = charset::ascii_to_ibm[b];
    c.table[i] = b;
  }
  c.translate = from_to != cs::none || letters != copy_conversion::letter_case::keep;
  // Blocking runs after the translation, so it looks for the newline and pads with the space as translated.
  c.newline = from_to == cs::ascii_to_ebcdic ? charset::ascii_to_ebcdic['\n'] : from_to == cs::ascii_to_ibm ? charset::ascii_to_ibm['\n'] : '\n';
  c.space = from_to == cs::ascii_to_ebcdic ? charset::ascii_to_ebcdic[' '] : from_to == cs::ascii_to_ibm ? charset::ascii_to_ibm[' '] : ' ';
}

namespace detail {

/// The converting stage of one copy: records in, converted bytes out to `emit(const std::byte*, n)`,
/// which returns false to stop. Keeps what spans records: swab's odd byte, the current line or
/// record of block/unblock, the spaces unblock holds back.
class copy_converter {
 public:
  explicit copy_converter(const copy_conversion& c) noexcept : c_(c) {}

  /// Converts `n` bytes of `data` (changed in place) and passes on the result.
  template <class Emit>
  bool convert(std::byte* data, std::size_t n, Emit&& emit) {
    if (n == 0) return true;
    if (c_.translate)
      for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<std::byte>(c_.table[static_cast<unsigned char>(data[i])]);
    if (!c_.swab) return reblock(data, n, emit);
    // The pairs run across records: a byte kept from the last record pairs with this one's first.
    std::size_t from = 0;
    if (saved_) {
      const std::byte pair[2] = {data[0], saved_byte_};
      saved_ = false;
      if (!reblock(pair, 2, emit)) return false;
      from = 1;
    }
    std::size_t even = from + (n - from) / 2 * 2;
    for (std::size_t i = from; i < even; i += 2) std::swap(data[i], data[i + 1]);
    if (even < n) saved_ = true, saved_byte_ = data[even];
    return reblock(data + from, even - from, emit);
  }

  /// The end of the input: the byte swab kept, and a last line or record block and unblock hold.
  template <class Emit>
  bool finish(Emit&& emit) {
    if (saved_) {
      saved_ = false;
      if (!reblock(&saved_byte_, 1, emit)) return false;
    }
    if (c_.records == copy_conversion::reblock::block && column_ > 0) return end_line(emit);
    if (c_.records == copy_conversion::reblock::unblock && column_ > 0) {
      column_ = 0, held_spaces_ = 0;
      const std::byte nl{static_cast<unsigned char>(c_.newline)};
      return emit(&nl, 1);
    }
    return true;
  }

  /// Lines that block cut short at cbs bytes (dd's "truncated records").
  std::uint64_t truncated() const noexcept { return truncated_; }

 private:
  template <class Emit>
  bool reblock(const std::byte* p, std::size_t n, Emit& emit) {
    switch (c_.records) {
      case copy_conversion::reblock::none: return emit(p, n);
      case copy_conversion::reblock::block: return block(p, n, emit);
      case copy_conversion::reblock::unblock: return unblock(p, n, emit);
    }
    return true;
  }

  // Lines to records of cbs bytes: a line is padded with spaces, or cut (and counted) when longer.
  template <class Emit>
  bool block(const std::byte* p, std::size_t n, Emit& emit) {
    while (n != 0) {
      const auto* end = static_cast<const std::byte*>(std::memchr(p, static_cast<unsigned char>(c_.newline), n));
      const std::size_t run = end ? static_cast<std::size_t>(end - p) : n;
      const std::size_t room = c_.cbs - column_;
      const std::size_t take = run < room ? run : room;
      if (take != 0 && !emit(p, take)) return false;
      column_ += take;
      if (run > room && !cut_) cut_ = true, ++truncated_;
      p += run, n -= run;
      if (end) {
        if (!end_line(emit)) return false;
        ++p, --n;
      }
    }
    return true;
  }

  template <class Emit>
  bool end_line(Emit& emit) {
    std::byte pad[64];
    std::memset(pad, c_.space, sizeof pad);
    for (std::size_t left = c_.cbs - column_; left != 0;) {
      const std::size_t k = left < sizeof pad ? left : sizeof pad;
      if (!emit(pad, k)) return false;
      left -= k;
    }
    column_ = 0, cut_ = false;
    return true;
  }

  // Records of cbs bytes to lines: trailing spaces dropped, a newline added.
  template <class Emit>
  bool unblock(const std::byte* p, std::size_t n, Emit& emit) {
    const std::byte nl{static_cast<unsigned char>(c_.newline)};
    for (std::size_t i = 0; i < n; ++i) {
      if (static_cast<unsigned char>(p[i]) == c_.space) {
        ++held_spaces_;
      } else {
        if (held_spaces_ != 0 && !emit_spaces(emit)) return false;
        if (!emit(p + i, 1)) return false;
      }
      if (++column_ == c_.cbs) {
        column_ = 0, held_spaces_ = 0;
        if (!emit(&nl, 1)) return false;
      }
    }
    return true;
  }

  template <class Emit>
  bool emit_spaces(Emit& emit) {
    std::byte pad[64];
    std::memset(pad, c_.space, sizeof pad);
    while (held_spaces_ != 0) {
      const std::size_t k = held_spaces_ < sizeof pad ? held_spaces_ : sizeof pad;
      if (!emit(pad, k)) return false;
      held_spaces_ -= k;
    }
    return true;
  }

  const copy_conversion& c_;
  bool saved_ = false;
  std::byte saved_byte_{};
  std::size_t column_ = 0;       // bytes of the current line (block) or record (unblock)
  bool cut_ = false;             // the current line is longer than cbs
  std::size_t held_spaces_ = 0;  // unblock: spaces that are trailing unless something follows
  std::uint64_t truncated_ = 0;
};

}  // namespace detail

}  // namespace raidbench
