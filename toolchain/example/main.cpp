// Example NIC firmware: asks the machine what it runs on, counts with a C++ class, prints, and
// returns 0 (pimnic's exit code). Under -ffreestanding main gets no implicit "return 0".
#include <pimnic/sysinfo.h>
#include <stdio.h>

namespace {

class Counter {
 public:
  void add(unsigned v) { total_ += v, ++count_; }
  unsigned total() const { return total_; }
  unsigned count() const { return count_; }

 private:
  unsigned total_ = 0, count_ = 0;
};

}  // namespace

int main() {
  printf("example: node %u, core role %u, %u KiB of RAM, %u kHz\n", pimnic_node_id(), pimnic_core_role(),
         pimnic_ram_size() / 1024, pimnic_clock_khz());
  Counter c;
  for (unsigned i = 1; i <= 10; ++i) c.add(i * i);
  printf("example: %u squares add up to %u\n", c.count(), c.total());
  return c.total() == 385 ? 0 : 1;
}
