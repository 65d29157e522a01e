/* Default actions and exit statuses: the argument names a way to die (or to survive), and the
 * exit status a shell would show is the test's expectation (128 + the signal for a signal that
 * ends the process). Output goes out with write(2), so nothing waits in a stdio buffer when the
 * process is killed. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <unistd.h>

static void say(const char *s) { (void)!write(1, s, strlen(s)); }

static void returning_handler(int sig) {
  (void)sig;
  say("handler ran\n");
}

static void faulting_handler(int sig) {
  (void)sig;
  say("handler faults\n");
  *(volatile int *)0x20 = 1;  /* SIGSEGV while SIGSEGV is blocked: forced, default action */
}

__attribute__((noinline)) static int recurse(int n) {
  volatile char pad[1024];
  pad[0] = (char)n;
  return recurse(n + 1) + pad[0];
}

static void handle(int sig, void (*fn)(int), int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sa.sa_flags = flags;
  sigaction(sig, &sa, NULL);
}

static void arm(int which) {
  struct itimerval it = {{0, 0}, {0, 2000}};
  setitimer(which, &it, NULL);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  say(how);
  say("\n");
  if (!strcmp(how, "term")) kill(getpid(), SIGTERM);               /* 143 */
  if (!strcmp(how, "usr1")) raise(SIGUSR1);                        /* 138 */
  if (!strcmp(how, "kill")) kill(getpid(), SIGKILL);               /* 137 */
  if (!strcmp(how, "rt")) raise(SIGRTMIN + 3);                     /* 128 + 37 */
  if (!strcmp(how, "alarm")) {                                     /* 142 */
    arm(ITIMER_REAL);
    for (;;) {}
  }
  if (!strcmp(how, "vtalrm")) {                                    /* 154 */
    arm(ITIMER_VIRTUAL);
    for (;;) {}
  }
  if (!strcmp(how, "blocked-segv")) {                              /* 139: faults are forced */
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGSEGV);
    sigprocmask(SIG_BLOCK, &s, NULL);
    *(volatile int *)0x30 = 1;
  }
  if (!strcmp(how, "ignored-ill")) {                               /* 132 */
    signal(SIGILL, SIG_IGN);
    __asm__ volatile(".long 0");
  }
  if (!strcmp(how, "segv-in-handler")) {                           /* 139 */
    handle(SIGSEGV, faulting_handler, 0);
    *(volatile int *)0x40 = 1;
  }
  if (!strcmp(how, "overflow-no-altstack")) {                      /* 139: no room for a frame */
    handle(SIGSEGV, returning_handler, 0);
    recurse(0);
  }
  if (!strcmp(how, "resethand")) {                                 /* 140: the second SIGUSR2 */
    handle(SIGUSR2, returning_handler, SA_RESETHAND);
    raise(SIGUSR2);
    raise(SIGUSR2);
  }
  if (!strcmp(how, "abort-returns")) {                             /* 134 */
    handle(SIGABRT, returning_handler, 0);
    abort();
  }
  if (!strcmp(how, "fpe")) {                                       /* 136 */
    prctl(PR_SET_FPEXC, PR_FP_EXC_PRECISE);
    volatile double one = 1.0, zero = 0.0, q;
    __asm__ volatile("mtfsb1 27");
    q = one / zero;
    (void)q;
  }
  if (!strcmp(how, "ignored")) {                                   /* 0 */
    signal(SIGTERM, SIG_IGN);
    kill(getpid(), SIGTERM);
    raise(SIGCHLD);
    raise(SIGWINCH);
  }
  say("survived\n");
  return 0;
}
