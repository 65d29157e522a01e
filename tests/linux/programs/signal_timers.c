/* Asynchronous signals from timers, delivered at an instruction boundary: interval timers on
 * real time (SIGALRM) and on CPU time (SIGVTALRM, SIGPROF) interrupting busy loops, alarm's
 * return value, pause, system calls a signal interrupts (nanosleep's remaining time, sleep,
 * clock_nanosleep, a read from an empty pipe with and without SA_RESTART), POSIX timers taken
 * with sigwaitinfo, and sigtimedwait's timeout. Only facts that hold whatever the speed of the
 * machine are printed. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile int count[65];
static int pipe_fds[2];

static void counter(int sig) { ++count[sig]; }
static void pipe_writer(int sig) {
  ++count[sig];
  (void)!write(pipe_fds[1], "x", 1);
}

static void install(int sig, void (*fn)(int), int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

static void arm(int which, long first_us, long every_us) {
  struct itimerval it = {{every_us / 1000000, every_us % 1000000}, {first_us / 1000000, first_us % 1000000}};
  setitimer(which, &it, NULL);
}

static const char *err(int rc) { return rc == 0 ? "ok" : errno == EINTR ? "EINTR" : errno == EAGAIN ? "EAGAIN" : "other"; }

int main(void) {
  /* Interval timers interrupting a busy loop. */
  const int kinds[3][2] = {{ITIMER_REAL, SIGALRM}, {ITIMER_VIRTUAL, SIGVTALRM}, {ITIMER_PROF, SIGPROF}};
  for (int k = 0; k < 3; ++k) {
    int which = kinds[k][0], sig = kinds[k][1];
    install(sig, counter, 0);
    arm(which, 2000, 2000);
    volatile unsigned long spins = 0;
    while (count[sig] < 3) ++spins;
    arm(which, 0, 0);
    struct itimerval left;
    getitimer(which, &left);
    printf("%s: 3 signals during a busy loop; disarmed: %s\n", strsignal(sig),
           left.it_value.tv_sec == 0 && left.it_value.tv_usec == 0 ? "yes" : "no");
  }

  /* alarm: the seconds left of the previous alarm. */
  alarm(5);
  unsigned prev = alarm(0);
  printf("alarm(5) then alarm(0) returns %u\n", prev);
  struct itimerval it = {{0, 0}, {2, 500000}};
  setitimer(ITIMER_REAL, &it, NULL);
  printf("after setitimer(2.5 s), alarm(0) returns %u\n", alarm(0));

  /* pause ends with a signal that has a handler. */
  count[SIGALRM] = 0;
  arm(ITIMER_REAL, 20000, 0);
  int rc = pause();
  printf("pause: rc=%d %s, handler ran %d time(s)\n", rc, err(rc), count[SIGALRM]);

  /* nanosleep interrupted: EINTR and the time left. */
  arm(ITIMER_REAL, 20000, 0);
  struct timespec req = {1, 0}, rem = {0, 0};
  rc = nanosleep(&req, &rem);
  printf("nanosleep(1 s): %s, remaining in (0.5 s, 1 s): %s\n", err(rc),
         rem.tv_sec == 0 && rem.tv_nsec > 500000000 ? "yes" : "no");
  arm(ITIMER_REAL, 20000, 0);
  unsigned left = sleep(3);
  printf("sleep(3) interrupted: returns %u\n", left);
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  deadline.tv_sec += 2;
  arm(ITIMER_REAL, 20000, 0);
  rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
  printf("clock_nanosleep(absolute) interrupted: %s\n", rc == EINTR ? "EINTR" : "other");

  /* A read from an empty pipe: the handler writes a byte into it. Without SA_RESTART the read
   * fails with EINTR; with it, the read is restarted and gets the byte. */
  if (pipe(pipe_fds) != 0) return 1;
  char c = 0;
  install(SIGALRM, pipe_writer, 0);
  arm(ITIMER_REAL, 20000, 0);
  ssize_t n = read(pipe_fds[0], &c, 1);
  printf("read without SA_RESTART: n=%zd %s\n", n, n < 0 && errno == EINTR ? "EINTR" : "other");
  n = read(pipe_fds[0], &c, 1);
  printf("the byte was there: n=%zd '%c'\n", n, c);
  install(SIGALRM, pipe_writer, SA_RESTART);
  arm(ITIMER_REAL, 20000, 0);
  c = 0;
  n = read(pipe_fds[0], &c, 1);
  printf("read with SA_RESTART: n=%zd '%c'\n", n, c);

  /* POSIX timer, its signal taken by sigwaitinfo (blocked, so no handler runs). */
  sigset_t rt;
  sigemptyset(&rt);
  sigaddset(&rt, SIGRTMIN);
  sigprocmask(SIG_BLOCK, &rt, NULL);
  struct sigevent ev;
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_SIGNAL;
  ev.sigev_signo = SIGRTMIN;
  ev.sigev_value.sival_int = 5;
  timer_t t;
  if (timer_create(CLOCK_MONOTONIC, &ev, &t) != 0) return 2;
  struct itimerspec spec = {{0, 5000000}, {0, 5000000}};
  timer_settime(t, 0, &spec, NULL);
  for (int i = 0; i < 3; ++i) {
    siginfo_t si;
    int sig = sigwaitinfo(&rt, &si);
    printf("timer %d: sig=%s code=%s value=%d\n", i, sig == SIGRTMIN ? "SIGRTMIN" : "other",
           si.si_code == SI_TIMER ? "SI_TIMER" : "other", si.si_value.sival_int);
  }
  struct itimerspec cur;
  timer_gettime(t, &cur);
  printf("timer interval %ld ns, armed: %s\n", cur.it_interval.tv_nsec,
         cur.it_value.tv_sec || cur.it_value.tv_nsec ? "yes" : "no");
  timer_delete(t);
  printf("timer_gettime after delete: %s\n", timer_gettime(t, &cur) < 0 && errno == EINVAL ? "EINVAL" : "other");

  struct timespec short_wait = {0, 10000000};
  rc = sigtimedwait(&rt, NULL, &short_wait);
  printf("sigtimedwait with nothing pending: %s\n", err(rc));
  return 0;
}
