/* <assert.h>: a failed assertion prints "file:line: func: Assertion `expr' failed." and aborts.
 * Not guarded: the C standard lets it be re-included with a different NDEBUG. */
#include "_pimnic_cdefs.h"

#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
__PIMNIC_BEGIN_DECLS
__PIMNIC_NORETURN void __pimnic_assert_fail(const char* expr, const char* file, int line, const char* func);
__PIMNIC_END_DECLS
#define assert(expr) ((expr) ? (void)0 : __pimnic_assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#if !defined(__cplusplus) && !defined(static_assert)
#define static_assert _Static_assert
#endif
