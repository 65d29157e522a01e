/* For the Linux-mode gdb signal tests: two SIGUSR1s, one SIGSEGV whose handler skips the faulting
 * store, and SIGALRMs from an interval timer that a busy loop waits for. The counts it prints
 * and its exit status (SIGUSR1s handled + 10 * SIGSEGVs handled) show which signals gdb passed. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <ucontext.h>

static volatile int usr1, segv, alrm;

static void on_usr1(int sig) { (void)sig, ++usr1; }
static void on_alrm(int sig) { (void)sig, ++alrm; }
static void on_segv(int sig, siginfo_t *si, void *ucv) {
  ucontext_t *uc = ucv;
  (void)sig, (void)si;
  ++segv;
  uc->uc_mcontext.uc_regs->gregs[32] += 4; /* PT_NIP: skip the store */
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigaction(SIGUSR1, &sa, NULL);
  sa.sa_handler = on_alrm;
  sigaction(SIGALRM, &sa, NULL);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, NULL);
  raise(SIGUSR1);
  raise(SIGUSR1);
  *(volatile int *)0x1234 = 1;
  struct itimerval it = {{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &it, NULL);
  while (alrm < 3) {
  }
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  printf("usr1 %d segv %d alrm %s\n", usr1, segv, alrm >= 3 ? "3+" : "few");
  return usr1 + 10 * segv;
}
