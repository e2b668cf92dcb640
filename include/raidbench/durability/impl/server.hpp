#pragma once
// The server's definitions (see core/linkage.hpp): included by server.hpp when header-only, compiled
// once in raidbench_compiled otherwise.
#include <poll.h>

#include <ctime>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "raidbench/core/held_directory.hpp"
#include "raidbench/durability/protocol.hpp"
#include "raidbench/durability/record.hpp"
#include "raidbench/durability/server.hpp"

namespace raidbench::durability {

namespace detail {

/// What every client thread shares: the record, behind one lock (each append is fsync'd inside it,
/// so the acknowledgements are in the record's order).
struct server_state {
  server_state(held_directory d, durable_record r, std::function<void(const std::string&)> l, std::chrono::milliseconds t)
      : directory(std::move(d)), record(std::move(r)), log(std::move(l)), idle_timeout(t) {}
  held_directory directory;
  durable_record record;
  std::mutex lock;
  std::atomic<unsigned> clients{0};
  std::function<void(const std::string&)> log;
  std::chrono::milliseconds idle_timeout;
};

/// One request of a client that has said hello; the reply lines, or an error that ends the
/// connection. `run` is the writer's run once it began or resumed one.
inline expected<std::string> answer(server_state& s, std::string_view line, std::uint64_t& run, const std::string& peer) {
  const auto w = words_of(line);
  const std::string_view verb = w.empty() ? std::string_view() : w[0];
  const std::lock_guard held(s.lock);
  if (verb == "begin" && w.size() >= 6) {
    const auto id = hex_word(w[1], 16);
    const auto block = decimal_word(w[2]), size = decimal_word(w[3]);
    const std::string_view name = line.substr(w[5].data() - line.data());
    if (!id || *id == 0 || !block || *block == 0 || *block % 512 != 0 || !size || *size < *block || !valid_name(name))
      return fail("a begin request that does not parse");
    recorded_run r;
    r.id = *id;
    r.block_size = *block;
    r.size = *size;
    r.boot_id = std::string(w[4]);
    r.started = static_cast<std::int64_t>(std::time(nullptr));
    r.name = std::string(name);
    if (auto ok = s.record.begin(std::move(r)); !ok) return ok.err();
    run = *id;
    s.log(fmt::format("{} began run {} on {}", peer, run_text(run), name));
    return std::string("ok");
  }
  if (verb == "resume" && w.size() == 2) {
    const auto id = hex_word(w[1], 16);
    const recorded_run* r = id ? s.record.find(*id) : nullptr;
    if (!r) return fail("resume of a run this server has not recorded");
    run = *id;
    s.log(fmt::format("{} resumed run {} ({} writes acknowledged)", peer, run_text(run), r->writes));
    return fmt::format("ok {}", r->writes);
  }
  if (verb == "write" && w.size() == 5) {
    const auto offset = decimal_word(w[1]), generation = decimal_word(w[2]);
    const auto sum = hex_word(w[3], 8);
    const auto method = flush_method_named(w[4]);
    if (run == 0) return fail("a write before begin or resume");
    if (!offset || !generation || *generation > UINT32_MAX || !sum || !method) return fail("a write request that does not parse");
    if (auto ok = s.record.write(run, *offset, {static_cast<std::uint32_t>(*generation), static_cast<std::uint32_t>(*sum), *method}); !ok)
      return ok.err();
    return std::string("ok");
  }
  if (verb == "expect" && w.size() >= 2) {
    const std::string_view name = line.substr(w[1].data() - line.data());
    const recorded_run* r = s.record.latest(name);
    if (!r) return fail(fmt::format("no run recorded for {}", name));
    std::string out = fmt::format("run {} {} {} {} {} {}\n", run_text(r->id), r->block_size, r->size, r->boot_id, r->writes, r->started);
    for (const auto& [offset, b] : r->blocks)
      out += fmt::format("block {} {} {:08x} {}\n", offset, b.generation, b.checksum, name_of(b.method));
    out += fmt::format("end {}", r->blocks.size());
    return out;
  }
  if (verb == "verified" && w.size() == 5) {
    const auto id = hex_word(w[1], 16);
    const auto checked = decimal_word(w[2]), lost = decimal_word(w[3]);
    if (!id || !checked || !lost || (w[4] != "0" && w[4] != "1")) return fail("a verified request that does not parse");
    auto totals = s.record.verified(*id, {*checked, *lost, w[4] == "1", static_cast<std::int64_t>(std::time(nullptr))});
    if (!totals) return totals.err();
    s.log(fmt::format("{} verified run {}: {} of {} acknowledged writes lost", peer, run_text(*id), *lost, *checked));
    return fmt::format("ok {} {} {} {} {}", totals->cuts, totals->rebooted_cuts, totals->acknowledged, totals->checked, totals->lost);
  }
  return fail(fmt::format("an unknown request {}", quoted_reply(line)));
}

inline void serve_client(const std::shared_ptr<server_state>& s, line_socket client) {
  const std::string peer = client.peer();
  const auto hello = client.read_line(s->idle_timeout);
  if (!hello) return;
  const auto w = words_of(*hello);
  if (w.size() != 2 || w[0] != protocol_name) {
    (void)client.send_line(fmt::format("error this is an rb-durable server ({}); it expected a hello", hello_line()));
    s->log(fmt::format("{} refused: it sent {} instead of a hello", peer, quoted_reply(*hello)));
    return;
  }
  if (decimal_word(w[1]) != protocol_version) {
    (void)client.send_line(fmt::format("{} refused: this server speaks protocol version {} only", hello_line(), protocol_version));
    s->log(fmt::format("{} refused: it speaks protocol version {}", peer, w[1]));
    return;
  }
  if (!client.send_line(hello_line() + " ok")) return;
  std::uint64_t run = 0;
  for (;;) {
    const auto line = client.read_line(s->idle_timeout);
    if (!line || *line == "bye") return;
    const auto reply = answer(*s, *line, run, peer);
    if (!reply) {
      (void)client.send_line("error " + reply.message());
      s->log(fmt::format("{}: {}", peer, reply.message()));
      return;
    }
    if (!client.send_line(*reply)) return;
  }
}

}  // namespace detail

RAIDBENCH_API expected<void> serve(const serve_options& options, const std::atomic<bool>& stop,
                                   const std::function<void(const endpoint&)>& ready,
                                   const std::function<void(const std::string&)>& log) {
  auto dir = held_directory::open_or_create(options.record_directory, named_by::user);
  if (!dir) return dir.err();
  auto record = durable_record::open(*dir, record_file_name);
  if (!record) return record.err();
  auto l = listen_on(options.listen);
  if (!l) return l.err();
  auto state = std::make_shared<detail::server_state>(std::move(*dir), std::move(*record), log, options.idle_timeout);
  ready(l->bound);
  while (!stop.load()) {
    pollfd p{l->fd.get(), POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    auto client = accept_from(*l);
    if (!client) continue;  // a connection reset before it was taken, or EINTR
    if (state->clients.load() >= options.max_clients) {
      (void)client->send_line(fmt::format("error the server serves {} clients already", options.max_clients));
      continue;
    }
    ++state->clients;
    // Detached: each holds the shared state; the process's exit ends them (every acknowledged
    // write is in the record by then). A client whose thread fails (memory) is dropped, not the server.
    try {
      std::thread([state, c = std::move(*client)]() mutable {
        try {
          detail::serve_client(state, std::move(c));
        } catch (const std::exception& e) {
          state->log(fmt::format("a client dropped: {}", e.what()));
        }
        --state->clients;
      }).detach();
    } catch (const std::system_error& e) {
      --state->clients;
      log(fmt::format("a client refused: cannot start its thread: {}", e.what()));
    }
  }
  return {};
}

}  // namespace raidbench::durability
