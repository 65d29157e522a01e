/* A small program for gdb to explore (tests/gdb). Nothing here depends on being debugged: run
 * alone it prints one line and exits 0. The gdb tests break in square(), finish to
 * add_squares(), watch `watched`, set `hold` to keep the program spinning in wait_for_gdb(), and
 * backtrace from on_syscall(), an exception handler, through the SDK's exception entry into the
 * code the system call interrupted (call_service() -> system_call()). */
#include <pimnic/exceptions.h>
#include <stdint.h>
#include <stdio.h>

volatile int watched = 5;  /* volatile: three stores for gdb to watch */
volatile int hold;  /* gdb sets it to make wait_for_gdb() spin until it clears it */

__attribute__((noinline)) int square(int x) { return x * x; }

__attribute__((noinline)) int add_squares(int n) {
  int sum = 0;
  for (int i = 1; i <= n; ++i) sum += square(i);
  return sum;
}

/* sc interrupts system_call(); the handler adds 1 to r3 and resumes after the sc. */
__attribute__((noinline)) int on_syscall(pimnic_exception_frame* f) {
  f->gpr[3] += 1;
  return 1;
}

__attribute__((noinline)) int system_call(int x) {
  register int r3 __asm__("r3") = x;
  __asm__ volatile("sc" : "+r"(r3) : : "memory");
  return r3;
}

__attribute__((noinline)) int call_service(int x) { return system_call(x) * 2; }

__attribute__((noinline)) void wait_for_gdb(void) {
  while (hold) {
  }
}

#if PIMNIC_PROFILE_PIM
/* vectors.S: v1 = 1..8 (words), v2 = bytes 0..31, then calls vectors_loaded(). */
void load_vectors(const uint32_t* words, const uint8_t* bytes);
__attribute__((noinline)) void vectors_loaded(void) { __asm__ volatile("" ::: "memory"); }
static const uint32_t words[8] __attribute__((aligned(32))) = {1, 2, 3, 4, 5, 6, 7, 8};
static uint8_t bytes[32] __attribute__((aligned(32)));
#endif

int main(void) {
#if PIMNIC_PROFILE_PIM
  for (int i = 0; i < 32; ++i) bytes[i] = (uint8_t)i;
  load_vectors(words, bytes);
#endif
  pimnic_set_exception_handler(PIMNIC_VEC_SYSCALL, on_syscall);
  int service = call_service(20);
  int total = add_squares(10);
  for (int i = 0; i < 3; ++i) watched += 10;
  wait_for_gdb();
  printf("gdb-target: total %d watched %d\n", total, watched);
  return total == 385 && watched == 35 && service == 42 ? 0 : 1;
}
