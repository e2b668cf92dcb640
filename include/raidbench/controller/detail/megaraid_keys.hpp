#pragma once
/// Keys that MegaCLI and StorCLI both print, because both show the same LSI/Broadcom MegaRAID firmware
/// properties, and that both parsers read past on purpose: the model has no field for them, or the
/// block that models them is another one than where they are read past (Strip Size, Disk Cache
/// Policy, Serial Number…). Consulted only after a parser's own reading of a line has failed.
#include <string_view>

#include "raidbench/text/toolkit.hpp"

namespace raidbench::detail::megaraid {

inline constexpr text::line_list ignored_firmware_keys{R"(
Access Policy
Alarm
Alarm Control
Allow Boot with Preserved Cache
Allow Ctrl Encryption
Allow Mixed Redundancy on Array
Any Offline VD Cache Preserved
Auto Enhanced Import
Auto Learn Period
Auto Rebuild
Auto-Learn Mode
BGI Rate
BIOS Enumerate VDs
Battery Warning
Block SSD Write Disk Cache Change
Boot Block Version
BreakMirror RAID Support
CC Rate
CLI Version
Capacitance
ChipRevision
Cluster Active
Cluster Permitted
Cluster Support
Coerced Size
Coercion Mode
Commissioned Spare
Connected Port Number
Connector Name
Ctrl-R Version
Date of Manufacture
Dedicated Hot Spare
Delay during POST
Deny CC
Deny Clear
Deny Force Failed
Deny Force Good/Bad
Deny Locate
Deny Missing Replace
Deny SCSI Passthrough
Deny SMP Passthrough
Deny STP Passthrough
Design Capacity
Device ID
Device Interface
Device Name
Device Speed
Direct PD Mapping
Dirty LED Shows Drive Activity
Disable Join Mirror
Disable Online Controller Reset
Disable Online PFK Change
Disable Puncturing
Disk Cache Policy
Driver Version
ECC Bucket Count
Ecc Bucket Size
Emergency Spare
Enable JBOD
Enable LDBBM
Enable Led Header
Enable Shield State
Enable Web BIOS
EnableCrashDump
EnableLDBBM
Enclosure position
Expose Enclosure Devices
Force Offline
Force Online
Force Rebuild
Foreign Config Import
Global Hot Spares
Host Interface
IO Policy
Inquiry data
LED Show Drive Activity
Learn Delay Interval
Link Speed
Load Balance Mode
Locked
Logical Sector Size
Maintain PD Fail History
Manufacture Name
Max Arms Per VD
Max Arrays
Max Chained Enclosures
Max Configurable CacheCade Size
Max Data Transfer Size
Max Drives to Spinup at One Time
Max Number of VDs
Max Parallel Commands
Max SGE Count
Max Spans Per VD
Max Strip Size
Max Strips PerIO
Maximum number of direct attached drives to spin up in 1 min
Memory Correctable Errors
Memory Uncorrectable Errors
Mfg. Date
Min Strip Size
Module Version
Module microcode update required
NVDATA Version
Needs EKM Attention
Next Learn time
No space to cache offload
Non Coerced Size
Number of bytes of user data in LBA
On board Expander
Operating System
Pack energy
Patrol Read Rate
Phy Polarity
Phy PolaritySplit
Physical Sector Size
Power Saving option
Power Savings
Preboot CLI Version
RAID Level Supported
Rebuild Rate
Reconstruct Rate
Reconstruction
Remaining reserve space
Restore Hot Spare on Insertion
Restore HotSpare on Insertion
Revertible Hot Spares
Revision No
Rework Date
SAS Address
SAS Disable
SMART Mode
Sector Size
Secured
Security Key Assigned
Self Diagnostic
Sequence Number
Serial Debugger
Serial Number
Shield Counter
Snapshot Enabled
Spanning
Spin Down Mode
Strip Size
Successful diagnostics completion on
Support Boot Time PFK Change
Support Breakmirror
Support PFK
Support PI
Support Security
Support Shield State
Support Temperature
Support the OCE without adding drives
Supported Drives
TPM
TTY Log In Flash
Temperature sensor for ROC
Temperature sensor for controller
Time taken to detect CME
Treat Single span R1E as R10
Un-Certified Hard Disk Drives
Upgrade Key
Vendor Id
Virtual Drives
Voltage
WWN
WebBIOS Version
ZCR Config
Zero Based Enclosure Enumeration
)"};

/// True for a key either parser reads past on purpose: one of its own, or a shared firmware key.
constexpr bool is_ignored(std::string_view key, text::line_list own_keys) noexcept {
  return text::is_listed(key, own_keys) || text::is_listed(key, ignored_firmware_keys);
}

}  // namespace raidbench::detail::megaraid
