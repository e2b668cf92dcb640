#pragma once
/// Parser traits for Adaptec/Microsemi/IBM ServeRAID `arcconf GETCONFIG n [AL|AD|LD|PD|AR]`, old
/// (5.x, "Logical drive") and new (SmartRAID, "Logical Device", arrays) layouts.
#include "raidbench/controller/shipped_parsers.hpp"

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/controller/impl/arcconf.hpp"
#endif
