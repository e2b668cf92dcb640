#pragma once
// Fake /sys and /proc trees for the context tests: files, symlinks, and whole machines built from them.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace raidbench::test {

namespace fs = std::filesystem;

/// Writes `text` to `file`, creating its directories.
inline void put(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

/// A symlink at `link` to `target`, creating the link's directory.
inline void link(const fs::path& target, const fs::path& link) {
  fs::create_directories(link.parent_path());
  fs::create_directory_symlink(target, link);
}

/// sysfs attributes of `dir`: each file below it holds its value on one line.
inline void put_attributes(const fs::path& dir, std::initializer_list<std::pair<const char*, std::string>> attributes) {
  for (const auto& [name, value] : attributes) put(dir / name, value + "\n");
}

/// The SCSI device `scsi` (its vendor and model) with the block device `name` of `sectors` below it:
/// the block device's directory, its queue still to be put.
inline fs::path put_scsi_disk(const fs::path& scsi, const std::string& vendor, const std::string& model,
                              const std::string& name, const std::string& sectors) {
  put_attributes(scsi, {{"vendor", vendor}, {"model", model}});
  const fs::path block = scsi / "block" / name;
  put(block / "size", sectors + "\n");
  link(scsi, block / "device");
  return block;
}

/// "maj:min" of the device holding `path`.
inline std::string device_of(const fs::path& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return fmt::format("{}:{}", major(st.st_dev), minor(st.st_dev));
}

/// A whole device's queue directory with the usual files.
inline void put_queue(const fs::path& dev, bool rotational, int logical, int physical, const std::string& scheduler,
                      int nr_requests, int max_sectors_kb, const std::string& write_cache, bool fua) {
  put(dev / "queue/rotational", rotational ? "1\n" : "0\n");
  put(dev / "queue/logical_block_size", std::to_string(logical) + "\n");
  put(dev / "queue/physical_block_size", std::to_string(physical) + "\n");
  put(dev / "queue/scheduler", scheduler + "\n");
  put(dev / "queue/nr_requests", std::to_string(nr_requests) + "\n");
  put(dev / "queue/max_sectors_kb", std::to_string(max_sectors_kb) + "\n");
  put(dev / "queue/write_cache", write_cache + "\n");
  put(dev / "queue/fua", fua ? "1\n" : "0\n");
}

/// /proc/self/mountinfo with one line mounting `source` (`type`) at `point` on device `dev`.
inline void put_mount(const fs::path& root, const std::string& dev, const fs::path& point, const std::string& type,
                      const std::string& source, const std::string& super_options) {
  put(root / "proc/self/mountinfo",
      fmt::format("26 1 254:0 / / rw,relatime - ext4 /dev/root rw\n"
                  "90 26 {} / {} rw,noatime shared:1 - {} {} {}\n",
                  dev, point.string(), type, source, super_options));
}

/// A SATA disk "sda" behind an LSI SAS3008 HBA (0000:01:00.0) whose PCIe link runs at 5 GT/s x4 of
/// 8 GT/s x8, with partition sda1 starting at sector 63 (the old DOS layout): misaligned.
inline fs::path make_sata_behind_lsi(const fs::path& root) {
  const fs::path sys = root / "sys";
  const fs::path hba = sys / "devices/pci0000:00/0000:00:01.0/0000:01:00.0";
  put_attributes(hba, {{"vendor", "0x1000"}, {"device", "0x0097"}, {"current_link_speed", "5.0 GT/s PCIe"},
                       {"max_link_speed", "8.0 GT/s PCIe"}, {"current_link_width", "4"}, {"max_link_width", "8"}});
  fs::create_directories(sys / "bus/pci/drivers/mpt3sas");
  link(sys / "bus/pci/drivers/mpt3sas", hba / "driver");
  const fs::path sda = put_scsi_disk(hba / "host0/port-0:0/end_device-0:0/target0:0:0/0:0:0:0", "ATA     ",
                                     "ST4000NM0033-9ZM", "sda", "7814037168");
  put_queue(sda, true, 512, 4096, "[mq-deadline] none", 64, 1280, "write back", false);
  put_attributes(sda / "sda1", {{"partition", "1"}, {"start", "63"}, {"size", "7814037105"}});
  return sda;
}

/// A SATA SSD "sda" on AHCI port ata1 whose link negotiated `sata_spd` ("6.0 Gbps", "3.0 Gbps").
inline fs::path make_sata_on_ahci(const fs::path& root, const std::string& sata_spd) {
  const fs::path port = root / "sys/devices/pci0000:00/0000:00:1f.2/ata1";
  put(port / "link1/ata_link/link1/sata_spd", sata_spd + "\n");
  const fs::path sda = put_scsi_disk(port / "host0/target0:0:0/0:0:0:0", "ATA     ", "Samsung SSD 870", "sda", "1953525168");
  put_queue(sda, false, 512, 512, "[none] mq-deadline", 32, 512, "write back", false);
  return sda;
}

/// A disk "sdb" in a USB enclosure on xHCI port 2-1 at `speed` Mb/s ("480", "5000").
inline fs::path make_usb_disk(const fs::path& root, const std::string& speed) {
  const fs::path usb = root / "sys/devices/pci0000:00/0000:00:14.0/usb2/2-1";
  put_attributes(usb, {{"speed", speed}, {"busnum", "2"}, {"devnum", "3"}});
  const fs::path sdb = put_scsi_disk(usb / "2-1:1.0/host6/target6:0:0/6:0:0:0", "Seagate ", "Expansion HDD", "sdb",
                                     "3907029168");
  put_queue(sdb, true, 512, 4096, "[mq-deadline] none", 2, 120, "write through", false);
  return sdb;
}

/// make_sata_behind_lsi's HBA phy 0 at `rate` ("6.0 Gbit"), in the port its disk hangs on.
inline void put_sas_phy(const fs::path& root, const std::string& rate) {
  const fs::path host = root / "sys/devices/pci0000:00/0000:00:01.0/0000:01:00.0/host0";
  put(host / "phy-0:0/sas_phy/phy-0:0/negotiated_linkrate", rate + "\n");
  link(host / "phy-0:0", host / "port-0:0/phy-0:0");
}

/// dm-crypt "cryptdata" (dm-0) over md0 (raid1, one member missing) over sdb1 and sdc1 on AHCI.
inline void make_crypt_over_md(const fs::path& root) {
  const fs::path sys = root / "sys";
  const fs::path ahci = sys / "devices/pci0000:00/0000:00:1f.2";
  put_attributes(ahci, {{"vendor", "0x8086"}, {"device", "0x8c02"}});
  for (const char* disk : {"sdb", "sdc"}) {
    const int n = disk[2] == 'b' ? 1 : 2;
    const fs::path d = put_scsi_disk(ahci / fmt::format("ata{}/host{}/target{}:0:0/{}:0:0:0", n, n, n, n), "ATA     ",
                                     "Samsung SSD 860", disk, "1953525168");
    put_queue(d, false, 512, 512, "[none] mq-deadline", 32, 512, "write back", false);
    put_attributes(d / (std::string(disk) + "1"), {{"partition", "1"}, {"start", "2048"}});
  }
  const fs::path virt = sys / "devices/virtual/block";
  put_attributes(virt / "md0/md",
                 {{"level", "raid1"}, {"array_state", "clean"}, {"raid_disks", "2"}, {"degraded", "1"}, {"sync_action", "idle"}});
  put(virt / "md0/size", "1953260544\n");
  put_queue(virt / "md0", false, 512, 512, "none", 128, 512, "write back", false);
  link(ahci / "ata1/host1/target1:0:0/1:0:0:0/block/sdb/sdb1", virt / "md0/slaves/sdb1");
  link(ahci / "ata2/host2/target2:0:0/2:0:0:0/block/sdc/sdc1", virt / "md0/slaves/sdc1");
  put(virt / "dm-0/dm/name", "cryptdata\n");
  put(virt / "dm-0/dm/uuid", "CRYPT-LUKS2-0f1e2d3c-cryptdata\n");
  put(virt / "dm-0/size", "1953227776\n");
  put_queue(virt / "dm-0", false, 512, 512, "none", 128, 512, "write back", false);
  link(virt / "md0", virt / "dm-0/slaves/md0");
}

/// A virtio disk vda on the virtio PCI function 0000:00:02.0, which has no PCIe link files.
inline fs::path make_virtio(const fs::path& root) {
  const fs::path fn = root / "sys/devices/pci0000:00/0000:00:02.0";
  put_attributes(fn, {{"vendor", "0x1af4"}, {"device", "0x1042"}});
  fs::create_directories(root / "sys/bus/pci/drivers/virtio-pci");
  link(root / "sys/bus/pci/drivers/virtio-pci", fn / "driver");
  put(fn / "virtio1/vendor", "0x1af4\n");
  const fs::path vda = fn / "virtio1/block/vda";
  put(vda / "size", "536870912\n");
  put_queue(vda, true, 512, 4096, "none [mq-deadline] kyber bfq", 256, 4096, "write back", false);
  link(fn / "virtio1", vda / "device");
  return vda;
}

/// loop0 backed by /var/tmp/disk.img.
inline fs::path make_loop(const fs::path& root) {
  const fs::path loop = root / "sys/devices/virtual/block/loop0";
  put(loop / "loop/backing_file", "/var/tmp/disk.img\n");
  put(loop / "size", "2097152\n");
  put_queue(loop, false, 512, 512, "none", 128, 1280, "write back", false);
  return loop;
}

/// Points <root>/sys/dev/block/<dev> at `device_dir`.
inline void map_device(const fs::path& root, const std::string& dev, const fs::path& device_dir) {
  link(device_dir, root / "sys/dev/block" / dev);
}

/// `root` as the directory at the top of ext4 on sda1 of make_sata_behind_lsi, mounted with `super_options`.
inline void mount_on_sata_behind_lsi(const fs::path& root, const std::string& super_options) {
  const std::string dev = device_of(root);
  map_device(root, dev, make_sata_behind_lsi(root) / "sda1");
  put_mount(root, dev, root, "ext4", "/dev/sda1", super_options);
}

}  // namespace raidbench::test
