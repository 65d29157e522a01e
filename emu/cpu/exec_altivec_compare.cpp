// AltiVec integer compares. The float compares live with the float unit (exec_altivec_float.cpp).
#include "cpu/altivec_common.h"

namespace pimnic {

using namespace vec;

#define VCMP(name, T, op) \
  Status exec_##name(Hart& h, uint32_t w) { return compare<T>(h, w, [](T a, T b) { return a op b; }); }
VCMP(vcmpequb, uint8_t, ==)
VCMP(vcmpequh, uint16_t, ==)
VCMP(vcmpequw, uint32_t, ==)
VCMP(vcmpgtub, uint8_t, >)
VCMP(vcmpgtuh, uint16_t, >)
VCMP(vcmpgtuw, uint32_t, >)
VCMP(vcmpgtsb, int8_t, >)
VCMP(vcmpgtsh, int16_t, >)
VCMP(vcmpgtsw, int32_t, >)
#undef VCMP

}  // namespace pimnic
