// mpilib_launch -n N PROG [ARGS...]: starts N native processes of PROG, wired to each other by
// Unix sockets for the test transport (socket_transport.cpp), like a small mpirun: everyone's
// stdout and stderr are ours; when a rank fails the others are ended and our exit status is the
// failing rank's (128 + signal for a signal). A test fixture for the MPI layer, not a pimnic tool.
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
std::vector<pid_t> children;

// Ending the launcher (a test's timeout) ends the ranks too.
void end_children(int signal) {
  for (pid_t pid : children) kill(pid, SIGKILL);
  _exit(128 + signal);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || strcmp(argv[1], "-n") != 0) {
    fprintf(stderr, "usage: mpilib_launch -n N PROG [ARGS...]\n");
    return 2;
  }
  const int n = atoi(argv[2]);
  if (n < 1 || n > 64) {
    fprintf(stderr, "mpilib_launch: -n must be 1 to 64\n");
    return 2;
  }
  // sockets[i][j]: rank i's end of the pair (i, j)
  std::vector<std::vector<int>> sockets(size_t(n), std::vector<int>(size_t(n), -1));
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      int pair[2];
      if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) {
        perror("mpilib_launch: socketpair");
        return 2;
      }
      sockets[size_t(i)][size_t(j)] = pair[0];
      sockets[size_t(j)][size_t(i)] = pair[1];
    }
  }
  std::vector<pid_t>& pids = children;
  pids.reserve(size_t(n));
  signal(SIGTERM, end_children);
  signal(SIGINT, end_children);
  signal(SIGHUP, end_children);
  for (int r = 0; r < n; ++r) {
    const pid_t pid = fork();
    if (pid == 0) {
      signal(SIGTERM, SIG_DFL);
      signal(SIGINT, SIG_DFL);
      signal(SIGHUP, SIG_DFL);
      std::string fds;
      for (int j = 0; j < n; ++j) fds += (j ? "," : "") + std::to_string(sockets[size_t(r)][size_t(j)]);
      for (int i = 0; i < n; ++i) {  // keep only my ends open
        for (int j = 0; j < n; ++j) {
          if (i != r && sockets[size_t(i)][size_t(j)] >= 0) close(sockets[size_t(i)][size_t(j)]);
        }
      }
      setenv("PIMNIC_TRANSPORT", "test-socket", 1);  // socket_transport.cpp's name in the registry
      setenv("PIMNIC_TEST_RANK", std::to_string(r).c_str(), 1);
      setenv("PIMNIC_TEST_FDS", fds.c_str(), 1);
      execv(argv[3], argv + 3);
      perror("mpilib_launch: exec");
      _exit(127);
    }
    pids.push_back(pid);
  }
  for (auto& row : sockets) {
    for (int fd : row) {
      if (fd >= 0) close(fd);
    }
  }
  int result = 0;
  for (int left = n; left > 0; --left) {
    int status;
    const pid_t pid = wait(&status);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0 && result == 0) {
      result = code;
      for (pid_t other : pids) {
        if (other != pid) kill(other, SIGTERM);
      }
    }
  }
  return result;
}
