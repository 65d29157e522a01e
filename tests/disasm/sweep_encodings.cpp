#include "sweep_encodings.h"

#include <algorithm>
#include <bit>
#include <string_view>

#include "isa/operand_fields.h"

namespace pimnic::disasm_sweep {

namespace {

using isa::Field;
using isa::InsnRow;

struct FieldInfo {
  Field field;
  uint32_t mask;
  int shift, width;
  bool reg;  // a GPR, FPR or VR number (its values matter only through equalities with others)
  std::vector<uint32_t> values;
};

// Boundary values of a wide field (16-bit immediates, branch displacements), then random ones.
std::vector<uint32_t> wide_values(int width, std::mt19937& rng) {
  const uint32_t max = width >= 32 ? ~0u : (1u << width) - 1, half = 1u << (width - 1);
  std::vector<uint32_t> v = {0, 1, 2, 3, max, max - 1, max - 2, half, half - 1, half + 1};
  for (int k = 2; k < width; ++k) v.push_back(1u << k), v.push_back(max ^ (1u << k));
  for (int i = 0; i < 16; ++i) v.push_back(rng() & max);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::vector<FieldInfo> fields_of(const InsnRow& r, std::mt19937& rng) {
  std::vector<FieldInfo> out;
  for (const isa::Operand& o : r.operands()) {
    FieldInfo f{o.field, isa::operand_field_mask(o.field), 0, 0, false, {}};
    f.shift = std::countr_zero(f.mask);
    f.width = std::popcount(f.mask);
    auto file = isa::operand_regfile(o.field);
    f.reg = file == isa::RegFile::Gpr || file == isa::RegFile::Fpr || file == isa::RegFile::Vr;
    if (f.width <= 10) {
      for (uint32_t v = 0; v < (1u << f.width); ++v) f.values.push_back(v);
    } else {
      f.values = wide_values(f.width, rng);
    }
    out.push_back(std::move(f));
  }
  return out;
}

// The variant bits a row has (Rc, OE, LK, AA), as word bits.
std::vector<uint32_t> variant_bits(const InsnRow& r) {
  std::vector<uint32_t> bits;
  if (r.has(isa::F_RC)) bits.push_back(r.form == isa::Form::VC ? 0x400u : 1u);
  if (r.has(isa::F_OE)) bits.push_back(0x400u);
  if (r.has(isa::F_LK)) bits.push_back(1u);
  if (r.has(isa::F_AA)) bits.push_back(2u);
  std::vector<uint32_t> combos;
  for (uint32_t c = 0; c < (1u << bits.size()); ++c) {
    uint32_t w = 0;
    for (size_t i = 0; i < bits.size(); ++i)
      if (c >> i & 1) w |= bits[i];
    combos.push_back(w);
  }
  return combos;
}

uint32_t put(uint32_t w, const FieldInfo& f, uint32_t v) {
  return (w & ~f.mask) | ((v << f.shift) & f.mask);
}

// The fixed bits of the row's canonical encoding: its match, plus Rc = 1 for an X-form row that
// always records (stwcx.), whose Rc bit the row leaves out of the mask.
uint32_t canonical_match(const InsnRow& r) {
  std::string_view m = r.mnemonic;
  bool dotted = !m.empty() && m.back() == '.' && !r.has(isa::F_RC) && r.form == isa::Form::X;
  return r.match | (dotted ? 1u : 0u);
}

}  // namespace

std::vector<uint32_t> sweep_row(const InsnRow& r, const SweepConfig& cfg, std::mt19937& rng) {
  const std::vector<FieldInfo> fields = fields_of(r, rng);
  const std::vector<uint32_t> variants = variant_bits(r);
  const uint32_t match = canonical_match(r);
  auto random_word = [&](uint32_t variant) {
    uint32_t w = match | variant;
    for (const FieldInfo& f : fields) w = put(w, f, f.values[rng() % f.values.size()]);
    return w;
  };
  auto filled = [&](uint32_t variant, uint32_t all) {  // every field 0 or all ones
    uint32_t w = match | variant;
    for (const FieldInfo& f : fields) w = put(w, f, all);
    return w;
  };
  size_t cycle = 0;
  auto next_variant = [&] { return variants[cycle++ % variants.size()]; };

  std::vector<uint32_t> words;  // always kept
  std::vector<uint32_t> combos; // sampled down to cfg.sample_limit

  // Every value of every field, under every variant, with the other fields random, zero or ones.
  for (const FieldInfo& f : fields)
    for (uint32_t v : f.values) {
      for (uint32_t var : variants) words.push_back(put(random_word(var), f, v));
      words.push_back(put(filled(next_variant(), 0), f, v));
      words.push_back(put(filled(next_variant(), ~0u), f, v));
    }
  // Fully random operands.
  for (uint32_t var : variants)
    for (unsigned i = 0; i < cfg.randoms_per_variant; ++i) words.push_back(random_word(var));

  // Every pair of values of two small fields (rS = rB, rA = 0, BO with BI, ...), the others random
  // or equal to the first of the pair (so that three-way equalities such as crset appear too).
  for (size_t i = 0; i < fields.size(); ++i)
    for (size_t j = i + 1; j < fields.size(); ++j) {
      const FieldInfo &a = fields[i], &b = fields[j];
      if (a.width > 5 || b.width > 5) continue;
      for (uint32_t va : a.values)
        for (uint32_t vb : b.values) {
          uint32_t var = next_variant();
          combos.push_back(put(put(random_word(var), a, va), b, vb));
          uint32_t d = match | var;
          for (const FieldInfo& f : fields) d = put(d, f, f.width == a.width ? va : f.values[rng() % f.values.size()]);
          combos.push_back(put(put(d, a, va), b, vb));
        }
    }
  // Every combination of the small non-register fields (rotate masks, BO/BI, CR bits) and the
  // variants, when there are few enough.
  {
    std::vector<const FieldInfo*> sel;
    size_t n = variants.size();
    for (const FieldInfo& f : fields)
      if (!f.reg && f.width <= 5) sel.push_back(&f), n *= f.values.size();
    if (sel.size() >= 2 && n <= (1u << 16)) {
      for (size_t k = 0; k < n; ++k) {
        size_t rest = k;
        uint32_t w = random_word(variants[rest % variants.size()]);
        rest /= variants.size();
        for (const FieldInfo* f : sel) {
          w = put(w, *f, f->values[rest % f->values.size()]);
          rest /= f->values.size();
        }
        combos.push_back(w);
      }
    }
  }
  if (cfg.sample_limit && combos.size() > cfg.sample_limit) {
    std::shuffle(combos.begin(), combos.end(), rng);
    combos.resize(cfg.sample_limit);
  }
  words.insert(words.end(), combos.begin(), combos.end());
  return words;
}

}  // namespace pimnic::disasm_sweep
