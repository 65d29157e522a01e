// A one-core machine for unit tests: place instruction words, set registers, execute, inspect.
// Also an assembler bridge to llvm-mc (an independent reference for encodings).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "cpu/core.h"
#include "mem/address_space.h"

namespace pimnic::test {

std::vector<uint32_t> assemble(const std::string& text, const std::string& profile = "host");

class TestCore {
 public:
  static constexpr uint32_t kCodeBase = 0x10000;  // instructions are placed here
  static constexpr uint32_t kDataBase = 0x20000;  // a scratch area tests may use

  explicit TestCore(const char* profile = "host", uint32_t ram_size = 1u << 20);

  Hart& h() { return core_->hart(0); }
  Core& core() { return *core_; }
  AddressSpace& mem() { return mem_; }

  // Place words at kCodeBase, point pc there, run exactly words.size() instructions (or until the
  // hart stops). Supervisor state with MSR[FP] and MSR[VEC] set, unless the test changed msr.
  StopReason exec(std::initializer_list<uint32_t> words) { return exec(std::vector<uint32_t>(words)); }
  StopReason exec(const std::vector<uint32_t>& words);
  // Same, with the program given as assembler text for llvm-mc (see assemble()).
  StopReason exec_asm(const std::string& text) { return exec(assemble(text, profile_)); }

  // Big-endian memory helpers.
  uint32_t read32(uint32_t addr);
  void write32(uint32_t addr, uint32_t v);
  void write_bytes(uint32_t addr, const std::vector<uint8_t>& bytes);
  std::vector<uint8_t> read_bytes(uint32_t addr, uint32_t len);

 private:
  std::string profile_;
  AddressSpace mem_{"test"};
  std::unique_ptr<Core> core_;
};

// Assemble with llvm-mc (-triple=powerpc, -mcpu by profile: host=7400 +altivec, nic=440, pim=7400
// +altivec) and return the instruction words. Lines separated by '\n' or ';'. Throws on error.
std::vector<uint32_t> assemble(const std::string& text, const std::string& profile);

}  // namespace pimnic::test
