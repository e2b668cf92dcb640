// prepare, cleanup, the options banner variants and --report-interval lines against sysbench 1.0.20.
#include <boost/test/unit_test.hpp>

#include <regex>
#include <sstream>
#include <string>

#include "../support/slurp.hpp"
#include "peer.hpp"

using raidbench::test::run_in;
using raidbench::test::run_both_in;

BOOST_AUTO_TEST_SUITE(compare_prepare_test)

BOOST_AUTO_TEST_CASE(prepare_and_cleanup_print_what_sysbench_prints) {
  raidbench::test::temp_dir peer_dir, our_dir;
  const std::string options = " --file-total-size=3M --file-num=3";
  const auto peer = run_in(peer_dir.path(), "sysbench fileio" + options + " prepare");
  const auto ours = run_in(our_dir.path(), std::string(RB_FILEIO) + options + " prepare");
  raidbench::test::check_same_structure(peer.out, ours.out, "prepare");
  for (int i = 0; i < 3; ++i) {
    const std::string name = "test_file." + std::to_string(i);
    BOOST_TEST(std::filesystem::file_size(our_dir / name) == std::filesystem::file_size(peer_dir / name));
  }
  const auto again = run_in(our_dir.path(), std::string(RB_FILEIO) + options + " prepare");
  BOOST_TEST(again.out.find("Reusing existing file test_file.2") != std::string::npos);
  raidbench::test::check_same_structure(run_in(peer_dir.path(), "sysbench fileio" + options + " cleanup").out,
                                        run_in(our_dir.path(), std::string(RB_FILEIO) + options + " cleanup").out,
                                        "cleanup");
  BOOST_TEST(std::filesystem::is_empty(our_dir.path()));
}

// The 0.4 spellings old write-ups use, with sysbench 1.0.20's warnings on the same streams; a seqwr
// prepare creates the files as any other (the run recreates them).
BOOST_AUTO_TEST_CASE(old_spellings_warn_as_sysbench_and_seqwr_prepares) {
  raidbench::test::temp_dir peer_dir, our_dir, errors;
  const std::string options =
      " --test=fileio --max-time=1 --max-requests=5 --num-threads=1 --file-test-mode=seqwr --file-total-size=2M --file-num=2 prepare";
  // In braces: run_in sends the group's stderr to stdout, after the command's own went to the file.
  const auto peer = run_in(peer_dir.path(), "{ sysbench" + options + " 2>" + (errors / "peer").string() + "; }");
  const auto ours = run_in(our_dir.path(), "{ " RB_FILEIO + options + " 2>" + (errors / "ours").string() + "; }");
  BOOST_TEST(ours.status == peer.status);
  raidbench::test::check_same_structure(peer.out, ours.out, "stdout of" + options);
  BOOST_TEST(ours.out.rfind("WARNING: --max-requests is deprecated, use --events instead\n"
                            "WARNING: --max-time is deprecated, use --time instead\nsysbench 1.0.20 (", 0) == 0u,
             ours.out);
  const std::string stderr_text = raidbench::test::slurp(errors / "ours");
  BOOST_TEST(stderr_text == raidbench::test::slurp(errors / "peer"));
  BOOST_TEST(stderr_text.find("WARNING: the --test option is deprecated.") == 0u, stderr_text);
  for (const char* name : {"test_file.0", "test_file.1"})
    BOOST_TEST(std::filesystem::file_size(our_dir / name) == std::filesystem::file_size(peer_dir / name), name);
  // An old spelling counts when set (above 1 thread, above 0 else), and a run with no limit is announced.
  for (const char* more : {" --num-threads=2 --max-requests=0 --max-time=0 --time=0 --tx-rate=5 cleanup",
                           " --num-threads=1 --threads=3 --max-time=2 --events=0 --rate=0 cleanup",
                           " --num-threads=2 --threads=0 cleanup", " --max-time=5 --tx-rate=3 help",
                           " --rate=+7 --tx-rate=-5 cleanup", " --rate= --tx-rate=0 cleanup"}) {
    const auto peer_words = run_in(peer_dir.path(), "{ sysbench fileio" + std::string(more) + " 2>/dev/null; }");
    const auto our_words = run_in(our_dir.path(), "{ " RB_FILEIO " fileio" + std::string(more) + " 2>/dev/null; }");
    BOOST_TEST(our_words.status == peer_words.status);
    raidbench::test::check_same_structure(peer_words.out, our_words.out, more);
  }
}

// --format=sysbench-0.4 for every command: 0.4.12's banner, prepare and cleanup lines (the library's
// report test holds the run's layout), and none of sysbench 1.0.20's warnings, which 0.4.12 never printed.
BOOST_AUTO_TEST_CASE(the_0_4_format_for_prepare_run_and_cleanup) {
  raidbench::test::temp_dir dir;
  const std::string tool = std::string(RB_FILEIO) + " --format=sysbench-0.4 --test=fileio --file-num=2 --file-total-size=2M";
  const std::string banner = "sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\n";
  const auto prepare = run_in(dir.path(), tool + " prepare");
  BOOST_TEST(prepare.status == 0);
  BOOST_TEST(prepare.out == banner + "2 files, 1024Kb each, 2Mb total\nCreating files for the test...\n");
  const auto run =
      run_in(dir.path(), "{ " + tool + " --file-test-mode=rndrd --max-requests=100 --max-time=0 --num-threads=2 run 2>/dev/null; }");
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out.rfind(banner + "Running the test with following options:\nNumber of threads: 2\n\n"
                                    "Extra file open flags: 0\n2 files, 1Mb each\n", 0) == 0u, run.out);
  BOOST_TEST(run.out.find("Threads started!\nDone.\n\nOperations performed:  100 Read, 0 Write, 0 Other = 100 Total\n") !=
             std::string::npos, run.out);
  BOOST_TEST(run.out.find("WARNING") == std::string::npos, run.out);
  const auto cleanup = run_in(dir.path(), tool + " cleanup");
  BOOST_TEST(cleanup.out == banner + "Removing test files...\n");
  BOOST_TEST(std::filesystem::is_empty(dir.path()));
}

// --verbosity from 0 to 5 on both tools, one thread (at 5 sysbench's threads log in any order):
// nothing at 0-2, the default at 3, how the run ended and "Done." at 4, DEBUG lines at 5.
BOOST_AUTO_TEST_CASE(verbosity_levels_as_sysbench) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=2M --file-num=2";
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + size + " prepare").status == 0);
  // The event limit at every level; the time limit (a second of each tool) where it is printed, on
  // O_DSYNC writes, which wait on the disk instead of keeping a core busy for the second.
  const std::pair<const char*, const char*> runs[] = {
      {"0", " --file-test-mode=seqrd --events=50 --time=0"}, {"2", " --file-test-mode=seqrd --events=50 --time=0"},
      {"3", " --file-test-mode=rndwr --events=50 --time=0"}, {"4", " --file-test-mode=rndwr --events=50 --time=0"},
      {"4", " --file-test-mode=rndwr --file-extra-flags=dsync --time=1"}, {"5", " --file-test-mode=seqrd --events=50 --time=0"}};
  for (const auto& [level, mode] : runs) {
    const std::string options = size + mode + " --verbosity=" + level + " run";
    const auto [peer, ours] = run_both_in(dir.path(), "sysbench fileio" + options, "{ " RB_FILEIO + options + " 2>/dev/null; }");
    BOOST_TEST(ours.status == peer.status, options);
    raidbench::test::check_same_structure(peer.out, ours.out, options);
    if (std::string(level) < "3") BOOST_TEST(ours.out.empty(), options << ": " << ours.out);
  }
}

// sysbench counts each periodic fsync of a file as an event against --events (sysbench 1.0.20's own
// test expects 150 events for --events=150 in every mode): the same totals, on the same 4 files.
BOOST_AUTO_TEST_CASE(fsyncs_are_events_as_in_sysbench) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=8M --file-num=4";
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + size + " prepare").status == 0);
  const auto line = [](const std::string& out, const std::string& label) {
    const auto at = out.find(label);
    return at == std::string::npos ? std::string("(missing)") : out.substr(at, out.find('\n', at) - at);
  };
  for (const char* mode : {"rndwr", "rndrw", "seqrewr", "seqwr"})
    for (const char* events : {"150", "103", "102"}) {  // 102, 103: the limit falls inside a round of fsyncs
      const std::string options = size + " --file-test-mode=" + mode + " --events=" + events + " --time=0 run";
      const auto peer = run_in(dir.path(), "sysbench fileio" + options);
      const auto ours = run_in(dir.path(), "{ " RB_FILEIO + options + " 2>/dev/null; }");
      BOOST_TEST(line(ours.out, "total number of events:") == line(peer.out, "total number of events:"), options);
      BOOST_TEST(line(ours.out, "events (avg/stddev):") == line(peer.out, "events (avg/stddev):"), options);
    }
}

// --debug and --rate: sysbench's banner lines, a DEBUG line per request in the order sysbench issues
// them (reads, writes, each file's fsync of a round), the per-thread statistics, --tx-rate's warning.
// Paced runs are short (40 events at 400/s); at default verbosity, as at 5 sysbench's event generator
// and worker threads log in either order. Threads that cannot keep up with the rate fail as sysbench's.
BOOST_AUTO_TEST_CASE(debug_and_rate_as_sysbench) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=2M --file-num=2";
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + size + " prepare").status == 0);
  // sysbench's logger folds a line equal to the one before it into "(last message repeated N
  // times)"; two random requests in a row at one block fold on one side only, so the random runs are
  // compared unfolded. The folding itself is compared below, where every request is the same.
  const auto unfold = [](const std::string& out) {
    static const std::regex fold(R"(^\(last message repeated (\d+) times\)$)");
    std::string text, previous, line;
    std::istringstream in(out);
    std::smatch m;
    while (std::getline(in, line)) {
      if (std::regex_match(line, m, fold))
        for (int i = std::stoi(m[1].str()); i > 0; --i) text += previous + "\n";
      else text += (previous = line) + "\n";
    }
    return text;
  };
  const auto operations = [](const std::string& out) {
    std::string ops;
    constexpr std::string_view prefix = "DEBUG: Executing request, operation: ";
    for (std::size_t at = out.find(prefix); at != std::string::npos; at = out.find(prefix, at + 1)) ops += out[at + prefix.size()];
    return ops;
  };
  for (const char* extra : {" --file-test-mode=rndrw --events=12 --time=0 --file-fsync-freq=3 --debug",
                            " --file-test-mode=seqrewr --events=20 --time=0 --file-fsync-freq=4 --debug=on --file-io-mode=mmap",
                            " --file-test-mode=rndrd --events=40 --time=0 --rate=400",
                            " --file-test-mode=rndwr --events=40 --time=0 --tx-rate=400 --file-io-mode=async"}) {
    const auto peer = run_in(dir.path(), "sysbench fileio" + size + extra + " run");
    const auto ours = run_in(dir.path(), std::string(RB_FILEIO) + size + extra + " run");
    BOOST_TEST(ours.status == 0);
    BOOST_TEST(peer.status == 0);
    const std::string theirs = unfold(peer.out), mine = unfold(ours.out);
    raidbench::test::check_same_structure(theirs, mine, extra);
    BOOST_TEST(operations(mine) == operations(theirs), extra);
    if (std::string_view(extra).find("--debug") != std::string_view::npos) BOOST_TEST(operations(mine).size() >= 12u);
  }
  const std::string flood = size + " --file-test-mode=rndwr --rate=10000000 --time=5 run";
  const auto peer = run_in(dir.path(), "sysbench fileio" + flood);
  const auto ours = run_in(dir.path(), std::string(RB_FILEIO) + flood);
  BOOST_TEST(ours.status == 1);
  BOOST_TEST(peer.status == 1);
  // sysbench sets its error flag before its event thread logs the FATAL line (sysbench.c), so its
  // main thread may exit first and the line is lost; rb-fileio always prints it.
  const std::string fatal = "FATAL: The event queue is full. This means the worker threads are unable to keep up with the "
                            "specified event generation rate\n";
  const auto at = ours.out.find(fatal);
  BOOST_TEST_REQUIRE(at != std::string::npos, ours.out);
  const std::string ours_as_peer = peer.out.find("FATAL: The event queue is full") != std::string::npos
                                       ? ours.out
                                       : ours.out.substr(0, at) + ours.out.substr(at + fatal.size());
  raidbench::test::check_same_structure(peer.out, ours_as_peer, flood);
  // One file of one block: every request is the same line, and both fold it the same way.
  const std::string one_block = " --file-num=1 --file-total-size=16K";
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + one_block + " prepare").status == 0);
  const std::string same = one_block + " --file-test-mode=seqrewr --events=5 --time=0 --debug run";
  const auto peer_folds = run_in(dir.path(), "sysbench fileio" + same);
  const auto ours_folds = run_in(dir.path(), std::string(RB_FILEIO) + same);
  BOOST_TEST(ours_folds.out.find("size: 16384\n(last message repeated 4 times)\nEvent limit exceeded, exiting...\n") != std::string::npos,
             ours_folds.out);
  raidbench::test::check_same_structure(peer_folds.out, ours_folds.out, same);
}

// The timed runs flush (--file-fsync-all) or write O_DSYNC: they wait on the disk, not on a core, so
// sysbench and rb-fileio run at once.
BOOST_AUTO_TEST_CASE(banner_variants_and_interval_lines) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=2M --file-num=2";
  BOOST_TEST_REQUIRE(run_in(dir.path(), "sysbench fileio" + size + " prepare").status == 0);
  for (const char* extra :
       {" --file-test-mode=rndrw --threads=2 --rand-seed=7 --events=3000 --time=0 --percentile=0 --file-extra-flags=sync",
        " --file-test-mode=seqrewr --file-fsync-all --file-merged-requests=2 --file-fsync-mode=fdatasync --percentile=99 --time=1",
        " --file-test-mode=rndrw --file-extra-flags=dsync --report-interval=1 --time=2 --file-rw-ratio=3 --file-fsync-freq=0"
        " --file-fsync-end=off",
        " --file-test-mode=seqrd --file-extra-flags= --events=100 --time=0",
        " --file-test-mode=rndrw --file-fsync-all --report-checkpoints=1 --time=2",
        " --file-test-mode=rndrd --events=100 --time=0 --forced-shutdown=5 --thread-stack-size=64K --rate=0 --tx-rate=0"
        " --report-checkpoints= --validate=off --debug=off"}) {
    const auto [peer, ours] =
        run_both_in(dir.path(), "sysbench fileio" + size + extra + " run", std::string(RB_FILEIO) + size + extra + " run");
    BOOST_TEST(ours.status == 0);
    raidbench::test::check_same_structure(peer.out, ours.out, extra);
  }
}

// --validate: blocks in sysbench's layout, so that files either tool prepared validate in the other,
// in every I/O mode and with several threads, and a changed byte stops both with the same FATAL
// lines and exit status.
BOOST_AUTO_TEST_CASE(validated_blocks_as_sysbench) {
  raidbench::test::temp_dir dir;
  const std::string size = " --file-total-size=2M --file-num=2 --validate";
  const std::string read = size + " --file-test-mode=rndrd --events=2000 --time=0 run";
  const std::string ours = RB_FILEIO, peer = "sysbench fileio";
  for (const auto& [prepares, reads] : {std::pair{peer, ours}, std::pair{ours, peer}}) {
    BOOST_TEST_CONTEXT(prepares << " prepares, " << reads << " reads") {
      BOOST_TEST_REQUIRE(run_in(dir.path(), prepares + size + " prepare").status == 0);
      const auto r = run_in(dir.path(), reads + read);
      BOOST_TEST(r.status == 0, r.out);
      BOOST_TEST(r.out.find("Validation checks: on.\n\n") != std::string::npos, r.out);
      BOOST_TEST(r.out.find("Using checksums validation.\n") != std::string::npos, r.out);
      BOOST_TEST(run_in(dir.path(), prepares + size + " cleanup").status == 0);
    }
  }
  BOOST_TEST_REQUIRE(run_in(dir.path(), ours + size + " prepare").status == 0);
  // Writes and reads of four threads, none on a block another holds: every check passes, as sysbench's.
  for (const char* mode : {"sync", "async", "mmap"}) {
    const std::string mixed = size + " --file-io-mode=" + mode + " --threads=4 --file-test-mode=rndrw --events=4000 --time=0 run";
    const auto theirs = run_in(dir.path(), peer + mixed), mine = run_in(dir.path(), ours + mixed);  // one at a time: same files
    BOOST_TEST_CONTEXT(mode) {
      BOOST_TEST(theirs.status == 0, theirs.out);
      BOOST_TEST(mine.status == 0, mine.out);
    }
  }
  BOOST_TEST_REQUIRE(run_in(dir.path(), "printf XXXX | dd of=test_file.1 bs=1 seek=20000 conv=notrunc status=none").status == 0);
  const std::string fatal = "FATAL: Checksum mismatch in block with offset: 16384\nFATAL:     Calculated value: 0x";
  for (const char* mode : {"sync", "async", "mmap"}) {
    const std::string seq = size + " --file-io-mode=" + std::string(mode) + " --file-test-mode=seqrd --time=0 run";
    const auto peer_bad = run_in(dir.path(), peer + seq), our_bad = run_in(dir.path(), ours + seq);
    BOOST_TEST_CONTEXT(mode) {
      BOOST_TEST(peer_bad.out.find(fatal) != std::string::npos, peer_bad.out);
      BOOST_TEST(our_bad.out.substr(our_bad.out.find("FATAL: ")) == peer_bad.out.substr(peer_bad.out.find("FATAL: ")));
      BOOST_TEST(our_bad.status == peer_bad.status);
      BOOST_TEST(our_bad.status == 1);
    }
  }
}

// Files shorter than the run needs: sysbench 1.0.20's FATAL and WARNING, on the same stream, and its
// exit code (as its own test_fileio.t checks, GH-196).
BOOST_AUTO_TEST_CASE(files_too_short_for_the_run_fail_as_sysbench) {
  raidbench::test::temp_dir peer_dir, our_dir;
  const std::string args = " --file-num=4 --verbosity=2";
  BOOST_TEST_REQUIRE(run_in(peer_dir.path(), "sysbench fileio" + args + " --file-total-size=1M prepare").status == 0);
  BOOST_TEST_REQUIRE(run_in(our_dir.path(), std::string(RB_FILEIO) + args + " --file-total-size=1M prepare").status == 0);
  const std::string run = args + " --file-total-size=32M --file-test-mode=rndwr --events=1 run";
  const auto peer = run_in(peer_dir.path(), "sysbench fileio" + run);
  const auto ours = run_in(our_dir.path(), std::string(RB_FILEIO) + run);
  BOOST_TEST(peer.out == "FATAL: Size of file 'test_file.0' is 256KiB, but at least 8MiB is expected.\n"
                         "WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?\n");
  BOOST_TEST(ours.out == peer.out);
  BOOST_TEST(ours.status == peer.status);
}

// The words of the command line as sysbench reads them: the test's name, the command, nothing more
// (a third is refused before the banner). rb-fileio's own form, the command alone, is not compared.
BOOST_AUTO_TEST_CASE(command_words_as_sysbench) {
  raidbench::test::temp_dir dir, errors;
  // No test named: sysbench runs the (here empty) Lua script on standard input, options unread.
  for (const char* words : {"foo", "foo bar", "foo bar baz", "fileio foo", "fileio run cleanup", "fileio help extra",
                            "--file-test-mode=seqwr foo", "fileio help", "fileio --file-num=2 help", "</dev/null",
                            "--unknown </dev/null", "--file-test-mode=seqwr </dev/null", "--help a b c",
                            "fileio run cleanup --version"}) {
    const auto peer = run_in(dir.path(), std::string("{ sysbench ") + words + " 2>" + (errors / "peer").string() + "; }");
    const auto ours = run_in(dir.path(), std::string("{ " RB_FILEIO " ") + words + " 2>" + (errors / "ours").string() + "; }");
    BOOST_TEST(ours.status == peer.status, words);
    raidbench::test::check_same_structure(peer.out, ours.out, words);
    BOOST_TEST(raidbench::test::slurp(errors / "ours") == raidbench::test::slurp(errors / "peer"), words);
  }
  // --help wins over the words, and its first line is sysbench's bare "Usage:".
  for (const char* words : {"--help", "--help foo", "fileio --help run", "--help=on foo"}) {
    const auto peer = run_in(dir.path(), std::string("sysbench ") + words + " | head -1");
    const auto ours = run_in(dir.path(), std::string(RB_FILEIO " ") + words + " | head -1");
    BOOST_TEST(peer.out == "Usage:\n", words);
    BOOST_TEST(ours.out == peer.out, words);
  }
  BOOST_TEST(run_in(dir.path(), RB_FILEIO " --help foo >/dev/null").status == 0);
  // --version in sysbench's shape, raidbench inside the parentheses as in the banner.
  for (const char* version : {" --version", " --version foo", " --file-num=abc --version"})
    BOOST_TEST(run_in(dir.path(), RB_FILEIO + std::string(version)).out == "sysbench 1.0.20 (raidbench rb-fileio 0.1.0)\n", version);
  BOOST_TEST(run_in(dir.path(), "sysbench --version").out.starts_with("sysbench 1.0.20"));
  // A Lua script on standard input is refused after the banner: rb-fileio runs no Lua.
  const auto script = run_in(dir.path(), "echo \"print('x')\" | " RB_FILEIO);
  BOOST_TEST(script.status == 1);
  BOOST_TEST(script.out.find("\nFATAL: a Lua script on standard input: rb-fileio runs sysbench's fileio test only") != std::string::npos,
             script.out);
  // A person at a terminal is asked for the test, not left waiting for a script (script(1) gives a
  // terminal; timeout ends a wait that would be the bug).
  const auto terminal = run_in(dir.path(), "timeout 20 script -qec '" RB_FILEIO "' /dev/null");
  BOOST_TEST(terminal.status == 1, terminal.out);
  BOOST_TEST(terminal.out.find("The 'fileio' test requires a command argument") != std::string::npos, terminal.out);
  // An endless input is not read to its end, and one that cannot be read is an error.
  BOOST_TEST(run_in(dir.path(), "yes | " RB_FILEIO " >/dev/null").status == 1);
  const auto directory = run_in(dir.path(), RB_FILEIO " < .");
  BOOST_TEST(directory.status == 1);
  BOOST_TEST(directory.out.find("FATAL: cannot read the script on standard input: Is a directory") != std::string::npos, directory.out);
}

// The page-cache note reaches a person at a terminal (script(1) gives the run one) and nobody else.
BOOST_AUTO_TEST_CASE(page_cache_note_only_on_a_terminal) {
  raidbench::test::temp_dir dir;
  const std::string tool = std::string(RB_FILEIO) + " --file-num=2 --file-total-size=2M";
  BOOST_TEST_REQUIRE(run_in(dir.path(), tool + " prepare").status == 0);
  const std::string run = tool + " --file-test-mode=rndrd --events=10 --time=0 run";
  const auto terminal = run_in(dir.path(), "script -qec '" + run + "' /dev/null");
  BOOST_TEST(terminal.status == 0);
  BOOST_TEST(terminal.out.find("Note: the file set (2 MiB) fits in RAM") != std::string::npos, terminal.out);
  const auto captured = run_in(dir.path(), run);
  BOOST_TEST(captured.status == 0);
  BOOST_TEST(captured.out.find("Note:") == std::string::npos, captured.out);
}

BOOST_AUTO_TEST_SUITE_END()
