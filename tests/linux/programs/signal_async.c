/* Signals the process sends itself (kill, raise, sigqueue) and what the kernel does with them:
 * siginfo contents, the blocked mask (pending signals wait, then run when unblocked), the order
 * of several pending signals, nested handlers, sa_mask, SA_NODEFER, SA_RESETHAND, real-time
 * queueing, sigsuspend, sigaltstack, a handler that changes the mask it returns to, siglongjmp
 * out of a nested handler, and the ucontext routines. Handlers only append to a log; main
 * prints it. Only ever kill(getpid(), ...): under qemu-user, kill(0, ...) and kill(-1, ...)
 * signal the host's process group and every process of the user. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

static char log_buf[4096];
static volatile int log_len;
static void note(const char *s) {
  int n = (int)strlen(s);
  if (log_len + n + 1 < (int)sizeof log_buf) {
    memcpy(log_buf + log_len, s, (size_t)n);
    log_len += n;
    log_buf[log_len++] = ' ';
  }
}
static void flush_log(const char *title) {
  printf("%-26s %.*s\n", title, log_len, log_buf);
  log_len = 0;
}
static void note_num(const char *what, long v) {
  char b[64];
  snprintf(b, sizeof b, "%s=%ld", what, v);
  note(b);
}

static void install(int sig, void (*fn)(int, siginfo_t *, void *), int flags, const int *mask_sigs) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = fn;
  sa.sa_flags = SA_SIGINFO | flags;
  sigemptyset(&sa.sa_mask);
  for (; mask_sigs && *mask_sigs; ++mask_sigs) sigaddset(&sa.sa_mask, *mask_sigs);
  sigaction(sig, &sa, NULL);
}

static sigset_t set_of(int a, int b) {
  sigset_t s;
  sigemptyset(&s);
  if (a) sigaddset(&s, a);
  if (b) sigaddset(&s, b);
  return s;
}

static int blocked(int sig) {
  sigset_t cur;
  sigprocmask(SIG_BLOCK, NULL, &cur);
  return sigismember(&cur, sig);
}

/* ---- siginfo ---------------------------------------------------------------------------- */

static void info_handler(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  note(sig == SIGUSR1 ? "usr1" : sig == SIGUSR2 ? "usr2" : "other");
  note_num("code", si->si_code);
  note(si->si_pid == getpid() ? "pid-ok" : "pid-WRONG");
  note(si->si_uid == getuid() ? "uid-ok" : "uid-WRONG");
  if (si->si_code == SI_QUEUE) note_num("value", si->si_value.sival_int);
}

/* ---- nesting and masks ------------------------------------------------------------------ */

static volatile int depth;
static void nest_handler(int sig, siginfo_t *si, void *uc) {
  (void)si, (void)uc;
  note(sig == SIGUSR1 ? "usr1-in" : "usr2-in");
  if (sig == SIGUSR1 && depth++ == 0) {
    raise(SIGUSR2);  /* not blocked: runs now, nested */
    raise(SIGUSR1);  /* blocked while its handler runs: after this one returns */
    note(blocked(SIGUSR1) ? "usr1-blocked" : "usr1-not-blocked");
  }
  note(sig == SIGUSR1 ? "usr1-out" : "usr2-out");
}

static void nodefer_handler(int sig, siginfo_t *si, void *uc) {
  (void)si, (void)uc;
  note_num("enter", depth);
  if (depth++ < 2) raise(sig);
  note_num("leave", --depth);
}

static void rt_handler(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  note_num(sig == SIGRTMIN ? "rtmin" : "sig", sig == SIGRTMIN ? si->si_value.sival_int : sig);
}

/* The handler blocks SIGUSR2 in the mask sigreturn restores. */
static void mask_changing_handler(int sig, siginfo_t *si, void *ucv) {
  ucontext_t *uc = ucv;
  (void)sig, (void)si;
  note(sigismember(&uc->uc_sigmask, SIGUSR1) ? "saved-has-usr1" : "saved-lacks-usr1");
  sigaddset(&uc->uc_sigmask, SIGUSR2);
}

/* ---- sigaltstack ------------------------------------------------------------------------ */

static char alt[32768];
static void alt_handler(int sig, siginfo_t *si, void *uc) {
  (void)sig, (void)si, (void)uc;
  char here;
  stack_t cur;
  note(&here >= alt && &here < alt + sizeof alt ? "on-alt" : "not-on-alt");
  sigaltstack(NULL, &cur);
  note_num("ss_flags", cur.ss_flags);
  stack_t other = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0};
  int rc = sigaltstack(&other, NULL);
  note_num("change-rc", rc);
  note(rc < 0 && errno == EPERM ? "EPERM" : "no-EPERM");
}

/* ---- siglongjmp out of a nested handler --------------------------------------------------- */

static sigjmp_buf env;
static void jump_inner(int sig, siginfo_t *si, void *uc) {
  (void)sig, (void)si, (void)uc;
  note("inner");
  siglongjmp(env, 7);
}
static void jump_outer(int sig, siginfo_t *si, void *uc) {
  (void)sig, (void)si, (void)uc;
  note("outer");
  raise(SIGUSR2);
  note("not-reached");
}

static void abort_handler(int sig, siginfo_t *si, void *uc) {
  (void)si, (void)uc;
  note_num("abort-handler", sig);
  siglongjmp(env, 1);
}

/* ---- ucontext ----------------------------------------------------------------------------- */

static ucontext_t main_ctx, co_ctx;
static char co_stack[16384];
static void coroutine(int a, int b) {
  note_num("co-start", a + b);
  swapcontext(&co_ctx, &main_ctx);
  note("co-resumed");
}

int main(void) {
  const int usr2[] = {SIGUSR2, 0};

  install(SIGUSR1, info_handler, 0, NULL);
  install(SIGUSR2, info_handler, 0, NULL);
  kill(getpid(), SIGUSR1);
  raise(SIGUSR2);
  union sigval v = {.sival_int = 77};
  sigqueue(getpid(), SIGUSR1, v);
  flush_log("kill raise sigqueue:");

  sigset_t s1 = set_of(SIGUSR1, 0), pend;
  sigprocmask(SIG_BLOCK, &s1, NULL);
  kill(getpid(), SIGUSR1);
  note("sent");
  sigpending(&pend);
  note(sigismember(&pend, SIGUSR1) ? "pending" : "not-pending");
  sigprocmask(SIG_UNBLOCK, &s1, NULL);
  note("unblocked");
  flush_log("blocked then unblocked:");

  sigset_t both = set_of(SIGUSR1, SIGUSR2);
  sigprocmask(SIG_BLOCK, &both, NULL);
  raise(SIGUSR2);
  raise(SIGUSR1);
  raise(SIGUSR1);  /* a standard signal pending already: not queued twice */
  sigprocmask(SIG_UNBLOCK, &both, NULL);
  flush_log("two pending at once:");

  install(SIGUSR1, nest_handler, 0, NULL);
  install(SIGUSR2, nest_handler, 0, NULL);
  depth = 0;
  raise(SIGUSR1);
  flush_log("nested:");
  install(SIGUSR1, nest_handler, 0, usr2);  /* sa_mask: SIGUSR2 waits for the handler's end */
  depth = 0;
  raise(SIGUSR1);
  flush_log("sa_mask:");

  install(SIGUSR1, nodefer_handler, SA_NODEFER, NULL);
  depth = 0;
  raise(SIGUSR1);
  flush_log("SA_NODEFER:");

  install(SIGUSR1, info_handler, SA_RESETHAND, NULL);
  raise(SIGUSR1);
  struct sigaction now;
  sigaction(SIGUSR1, NULL, &now);
  printf("SA_RESETHAND: %s, handler now %s\n", log_len ? "ran" : "did not run",
         now.sa_handler == SIG_DFL ? "SIG_DFL" : "still set");
  log_len = 0;

  install(SIGRTMIN, rt_handler, 0, NULL);
  install(SIGUSR1, rt_handler, 0, NULL);
  sigset_t rt = set_of(SIGRTMIN, SIGUSR1);
  sigprocmask(SIG_BLOCK, &rt, NULL);
  for (int i = 1; i <= 3; ++i) {
    v.sival_int = i;
    sigqueue(getpid(), SIGRTMIN, v);
    raise(SIGUSR1);
  }
  sigprocmask(SIG_UNBLOCK, &rt, NULL);
  flush_log("real-time queue:");

  signal(SIGUSR2, SIG_IGN);
  raise(SIGUSR2);
  raise(SIGCHLD);
  raise(SIGURG);
  printf("ignored and default-ignored signals: survived\n");

  install(SIGUSR1, info_handler, 0, NULL);
  sigprocmask(SIG_BLOCK, &s1, NULL);
  kill(getpid(), SIGUSR1);
  sigset_t empty;
  sigemptyset(&empty);
  int rc = sigsuspend(&empty);
  note_num("sigsuspend", rc);
  note(errno == EINTR ? "EINTR" : "not-EINTR");
  note(blocked(SIGUSR1) ? "mask-restored" : "mask-lost");
  sigprocmask(SIG_UNBLOCK, &s1, NULL);
  flush_log("sigsuspend:");

  install(SIGUSR1, mask_changing_handler, 0, NULL);
  signal(SIGUSR2, SIG_DFL);
  raise(SIGUSR1);
  note(blocked(SIGUSR2) ? "usr2-blocked-after" : "usr2-not-blocked");
  sigprocmask(SIG_UNBLOCK, &both, NULL);
  flush_log("handler changes mask:");

  stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0}, old;
  sigaltstack(&ss, &old);
  note_num("old-flags", old.ss_flags);
  install(SIGUSR1, alt_handler, SA_ONSTACK, NULL);
  raise(SIGUSR1);
  install(SIGUSR2, alt_handler, 0, NULL);
  raise(SIGUSR2);
  stack_t tiny = {.ss_sp = alt, .ss_size = 100, .ss_flags = 0};
  note_num("tiny-rc", sigaltstack(&tiny, NULL));
  note(errno == ENOMEM ? "ENOMEM" : "not-ENOMEM");
  stack_t off = {.ss_flags = SS_DISABLE};
  sigaltstack(&off, NULL);
  sigaltstack(NULL, &old);
  note_num("disabled-flags", old.ss_flags);
  flush_log("sigaltstack:");

  install(SIGUSR1, jump_outer, 0, NULL);
  install(SIGUSR2, jump_inner, 0, NULL);
  int r = sigsetjmp(env, 1);
  if (r == 0) raise(SIGUSR1);
  note_num("setjmp", r);
  note(blocked(SIGUSR1) || blocked(SIGUSR2) ? "mask-left-blocked" : "mask-restored");
  flush_log("siglongjmp from nested:");

  install(SIGABRT, abort_handler, 0, NULL);
  if (sigsetjmp(env, 1) == 0) abort();
  note("after-abort");
  flush_log("abort caught:");

  getcontext(&co_ctx);
  co_ctx.uc_stack.ss_sp = co_stack;
  co_ctx.uc_stack.ss_size = sizeof co_stack;
  co_ctx.uc_link = &main_ctx;
  makecontext(&co_ctx, (void (*)(void))coroutine, 2, 20, 22);
  swapcontext(&main_ctx, &co_ctx);
  note("main");
  swapcontext(&main_ctx, &co_ctx);
  note("main-end");
  flush_log("ucontext:");
  return 0;
}
