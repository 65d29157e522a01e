// Assorted system calls whose results do not depend on the host: descriptor juggling on the
// standard streams, fcntl flags, error numbers, uname's machine, limits, signal masks and
// dispositions, getrandom's length, umask, and isatty on a pipe or file.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

static void show(const char *what, long rc) { printf("%-28s rc=%ld errno=%s\n", what, rc, rc < 0 ? strerror(errno) : "-"); }

int main(void) {
  struct utsname u;
  uname(&u);
  printf("machine %s sysname %s\n", u.machine, u.sysname);
  int d = dup(1);
  show("dup(1)", d);
  show("dup2(d, 10)", dup2(d, 10));
  show("write(10)", write(10, "via fd 10\n", 10));
  show("close(10)", close(10));
  show("close(10) again", close(10));
  show("dup3(d, d, 0)", syscall(SYS_dup3, d, d, 0));
  show("fcntl(d, F_DUPFD, 20)", fcntl(d, F_DUPFD, 20));
  show("fcntl(d, F_GETFD)", fcntl(d, F_GETFD));
  show("fcntl(d, F_SETFD, CLOEXEC)", fcntl(d, F_SETFD, FD_CLOEXEC));
  show("fcntl(d, F_GETFD) after", fcntl(d, F_GETFD));
  show("F_GETFL accmode of stdout", fcntl(1, F_GETFL) & O_ACCMODE);
  show("write(99)", write(99, "x", 1));
  show("read(-1)", read(-1, &d, 1));
  show("isatty(1)", isatty(1));
  show("lseek(1, 0, 99)", lseek(1, 0, 99));
  show("close(d)", close(d));
  struct rlimit rl;
  show("getrlimit(bad resource)", getrlimit((__rlimit_resource_t)99, &rl));
  show("getrlimit(RLIMIT_NOFILE)", getrlimit(RLIMIT_NOFILE, &rl));
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  show("sigprocmask(BLOCK USR1)", sigprocmask(SIG_BLOCK, &set, NULL));
  show("sigprocmask(query)", sigprocmask(SIG_BLOCK, NULL, &old));
  printf("USR1 blocked: %d USR2 blocked: %d\n", sigismember(&old, SIGUSR1), sigismember(&old, SIGUSR2));
  show("raise(USR1) while blocked", raise(SIGUSR1));
  show("signal(USR1, SIG_IGN)", signal(SIGUSR1, SIG_IGN) == SIG_ERR ? -1 : 0);
  show("unblock USR1 (now ignored)", sigprocmask(SIG_UNBLOCK, &set, NULL));
  struct sigaction sa;
  show("sigaction(USR1) query", sigaction(SIGUSR1, NULL, &sa));
  printf("USR1 handler is SIG_IGN: %d\n", sa.sa_handler == SIG_IGN);
  show("sigaction(SIGKILL, ign)", sigaction(SIGKILL, &sa, NULL));
  show("kill(self, 0)", kill(getpid(), 0));
  show("raise(SIGCHLD)", raise(SIGCHLD));
  unsigned char r[40];
  show("getrandom(40)", getrandom(r, sizeof r, 0));
  show("umask(077)", umask(077));
  show("umask(022)", umask(022));
  show("mprotect(bad align)", mprotect((void *)0x10000001, 4096, PROT_READ));
  show("nanosleep(bad nsec)", nanosleep(&(struct timespec){0, 2000000000}, NULL));
  return 0;
}
