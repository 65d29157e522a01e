#include "timing/op_timing.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

using isa::OpClass;

namespace {
struct Default {
  OpClass cls;
  uint32_t latency, interval;
};
// Roughly the MPC7400 manual's and the PPC440's figures: simple integer 1, multiply 4 pipelined,
// divide 19 unpipelined, FP add/mul/madd 3 pipelined, FP divide 17 (double), vector simple 1,
// complex 4, float 4, permute 2. System, SPR and cache ops are serialized anyway.
constexpr Default kDefaults[] = {
    {OpClass::IntAlu, 1, 1},     {OpClass::IntMul, 4, 1},     {OpClass::IntDiv, 19, 19},
    {OpClass::IntMac, 4, 1},     {OpClass::CrLogic, 1, 1},    {OpClass::Branch, 1, 1},
    {OpClass::Trap, 1, 1},       {OpClass::Load, 1, 1},       {OpClass::Store, 1, 1},
    {OpClass::LoadMulti, 1, 1},  {OpClass::StoreMulti, 1, 1}, {OpClass::LoadReserve, 1, 1},
    {OpClass::StoreCond, 1, 1},  {OpClass::Sync, 1, 1},       {OpClass::Spr, 1, 1},
    {OpClass::System, 1, 1},     {OpClass::Cache, 1, 1},      {OpClass::FpMove, 1, 1},
    {OpClass::FpAdd, 3, 1},      {OpClass::FpMul, 3, 1},      {OpClass::FpMadd, 3, 1},
    {OpClass::FpDiv, 17, 17},    {OpClass::FpSqrt, 30, 30},   {OpClass::FpEstimate, 3, 1},
    {OpClass::FpConvert, 3, 1},  {OpClass::FpCompare, 1, 1},  {OpClass::FpStatus, 1, 1},
    {OpClass::FpLoad, 1, 1},     {OpClass::FpStore, 1, 1},    {OpClass::VecSimple, 1, 1},
    {OpClass::VecComplex, 4, 1}, {OpClass::VecFloat, 4, 1},   {OpClass::VecPerm, 2, 1},
    {OpClass::VecLoad, 1, 1},    {OpClass::VecStore, 1, 1},   {OpClass::VecStatus, 1, 1},
    {OpClass::Pim, 1, 1},        {OpClass::PimMemory, 1, 1},
};
static_assert(std::size(kDefaults) == OpTiming::kClasses, "one default per operation class");
}  // namespace

OpTiming::OpTiming() {
  for (const Default& d : kDefaults) {
    latency[size_t(d.cls)] = d.latency;
    interval[size_t(d.cls)] = d.interval;
  }
}

void OpTiming::declare(ParamRegistry& p, const std::string& prefix) {
  for (const Default& d : kDefaults) {
    std::string base = prefix + "." + isa::op_class_name(d.cls);
    size_t i = size_t(d.cls);
    p.declare(base + ".latency", latency[i], latency[i],
              std::string("cycles from issue until a ") + isa::op_class_name(d.cls) + " result can be used");
    p.declare(base + ".interval", interval[i], interval[i],
              std::string("cycles before the unit accepts the next ") + isa::op_class_name(d.cls) + " operation");
  }
}

void OpTiming::check(const std::string& prefix) const {
  for (const Default& d : kDefaults) {
    const std::string base = prefix + "." + isa::op_class_name(d.cls);
    const size_t i = size_t(d.cls);
    if (latency[i] > kMaxCycles || interval[i] > kMaxCycles)
      throw std::invalid_argument(base + (latency[i] > kMaxCycles ? ".latency" : ".interval") + " must be at most " +
                                  std::to_string(kMaxCycles) + " cycles");
  }
}

}  // namespace pimnic::timing
