// rb-compare: is B faster than A, by how much, is it real, and is it safe? (session/rb_compare.hpp,
// where the whole tool is, for a user's main to run with their own importers, parsers and rules.)
#include "raidbench/session/rb_compare.hpp"

int main(int argc, char** argv) { return raidbench::rb_compare_main(argc, argv); }
