#include "timing/timing_deps.h"

#include "isa/fields.h"

namespace pimnic::timing {

using isa::InsnId;

static isa::RegDeps without_gpr(const isa::RegDeps& d, uint32_t gpr) {
  isa::RegDeps out;
  for (unsigned i = 0; i < d.nsrc; ++i)
    if (d.src[i] != isa::RegId(isa::REG_GPR0 + gpr)) out.add_src(d.src[i]);
  for (unsigned i = 0; i < d.ndst; ++i) out.add_dst(d.dst[i]);
  return out;
}

isa::RegDeps timing_deps(const isa::InsnRow& row, uint32_t w) {
  const isa::RegDeps d = isa::register_deps(row, w);
  const bool rc = w & 1;
  switch (row.id) {
    case InsnId::ori:
    case InsnId::oris:
    case InsnId::xori:
    case InsnId::xoris:
      if (isa::uimm(w) == 0 && isa::rt(w) == isa::ra(w)) return {};  // rA = rA (ori 0,0,0 is the nop)
      break;
    case InsnId::or_:
      if (!rc && isa::rt(w) == isa::rb(w) && isa::ra(w) == isa::rt(w)) return {};  // or rA,rA,rA
      break;
    case InsnId::xor_:
    case InsnId::andc:
    case InsnId::eqv:
    case InsnId::orc:
      if (isa::rt(w) == isa::rb(w)) return without_gpr(d, isa::rt(w));  // rS op rS: a constant
      break;
    case InsnId::subf:
    case InsnId::subfc:
    case InsnId::cmp:
    case InsnId::cmpl:
      if (isa::ra(w) == isa::rb(w)) return without_gpr(d, isa::ra(w));  // rA - rA, rA vs rA
      break;
    default:
      break;
  }
  return d;
}

bool orders_stores(InsnId id) { return id == InsnId::sync || id == InsnId::eieio; }

}  // namespace pimnic::timing
