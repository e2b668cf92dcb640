#pragma once
// The controller options of raidbench's own tools, declared once on their command line: which dumps
// to read (or none, or the vendor tools found), and whether the controller read holds the device
// under test when nothing can show it. (The replicas keep their peers' parsers and read the same
// options in their peers' spelling, --controller-file=FILE.)
#include <string>

#include "raidbench/session/command_line.hpp"
#include "raidbench/controller/gather.hpp"

namespace raidbench::tools {

/// --controller-file FILE (repeatable), --no-controller, --controller-owns-target into `asked`.
inline void add_controller_options(command_line& cl, controller_request& asked) {
  cl.custom(
      "--controller-file FILE", [&asked](const std::string& file) { asked.files.emplace_back(file); },
      "a saved dump of a RAID tool (MegaCLI, StorCLI, ssacli, arcconf, mdadm, mdstat); repeatable "
      "(AdpAllInfo + PDList + AdpBbuCmd merge). Without one, the RAID tools found on PATH (and md "
      "arrays in /proc/mdstat) are read");
  cl.flag("--no-controller", [&asked] { asked.live = false; }, "do not look for a RAID controller");
  cl.flag("--controller-owns-target", asked.owns_target,
          "the controller read holds the disk under the files, when raidbench cannot see it (a dump "
          "without PCI address or target ids); the report says it was asserted");
}

}  // namespace raidbench::tools
