// A paced run (timing::gated with a rate) records two latencies per request: the service latency,
// from its submission, and the response latency, from the time the schedule gave it. Against a
// synthetic device that stalls once for a known time (a pipe whose writer pauses), the response
// p99 holds the stall and the service p99 does not, each within the histogram's error.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "raidbench/core/units.hpp"
#include "raidbench/result/result_json.hpp"
#include "raidbench/run/runner.hpp"

using namespace raidbench;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_SUITE(paced_test)

// A histogram's percentile is within 1/256 of the exact value (latency_histogram.hpp).
constexpr double histogram_error = 1.0 / 256;

// A device read through a one-page pipe: a writer thread supplies `blocks` blocks of 4 KiB as fast
// as they are read, except that before block `stall_at` it pauses for `stall`.
struct stalling_device {
  int read_end = -1, write_end = -1;
  std::thread writer;

  stalling_device(std::size_t blocks, std::size_t stall_at, std::chrono::milliseconds stall) {
    int fds[2];
    BOOST_TEST_REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
    read_end = fds[0];
    write_end = fds[1];
    ::fcntl(write_end, F_SETPIPE_SZ, 4096);  // one block ahead at most: the reader meets the pause
    writer = std::thread([=, this] {
      const std::vector<char> block(4096, 'x');
      for (std::size_t i = 0; i < blocks; ++i) {
        if (i == stall_at) std::this_thread::sleep_for(stall);
        for (std::size_t done = 0; done < block.size();) {
          const long n = ::write(write_end, block.data() + done, block.size() - done);
          if (n <= 0) return;
          done += static_cast<std::size_t>(n);
        }
      }
    });
  }
  ~stalling_device() {
    ::close(read_end);  // a writer still writing gets EPIPE and ends
    writer.join();
    ::close(write_end);
  }
};

BOOST_AUTO_TEST_CASE(the_response_latency_holds_a_stall_and_the_service_latency_does_not) {
  // 2,000 reads scheduled every 100 µs; the device stalls 50 ms before read 500.
  constexpr std::size_t requests = 2000;
  constexpr auto stall = 50ms;
  constexpr double gap_ns = 100'000;
  stalling_device device(requests, 500, stall);
  const auto r = run(workload(engine::stream, mix::reads, block{4_KiB}, target::descriptor{device.read_end, 0},
                              timing::gated{.rate = 10'000, .process = timing::arrival::uniform},
                              stop::after{.ops = requests}));
  BOOST_TEST_REQUIRE(r.has_value(), (r ? "" : r.message()));
  BOOST_TEST(r->stats.of(op_kind::read).ops == requests);
  BOOST_TEST(r->workload.rate_process == "uniform");
  const auto* response = r->stats.response_of(op_kind::read);
  BOOST_TEST_REQUIRE(response != nullptr);
  const auto& service = r->stats.of(op_kind::read).latency;
  BOOST_TEST(response->count() == requests);
  BOOST_TEST(service.count() == requests);

  const double stall_ns = std::chrono::duration<double, std::nano>(stall).count();
  // The request that met the pause waited for most of it (however late a loaded machine issued it).
  BOOST_TEST(static_cast<double>(service.max_ns()) >= stall_ns / 2);
  // The stall held back the requests scheduled in it: the top 1 % (20 requests, 2 ms of schedule)
  // were each later than the stall less those 2 ms and the two blocks the pipe and reader held
  // before the pause; 4 ms allowed for them.
  BOOST_TEST(response->percentile_ns(99) >= (stall_ns - 40 * gap_ns) * (1 - histogram_error));
  // Each of them, once issued, was served at once: one slow request is no 1 %.
  BOOST_TEST(service.percentile_ns(99) < stall_ns / 2);
  // No request answers before it was scheduled and then submitted.
  BOOST_TEST(response->percentile_ns(50) >= service.percentile_ns(50) * (1 - histogram_error));
}

BOOST_AUTO_TEST_CASE(an_unpaced_run_has_no_response_latency_and_a_paced_one_keeps_it_in_json) {
  stalling_device quick(200, 200, 0ms);
  const auto unpaced = run(workload(engine::stream, mix::reads, block{4_KiB}, target::descriptor{quick.read_end, 0},
                                    timing::gated{}, stop::after{.ops = 100}));
  BOOST_TEST_REQUIRE(unpaced.has_value(), (unpaced ? "" : unpaced.message()));
  BOOST_TEST(unpaced->stats.response_of(op_kind::read) == nullptr);
  BOOST_TEST(unpaced->workload.rate_process == "");
  BOOST_TEST(!nlohmann::json(*unpaced)["statistics"].contains("response_latency"));

  const auto paced = run(workload(engine::stream, mix::reads, block{4_KiB}, target::descriptor{quick.read_end, 0},
                                  timing::gated{.rate = 20'000}, stop::after{.ops = 100}));
  BOOST_TEST_REQUIRE(paced.has_value(), (paced ? "" : paced.message()));
  BOOST_TEST(paced->workload.rate_process == "poisson");
  const nlohmann::json j = *paced;
  BOOST_TEST(j["statistics"]["response_latency"]["read"]["count"] == 100);
  const auto back = j.get<result>();
  BOOST_TEST_REQUIRE(back.stats.response_of(op_kind::read) != nullptr);
  BOOST_TEST(back.stats.response_of(op_kind::read)->count() == 100u);
  BOOST_TEST(back.stats.response_of(op_kind::read)->percentile_ns(99) ==
             paced->stats.response_of(op_kind::read)->percentile_ns(99));
}

BOOST_AUTO_TEST_SUITE_END()
