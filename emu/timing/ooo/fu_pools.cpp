#include "timing/ooo/fu_pools.h"

namespace pimnic::timing {

using isa::OpClass;

Pool pool_of(OpClass c) {
  switch (c) {
    case OpClass::IntMul:
    case OpClass::IntDiv:
    case OpClass::IntMac:
      return Pool::IntMult;
    case OpClass::Load:
    case OpClass::Store:
    case OpClass::LoadMulti:
    case OpClass::StoreMulti:
    case OpClass::LoadReserve:
    case OpClass::StoreCond:
    case OpClass::Cache:
    case OpClass::FpLoad:
    case OpClass::FpStore:
    case OpClass::VecLoad:
    case OpClass::VecStore:
    case OpClass::PimMemory:
      return Pool::MemPort;
    case OpClass::FpMove:
    case OpClass::FpAdd:
    case OpClass::FpCompare:
    case OpClass::FpConvert:
    case OpClass::FpStatus:
    case OpClass::FpEstimate:
      return Pool::FpAlu;
    case OpClass::FpMul:
    case OpClass::FpMadd:
    case OpClass::FpDiv:
    case OpClass::FpSqrt:
      return Pool::FpMult;
    case OpClass::VecSimple:
    case OpClass::VecComplex:
    case OpClass::VecFloat:
    case OpClass::VecPerm:
    case OpClass::VecStatus:
      return Pool::Vec;
    default:
      return Pool::IntAlu;  // integer, CR logic, branch, trap, SPR, system, sync, PIM
  }
}

const char* pool_name(Pool p) {
  static const char* const names[] = {"int_alu", "int_mult", "mem_port", "fp_alu", "fp_mult", "vec"};
  return names[size_t(p)];
}

FuPools::FuPools(const OooConfig& c) : units{c.int_alu, c.int_mult, c.mem_ports, c.fp_alu, c.fp_mult, c.vec_units} {}

}  // namespace pimnic::timing
