/* A read that waits for a device, ended by signals: on a machine's host core (pimnic mpirun) a
 * 4-byte read of /dev/uio0 waits for the NIC's interrupt, which nothing here causes. Elsewhere
 * (qemu, pimnic linux) there is no such device and the program reads a pipe nobody writes, which
 * waits the same way, so the output is the same. An interval timer's SIGALRM ends the wait:
 * without SA_RESTART the read fails with EINTR; with it the read is restarted after each signal,
 * until the third handler leaves with siglongjmp. Then alarm and pause, and a blocked SIGALRM
 * taken by sigwaitinfo. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static volatile int alarms;
static sigjmp_buf out;

static void arm_ms(long first_ms, long every_ms) {
  struct itimerval it = {{0, every_ms * 1000}, {0, first_ms * 1000}};
  setitimer(ITIMER_REAL, &it, NULL);
}

static void on_alarm(int sig) { (void)sig, ++alarms; }
static void on_alarm_leave(int sig) {
  (void)sig;
  if (++alarms == 3) {
    arm_ms(0, 0);  /* no more (the output must not depend on the machine's speed) */
    siglongjmp(out, 1);
  }
}

static void install(void (*fn)(int), int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sa.sa_flags = flags;
  sigaction(SIGALRM, &sa, NULL);
}

int main(void) {
  int fd = open("/dev/uio0", O_RDWR);
  if (fd < 0) {
    int p[2];
    if (pipe(p) != 0) return 1;
    fd = p[0];
  }
  uint32_t n = 0;

  install(on_alarm, 0);
  arm_ms(3, 0);
  ssize_t r = read(fd, &n, 4);
  printf("read without SA_RESTART: %zd %s, %d signal(s)\n", r, r < 0 && errno == EINTR ? "EINTR" : "other", alarms);

  alarms = 0;
  install(on_alarm_leave, SA_RESTART);
  arm_ms(3, 3);
  if (sigsetjmp(out, 1) == 0) {
    r = read(fd, &n, 4);
    printf("read with SA_RESTART returned %zd\n", r);
  } else {
    printf("read with SA_RESTART: restarted until the third signal's handler left it (%d)\n", alarms);
  }

  install(on_alarm, 0);
  alarms = 0;
  alarm(1);
  int rc = pause();
  printf("pause: %d %s, %d signal(s)\n", rc, rc < 0 && errno == EINTR ? "EINTR" : "other", alarms);

  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  sigprocmask(SIG_BLOCK, &set, NULL);
  arm_ms(5, 0);
  siginfo_t si;
  int sig = sigwaitinfo(&set, &si);
  printf("sigwaitinfo: %s, si_code %s, handler ran %d time(s)\n", sig == SIGALRM ? "SIGALRM" : "other",
         si.si_code == SI_KERNEL ? "SI_KERNEL" : "other", alarms);
  return 0;
}
