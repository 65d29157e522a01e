/* Freestanding <stdio.h>: formatted output to strings and to the console. stdout and stderr are
 * both the console; there is no input and no files.
 *
 * Conversions: d i u o x X c s p n % and f F e E g G (exact, correctly rounded to nearest-even,
 * computed with integers only, so the same on every profile), a A are not supported (printed as
 * "%a"). Flags - + space # 0, width and precision (also *), length hh h l ll z t j L (L takes the
 * high double of a long double). %p prints like glibc: 0x... in hex, "(nil)" for NULL. */
#ifndef _PIMNIC_STDIO_H
#define _PIMNIC_STDIO_H
#include <stdarg.h>
#include <stddef.h>

#include "_pimnic_cdefs.h"

#define EOF (-1)

__PIMNIC_BEGIN_DECLS

typedef struct __pimnic_file FILE;
extern FILE* const stdout;
extern FILE* const stderr;

int printf(const char* __restrict fmt, ...) __PIMNIC_PRINTF(1, 2);
int vprintf(const char* __restrict fmt, va_list ap) __PIMNIC_PRINTF(1, 0);
int sprintf(char* __restrict buf, const char* __restrict fmt, ...) __PIMNIC_PRINTF(2, 3);
int vsprintf(char* __restrict buf, const char* __restrict fmt, va_list ap) __PIMNIC_PRINTF(2, 0);
int snprintf(char* __restrict buf, size_t size, const char* __restrict fmt, ...) __PIMNIC_PRINTF(3, 4);
int vsnprintf(char* __restrict buf, size_t size, const char* __restrict fmt, va_list ap)
    __PIMNIC_PRINTF(3, 0);
int fprintf(FILE* __restrict f, const char* __restrict fmt, ...) __PIMNIC_PRINTF(2, 3);
int vfprintf(FILE* __restrict f, const char* __restrict fmt, va_list ap) __PIMNIC_PRINTF(2, 0);

int putchar(int c);
int puts(const char* s);
int fputc(int c, FILE* f);
int putc(int c, FILE* f);
int fputs(const char* __restrict s, FILE* __restrict f);
size_t fwrite(const void* __restrict p, size_t size, size_t count, FILE* __restrict f);
int fflush(FILE* f);

__PIMNIC_END_DECLS
#endif
