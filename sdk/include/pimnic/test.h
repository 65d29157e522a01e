/* Tiny in-firmware test helpers: CHECK macros record failures (printed with file:line) and
 * pimnic_test_summary() prints one summary line and returns main's exit code (0 = all passed).
 *
 *   int main(void) {
 *     CHECK(strlen("abc") == 3);
 *     CHECK_EQ(1 + 1, 2);
 *     CHECK_STR_EQ(buf, "expected");
 *     return pimnic_test_summary("my-test");
 *   }
 *
 * Output: "FAIL file.c:12: CHECK_EQ(a, b): 3 (0x3) != 4 (0x4)" per failure, then
 * "my-test: 41 checks, 1 failure". */
#ifndef PIMNIC_TEST_H
#define PIMNIC_TEST_H

#ifdef __cplusplus
extern "C" {
#endif

/* Counters and reporting (sdk/platform/test.c). */
void pimnic_test_pass(void);
void pimnic_test_fail(const char* file, int line, const char* what);
void pimnic_test_fail_values(const char* file, int line, const char* what, unsigned long long a,
                             unsigned long long b);
void pimnic_test_fail_strings(const char* file, int line, const char* what, const char* a, const char* b);
int pimnic_test_str_eq(const char* a, const char* b);
int pimnic_test_failures(void);
/* Prints "<name>: N checks, M failures" and returns 0 if nothing failed, else 1. */
int pimnic_test_summary(const char* name);

#ifdef __cplusplus
}
#endif

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (cond) pimnic_test_pass();                                             \
    else pimnic_test_fail(__FILE__, __LINE__, "CHECK(" #cond ")");            \
  } while (0)

/* Integer equality; both sides are compared (and printed) as unsigned long long. */
#define CHECK_EQ(a, b)                                                                        \
  do {                                                                                        \
    unsigned long long pimnic_a_ = (unsigned long long)(a), pimnic_b_ = (unsigned long long)(b); \
    if (pimnic_a_ == pimnic_b_) pimnic_test_pass();                                           \
    else pimnic_test_fail_values(__FILE__, __LINE__, "CHECK_EQ(" #a ", " #b ")", pimnic_a_, pimnic_b_); \
  } while (0)

#define CHECK_STR_EQ(a, b)                                                                    \
  do {                                                                                        \
    const char *pimnic_sa_ = (a), *pimnic_sb_ = (b);                                          \
    if (pimnic_test_str_eq(pimnic_sa_, pimnic_sb_)) pimnic_test_pass();                       \
    else pimnic_test_fail_strings(__FILE__, __LINE__, "CHECK_STR_EQ(" #a ", " #b ")", pimnic_sa_, pimnic_sb_); \
  } while (0)

#endif
