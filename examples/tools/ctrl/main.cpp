// rb-ctrl: reads RAID controller tools' output (files, stdin, or the vendor tools found on PATH) into
// one inventory and judges it (session/rb_ctrl.hpp, where the whole tool is, for a user's main to run
// with their own parsers and rules).
#include "raidbench/session/rb_ctrl.hpp"

int main(int argc, char** argv) { return raidbench::rb_ctrl_main(argc, argv); }
