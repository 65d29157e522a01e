/* Shared by the SDK's C library headers: C/C++ linkage and attribute shorthands. */
#ifndef _PIMNIC_CDEFS_H
#define _PIMNIC_CDEFS_H

#ifdef __cplusplus
#define __PIMNIC_BEGIN_DECLS extern "C" {
#define __PIMNIC_END_DECLS }
#define __PIMNIC_NOEXCEPT noexcept
#else
#define __PIMNIC_BEGIN_DECLS
#define __PIMNIC_END_DECLS
#define __PIMNIC_NOEXCEPT
#endif

#define __PIMNIC_NORETURN __attribute__((noreturn))
#define __PIMNIC_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

#endif
