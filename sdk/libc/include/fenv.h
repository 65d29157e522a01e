/* Freestanding <fenv.h>: the rounding mode and exception flags of the floating-point unit on the
 * host profile (FPSCR), of SoftFloat on the nic and pim profiles (softfloat_roundingMode,
 * softfloat_exceptionFlags). Constants as glibc gives them on PowerPC. */
#ifndef _PIMNIC_FENV_H
#define _PIMNIC_FENV_H

#include "_pimnic_cdefs.h"

#define FE_TONEAREST 0
#define FE_TOWARDZERO 1
#define FE_UPWARD 2
#define FE_DOWNWARD 3

#define FE_INEXACT (1 << 25)
#define FE_DIVBYZERO (1 << 26)
#define FE_UNDERFLOW (1 << 27)
#define FE_OVERFLOW (1 << 28)
#define FE_INVALID (1 << 29)
#define FE_ALL_EXCEPT (FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | FE_OVERFLOW | FE_INVALID)

typedef unsigned int fexcept_t;
typedef struct {
  unsigned int round, flags;
} fenv_t;
#define FE_DFL_ENV ((const fenv_t*)0)

__PIMNIC_BEGIN_DECLS

int fegetround(void);
int fesetround(int round);                     /* 0, or nonzero for a mode that does not exist */
int feclearexcept(int excepts);
int feraiseexcept(int excepts);
int fetestexcept(int excepts);
int fegetexceptflag(fexcept_t* flags, int excepts);
int fesetexceptflag(const fexcept_t* flags, int excepts);
int fegetenv(fenv_t* env);
int fesetenv(const fenv_t* env);
int feholdexcept(fenv_t* env);
int feupdateenv(const fenv_t* env);

__PIMNIC_END_DECLS

#endif
