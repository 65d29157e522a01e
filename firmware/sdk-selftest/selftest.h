/* The groups of checks in the SDK self-test image; each uses pimnic/test.h. */
#ifndef SELFTEST_H
#define SELFTEST_H

#ifdef __cplusplus
extern "C" {
#endif

void test_strings(void);
void test_ctype(void);
void test_stdlib(void);
void test_heap(void);
void test_printf(void);     /* also prints the "printf N [...] R" lines the host compares */
void test_int64_div(void);
void test_int64_conv(void); /* also prints "conv ..." lines the test checks with Python */
void test_cxx(void);
void test_platform(void);

#ifdef __cplusplus
}
#endif
#endif
