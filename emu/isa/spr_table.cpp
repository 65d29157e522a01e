#include "isa/spr_table.h"

#include <array>

namespace pimnic {

namespace {

using isa::FEAT_440;
using isa::FEAT_ALTIVEC;
using isa::FEAT_BASE;

constexpr uint8_t kAll = FEAT_BASE;
constexpr uint8_t kNone = 0;

// num, name, register, index, access, needs, excludes
constexpr SprDef kSprs[] = {
    {1, "xer", SprReg::Xer, 0, SPR_RW, kAll, kNone},
    {8, "lr", SprReg::Lr, 0, SPR_RW, kAll, kNone},
    {9, "ctr", SprReg::Ctr, 0, SPR_RW, kAll, kNone},
    // DSISR and DAR hold what the one interrupt model reports on every core (DEAR aliases DAR
    // under its 440 number).
    {18, "dsisr", SprReg::Dsisr, 0, SPR_RW, kAll, kNone},
    {19, "dar", SprReg::Dar, 0, SPR_RW, kAll, kNone},
    {22, "dec", SprReg::Dec, 0, SPR_RW, kAll, kNone},
    {26, "srr0", SprReg::Srr0, 0, SPR_RW, kAll, kNone},
    {27, "srr1", SprReg::Srr1, 0, SPR_RW, kAll, kNone},
    {61, "dear", SprReg::Dar, 0, SPR_RW, FEAT_440, kNone},
    {62, "esr", SprReg::Esr, 0, SPR_RW, FEAT_440, kNone},
    // 256 is VRSAVE on vector cores and USPRG0 on 440-class ones: user read/write either way.
    {256, "vrsave", SprReg::Vrsave, 0, SPR_RW, FEAT_ALTIVEC, kNone},
    {256, "usprg0", SprReg::Usprg0, 0, SPR_RW, FEAT_440, kNone},
    // 440: SPRG4-7 are readable from user mode at 260-263, read/written by the supervisor at 276-279.
    {260, "sprg4", SprReg::Sprg, 4, SPR_READ, FEAT_440, kNone},
    {261, "sprg5", SprReg::Sprg, 5, SPR_READ, FEAT_440, kNone},
    {262, "sprg6", SprReg::Sprg, 6, SPR_READ, FEAT_440, kNone},
    {263, "sprg7", SprReg::Sprg, 7, SPR_READ, FEAT_440, kNone},
    {268, "tbl", SprReg::TbRead, 0, SPR_READ, kAll, kNone},
    {269, "tbu", SprReg::TbuRead, 0, SPR_READ, kAll, kNone},
    {272, "sprg0", SprReg::Sprg, 0, SPR_RW, kAll, kNone},
    {273, "sprg1", SprReg::Sprg, 1, SPR_RW, kAll, kNone},
    {274, "sprg2", SprReg::Sprg, 2, SPR_RW, kAll, kNone},
    {275, "sprg3", SprReg::Sprg, 3, SPR_RW, kAll, kNone},
    {276, "sprg4", SprReg::Sprg, 4, SPR_RW, FEAT_440, kNone},
    {277, "sprg5", SprReg::Sprg, 5, SPR_RW, FEAT_440, kNone},
    {278, "sprg6", SprReg::Sprg, 6, SPR_RW, FEAT_440, kNone},
    {279, "sprg7", SprReg::Sprg, 7, SPR_RW, FEAT_440, kNone},
    {282, "ear", SprReg::Ear, 0, SPR_RW, kAll, FEAT_440},
    {284, "tbl", SprReg::TbWrite, 0, SPR_WRITE, kAll, kNone},
    {285, "tbu", SprReg::TbuWrite, 0, SPR_WRITE, kAll, kNone},
    {286, "pir", SprReg::Pir, 0, SPR_READ, FEAT_440, kNone},
    {287, "pvr", SprReg::Pvr, 0, SPR_READ, kAll, kNone},
    {1008, "hid0", SprReg::Hid0, 0, SPR_RW, kAll, FEAT_440},
    {1009, "hid1", SprReg::Hid1, 0, SPR_RW, kAll, FEAT_440},
    {1010, "iabr", SprReg::Iabr, 0, SPR_RW, kAll, FEAT_440},
    {1013, "dabr", SprReg::Dabr, 0, SPR_RW, kAll, FEAT_440},
    // PIR under the 604/745x number on every core (the SDK reads it there).
    {1023, "pir", SprReg::Pir, 0, SPR_READ, kAll, kNone},
};

constexpr uint8_t kNoEntry = 0xFF;
static_assert(std::size(kSprs) < kNoEntry);

// First table entry for each SPR number; entries sharing a number are adjacent.
constexpr std::array<uint8_t, 1024> kFirst = [] {
  std::array<uint8_t, 1024> a{};
  for (auto& x : a) x = kNoEntry;
  for (size_t i = std::size(kSprs); i-- > 0;) a[kSprs[i].num] = uint8_t(i);
  return a;
}();

constexpr bool sorted_by_number() {
  for (size_t i = 1; i < std::size(kSprs); ++i)
    if (kSprs[i].num < kSprs[i - 1].num) return false;
  return true;
}
static_assert(sorted_by_number(), "keep kSprs in SPR number order");

}  // namespace

std::span<const SprDef> spr_table() { return kSprs; }

const SprDef* find_spr(uint32_t num, uint8_t features) {
  if (num >= kFirst.size()) return nullptr;
  for (size_t i = kFirst[num]; i < std::size(kSprs) && kSprs[i].num == num; ++i)
    if (kSprs[i].on(features)) return &kSprs[i];
  return nullptr;
}

const SprDef* find_spr(std::string_view name, uint8_t features, uint8_t access) {
  for (const SprDef& d : kSprs)
    if (name == d.name && d.on(features) && (d.access & access) == access) return &d;
  return nullptr;
}

}  // namespace pimnic
