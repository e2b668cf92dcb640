// rb-ctrl with a verdict rule of a user's own (no_hot_spare.hpp) after the shipped ones: its verdicts
// reach the summary, the JSON, the Prometheus metrics and the plugin's status like the others'.
#include "no_hot_spare.hpp"
#include "raidbench/session/rb_ctrl.hpp"

int main(int argc, char** argv) {
  using namespace raidbench;
  return rb_ctrl_main(argc, argv, pipeline{}.with(builtin_rules + rules<no_hot_spare>));
}
