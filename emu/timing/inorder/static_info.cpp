#include "timing/inorder/static_info.h"

namespace pimnic::timing {

void StaticInfoCache::fill(StaticInfo& e, uint32_t pc, uint32_t word, isa::InsnId id) {
  e = StaticInfo{};
  e.pc = pc;
  e.word = word;
  e.id = id;
  e.serialize = id == isa::InsnId::Invalid;  // a fetch fault drains the pipeline
  if (id == isa::InsnId::Invalid) return;
  const isa::InsnRow& row = isa::row(id);
  e.cls = row.cls;
  // The table flags serializing rows; reservations and system calls serialize by class too.
  e.serialize = row.has(isa::F_SERIALIZE) || row.cls == isa::OpClass::LoadReserve ||
                row.cls == isa::OpClass::StoreCond || row.cls == isa::OpClass::System;
  e.store_barrier = orders_stores(id);
  e.refetch = e.serialize && (row.has(isa::F_MSR) || row.cls == isa::OpClass::System || id == isa::InsnId::isync);
  isa::RegDeps d = timing_deps(row, word);
  if (d.nsrc > StaticInfo::kSrc || d.ndst > StaticInfo::kDst) {
    e.many = true;
  } else {
    for (unsigned i = 0; i < d.nsrc; ++i) e.src[i] = d.src[i];
    for (unsigned i = 0; i < d.ndst; ++i) e.dst[i] = d.dst[i];
  }
  e.br = classify_branch(row, word, pc);
}

}  // namespace pimnic::timing
