#pragma once
/// `rb-durable verify`: after the cut and the reboot, asks the server which write of each block was
/// acknowledged last, reads those blocks back (past the page cache where the target allows), and
/// says which acknowledged writes are missing, older or torn, per flush method; then reports the
/// outcome to the server, which adds it to the target's earlier cuts.
#include "raidbench/core/expected.hpp"
#include "raidbench/core/linkage.hpp"
#include "raidbench/durability/client.hpp"
#include "raidbench/durability/result.hpp"

namespace raidbench::durability {

/// Verifying needs nothing but the run's address.
using verify_options = run_address;

/// Verifies the target against the server's record; an error when the check cannot be made (no run
/// recorded for the name, a target that holds another run's stamps, a server that cannot be read).
RAIDBENCH_API expected<durability_result> verify_target(const verify_options& options);

}  // namespace raidbench::durability

#if RAIDBENCH_HEADER_ONLY
#include "raidbench/durability/impl/verifier.hpp"
#endif
