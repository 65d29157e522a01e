// Register dependencies of the instruction at a pc (timing_deps of its row and word),
// remembered: the model needs them for every instruction it times, and a program executes few
// distinct instructions. Direct-mapped by pc, so a loop's instructions sit next to each other;
// entries are small (32 bytes) so the hot ones stay in the host's L1. Instructions with more
// registers than an entry holds (lmw, stmw, strings) are recomputed each time.
// Also the base register of an update-form load or store (lwzu, stwux, ...), whose new value is
// ready after address generation rather than after the access.
#pragma once
#include <cstdint>
#include <vector>

#include "isa/deps.h"
#include "isa/fields.h"
#include "timing/timing_deps.h"

namespace pimnic::timing {

class DepsCache {
 public:
  struct Info {
    uint8_t nsrc = 0, ndst = 0;
    isa::RegId update_base = isa::REG_COUNT;  // REG_COUNT: none
    const isa::RegId* src = nullptr;
    const isa::RegId* dst = nullptr;
  };
  DepsCache() : e_(kEntries) {}

  Info get(const isa::InsnRow& row, uint32_t word, uint32_t pc) {
    Entry& e = e_[(pc >> 2) & (kEntries - 1)];
    if (e.pc != pc || e.word != word || e.id != uint16_t(row.id)) [[unlikely]]
      fill(e, row, word, pc);
    Info i;
    i.update_base = isa::RegId(e.update_base);
    if (e.nsrc == kBig) [[unlikely]] {  // too many registers for an entry
      big_ = timing_deps(row, word);
      i.nsrc = big_.nsrc, i.ndst = big_.ndst, i.src = big_.src, i.dst = big_.dst;
      return i;
    }
    i.nsrc = e.nsrc, i.ndst = e.ndst, i.src = e.regs, i.dst = e.regs + e.nsrc;
    return i;
  }

 private:
  static constexpr size_t kEntries = 4096;
  static constexpr unsigned kRegs = 20;
  static constexpr uint8_t kBig = 0xFF;
  struct Entry {
    uint32_t pc = 1;  // no instruction is at an odd address: empty
    uint32_t word = 0;
    uint16_t id = 0;
    uint8_t nsrc = 0, ndst = 0;
    uint8_t update_base = isa::REG_COUNT;
    isa::RegId regs[kRegs] = {};  // sources, then destinations
  };
  static void fill(Entry& e, const isa::InsnRow& row, uint32_t word, uint32_t pc) {
    isa::RegDeps d = timing_deps(row, word);
    e.pc = pc, e.word = word, e.id = uint16_t(row.id);
    e.update_base = isa::REG_COUNT;
    if (row.flags & (isa::F_LOAD | isa::F_STORE))
      for (const isa::Operand& op : row.operands())
        if (op.field == isa::Field::RA && op.role == isa::Role::ReadWrite) e.update_base = uint8_t(isa::REG_GPR0 + isa::ra(word));
    if (d.nsrc + d.ndst > kRegs) {
      e.nsrc = kBig;
      return;
    }
    e.nsrc = d.nsrc, e.ndst = d.ndst;
    for (unsigned k = 0; k < d.nsrc; ++k) e.regs[k] = d.src[k];
    for (unsigned k = 0; k < d.ndst; ++k) e.regs[d.nsrc + k] = d.dst[k];
  }
  std::vector<Entry> e_;
  isa::RegDeps big_;
};

}  // namespace pimnic::timing
