#pragma once
/// A log-linear latency histogram in nanoseconds: fixed memory, O(1) record, mergeable.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>

namespace raidbench {

/// Counts latencies from 1 ns to 2^42 ns (73 minutes) in buckets at most 1/128 of their value wide:
/// values below 128 ns are exact, above that every power of two is split into 128 equal buckets.
/// A percentile is the midpoint of its bucket clamped to the observed min/max, so it is within
/// 0.4% of the exact sorted value. Longer values go to an explicit overflow count.
class latency_histogram {
 public:
  static constexpr int sub_bucket_bits = 7;
  static constexpr std::uint64_t sub_buckets = 1u << sub_bucket_bits;
  static constexpr int max_exponent = 42;
  static constexpr std::uint64_t max_trackable_ns = (std::uint64_t{1} << max_exponent) - 1;
  static constexpr std::size_t bucket_count = sub_buckets * (max_exponent - sub_bucket_bits + 1);

  /// Records one latency; never allocates. Only the owning thread records, but another thread may
  /// take a `live_copy` meanwhile: relaxed atomic stores make that safe at the cost of a plain store.
  void record(std::uint64_t ns) noexcept {
    store(count_, count_ + 1);
    store(sum_ns_, sum_ns_ + ns);
    if (ns < min_ns_) store(min_ns_, ns);
    if (ns > max_ns_) store(max_ns_, ns);
    if (ns > max_trackable_ns) {
      store(overflow_, overflow_ + 1);
      return;
    }
    std::uint64_t& bucket = buckets_[bucket_index(ns)];
    store(bucket, bucket + 1);
  }

  /// A consistent-enough copy taken while another thread records (each counter read atomically),
  /// for progress and per-interval reports.
  latency_histogram live_copy() const noexcept {
    latency_histogram out;
    for (std::size_t i = 0; i < bucket_count; ++i) out.buckets_[i] = load(buckets_[i]);
    out.overflow_ = load(overflow_);
    out.sum_ns_ = load(sum_ns_);
    out.min_ns_ = load(min_ns_);
    out.max_ns_ = load(max_ns_);
    // The count is the sum of what was copied, so percentiles never walk past the buckets.
    out.count_ = out.overflow_;
    for (auto b : out.buckets_) out.count_ += b;
    return out;
  }

  /// The values recorded since `earlier` (a live_copy of this histogram taken before): one interval.
  /// Its min and max are the bounds of the lowest and highest non-empty buckets.
  latency_histogram since(const latency_histogram& earlier) const noexcept {
    latency_histogram out;
    for (std::size_t i = 0; i < bucket_count; ++i) {
      out.buckets_[i] = buckets_[i] - earlier.buckets_[i];
      if (out.buckets_[i] == 0) continue;
      out.count_ += out.buckets_[i];
      out.min_ns_ = std::min(out.min_ns_, bucket_lowest(i));
      out.max_ns_ = std::max(out.max_ns_, bucket_highest(i));
    }
    out.overflow_ = overflow_ - earlier.overflow_;
    out.count_ += out.overflow_;
    if (out.overflow_) out.max_ns_ = max_ns_;
    out.sum_ns_ = sum_ns_ - earlier.sum_ns_;
    return out;
  }

  /// Adds another histogram's counts (threads merge theirs at the end of a run).
  void merge(const latency_histogram& other) noexcept {
    for (std::size_t i = 0; i < bucket_count; ++i) buckets_[i] += other.buckets_[i];
    count_ += other.count_;
    overflow_ += other.overflow_;
    sum_ns_ += other.sum_ns_;
    min_ns_ = std::min(min_ns_, other.min_ns_);
    max_ns_ = std::max(max_ns_, other.max_ns_);
  }

  void reset() noexcept { *this = latency_histogram{}; }

  std::uint64_t count() const noexcept { return count_; }
  std::uint64_t overflow_count() const noexcept { return overflow_; }
  std::uint64_t sum_ns() const noexcept { return sum_ns_; }
  std::uint64_t min_ns() const noexcept { return count_ ? min_ns_ : 0; }
  std::uint64_t max_ns() const noexcept { return max_ns_; }
  double mean_ns() const noexcept { return count_ ? static_cast<double>(sum_ns_) / static_cast<double>(count_) : 0.0; }

  /// The value below which `percent` % of the recorded latencies fall (nearest rank: the
  /// ceil(p/100 · n)-th smallest). 0 when nothing was recorded.
  double percentile_ns(double percent) const noexcept {
    if (count_ == 0) return 0.0;
    if (percent <= 0.0) return static_cast<double>(min_ns());
    if (percent >= 100.0) return static_cast<double>(max_ns_);
    auto rank = static_cast<std::uint64_t>(percent / 100.0 * static_cast<double>(count_));
    if (static_cast<double>(rank) < percent / 100.0 * static_cast<double>(count_)) ++rank;  // ceil
    rank = std::max<std::uint64_t>(rank, 1);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < bucket_count; ++i) {
      seen += buckets_[i];
      if (seen >= rank) return clamp_to_observed(bucket_midpoint(i));
    }
    return static_cast<double>(max_ns_);  // the rank falls among the overflowed values
  }

  /// Visits each non-empty bucket as (lowest value, highest value, count), for exports.
  template <class Visitor>
  void for_each_bucket(Visitor&& visit) const {
    for (std::size_t i = 0; i < bucket_count; ++i)
      if (buckets_[i] != 0) visit(bucket_lowest(i), bucket_highest(i), buckets_[i]);
  }

  /// Adds `n` values to the bucket holding `ns`; for rebuilding a histogram from its export.
  void add_to_bucket(std::uint64_t ns, std::uint64_t n) noexcept {
    if (ns > max_trackable_ns) overflow_ += n;
    else buckets_[bucket_index(ns)] += n;
  }
  /// Restores the summary fields after add_to_bucket, for rebuilding from an export.
  void set_summary(std::uint64_t count, std::uint64_t sum_ns, std::uint64_t min_ns, std::uint64_t max_ns) noexcept {
    count_ = count;
    sum_ns_ = sum_ns;
    min_ns_ = count ? min_ns : std::numeric_limits<std::uint64_t>::max();
    max_ns_ = max_ns;
  }

  static constexpr std::size_t bucket_index(std::uint64_t ns) noexcept {
    if (ns < sub_buckets) return static_cast<std::size_t>(ns);
    const int exponent = std::bit_width(ns) - 1;  // >= sub_bucket_bits
    const int shift = exponent - sub_bucket_bits;
    return static_cast<std::size_t>((static_cast<std::uint64_t>(shift + 1) << sub_bucket_bits) +
                                    ((ns >> shift) - sub_buckets));
  }
  static constexpr std::uint64_t bucket_lowest(std::size_t index) noexcept {
    if (index < sub_buckets) return index;
    const std::uint64_t shift = index / sub_buckets - 1;
    return (sub_buckets + index % sub_buckets) << shift;
  }
  static constexpr std::uint64_t bucket_highest(std::size_t index) noexcept {
    if (index < sub_buckets) return index;
    const std::uint64_t shift = index / sub_buckets - 1;
    return bucket_lowest(index) + (std::uint64_t{1} << shift) - 1;
  }

 private:
  static void store(std::uint64_t& to, std::uint64_t value) noexcept {
    std::atomic_ref<std::uint64_t>(to).store(value, std::memory_order_relaxed);
  }
  static std::uint64_t load(const std::uint64_t& from) noexcept {
    // atomic_ref<const T> is C++26; the load does not write.
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(from)).load(std::memory_order_relaxed);
  }
  static constexpr double bucket_midpoint(std::size_t index) noexcept {
    return (static_cast<double>(bucket_lowest(index)) + static_cast<double>(bucket_highest(index))) / 2.0;
  }
  double clamp_to_observed(double v) const noexcept {
    return std::clamp(v, static_cast<double>(min_ns_), static_cast<double>(max_ns_));
  }

  std::array<std::uint64_t, bucket_count> buckets_{};
  std::uint64_t count_ = 0;
  std::uint64_t overflow_ = 0;
  std::uint64_t sum_ns_ = 0;
  std::uint64_t min_ns_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_ns_ = 0;
};

}  // namespace raidbench
