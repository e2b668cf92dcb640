// rb-compare with an importer of a user's own: hdparm -t/-T logs (hdparm.hpp) compare with each other
// and with every other side rb-compare reads.
#include "hdparm.hpp"
#include "raidbench/compare/builtin_importers.hpp"
#include "raidbench/session/rb_compare.hpp"

int main(int argc, char** argv) {
  using namespace raidbench;
  return rb_compare_main(argc, argv, pipeline{}.with(importers<hdparm_output> + builtin_importers));
}
