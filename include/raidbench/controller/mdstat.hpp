#pragma once
/// Parser traits for Linux software RAID as /proc/mdstat shows it: each md array becomes a virtual
/// drive of one "controller" (the host's md layer), its member devices physical drives.
#include "raidbench/controller/shipped_parsers.hpp"

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/mdstat.hpp"
#endif
