/* The global SoftFloat state. Tininess defaults to what the selected NaN style's hardware does:
 * PowerPC detects tininess before rounding, x86 SSE after rounding. */
#include "sf_internal.h"

uint_fast8_t softfloat_roundingMode = softfloat_round_near_even;
#if SOFTFLOAT_NAN_STYLE_X86
uint_fast8_t softfloat_detectTininess = softfloat_tininess_afterRounding;
const int softfloat_nanStyle = 1;
#else
uint_fast8_t softfloat_detectTininess = softfloat_tininess_beforeRounding;
const int softfloat_nanStyle = 0;
#endif
uint_fast8_t softfloat_exceptionFlags = 0;

void softfloat_raiseFlags(uint_fast8_t flags) { softfloat_exceptionFlags |= flags; }
