// Encodings that exercise one table row's operand fields and variant bits, for comparing pimnic's
// disassembler with external ones. Reserved bits stay zero: pimnic ignores them, the references
// reject them, and that difference is not what the sweep is about.
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "isa/insn_table.h"

namespace pimnic::disasm_sweep {

struct SweepConfig {
  // Exhaustive sets (every combination of a row's immediate and CR fields, every pair of small
  // fields with every variant) are sampled down to this many words per row; 0 keeps them whole.
  size_t sample_limit = 4096;
  unsigned randoms_per_variant = 16;  // fully random operands, per variant combination
};

std::vector<uint32_t> sweep_row(const isa::InsnRow& row, const SweepConfig& cfg, std::mt19937& rng);

}  // namespace pimnic::disasm_sweep
