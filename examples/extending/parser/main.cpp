// rb-ctrl with parsers of a user's own: mpt-status (mpt_status.hpp, the smallest complete parser) and
// 3ware tw_cli (tw_cli.hpp, a fuller one), beside the shipped ones. Every option, output and verdict
// of rb-ctrl works on what they read.
#include "mpt_status.hpp"
#include "raidbench/session/rb_ctrl.hpp"
#include "tw_cli.hpp"

int main(int argc, char** argv) {
  using namespace raidbench;
  return rb_ctrl_main(argc, argv, pipeline{}.with(builtin_parsers + parsers<mpt_status, tw_cli>));
}
