// Everything `pimnic linux` can be told about a run. Defaults mirror qemu-ppc-static -cpu 7400
// where that is deterministic, and pick determinism where qemu is not (docs/linux-mode.md).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pimnic {
struct ElfImage;
}

namespace pimnic::linux_user {

enum class ClockMode { Host, Simulated };
inline constexpr uint64_t kDefaultUptime = ~0ull;  // a day (LinuxProcess::init_time_base)

struct LinuxOptions {
  std::string program;              // path of the executable on the host
  // The executable already read (read_linux_executable), shared by the ranks of one mpirun so that
  // a thousand ranks hold one copy of the file and its symbols; null: the process reads `program`.
  std::shared_ptr<const ElfImage> image;
  std::vector<std::string> argv;    // guest argv; argv[0] is the program path as given
  std::vector<std::string> envp;    // the guest environment, in the order the guest sees it
  uint32_t stack_size = 8u << 20;   // qemu's default guest stack (it uses RLIMIT_STACK if larger)
  uint64_t seed = 0;                // AT_RANDOM / getrandom stream (= qemu -seed N)
  bool host_random = false;         // take AT_RANDOM / getrandom bytes from the host instead
  bool host_files = false;          // allow opening host files read-only
  bool host_files_write = false;    // ... and for writing / creating
  ClockMode clock = ClockMode::Host;
  uint64_t sim_epoch = 1700000000;  // CLOCK_REALTIME seconds at start in simulated-clock mode
  uint64_t uptime_ns = kDefaultUptime;  // uptime at start (time base; CLOCK_MONOTONIC with sim)
  std::string platform;             // AT_PLATFORM string; empty = none (as qemu)
  uint32_t hwcap = 0x18000000, hwcap2 = 0;
  bool strace = false;              // log system calls on stderr
  uint64_t max_insts = 0;           // 0 = unlimited
  // On a machine's host core: a wait (a sleep, pause until a timer) lets the core's clock run on
  // to the wake-up time (other cores run meanwhile), instead of only adding the time to the clocks.
  bool sleep_moves_core = false;
  bool stdin_closed = false;        // standard input reads as empty (/dev/null): ranks other than 0
  // The guest's process id (and thread id), its parent's 1; 0: the host's own, as qemu-user
  // reports them. Machines fix it so that runs repeat bit for bit.
  uint32_t pid = 0;
  std::string output_tag;           // prefix of every line of standard output and error (--tag-output)
  uint64_t max_sim_ps = 0;          // --max-sim-time in picoseconds of the core's clock; 0 = none
  // The guest sees a canonical host (pimnic mpirun): std streams are pipes, argv[0] is the
  // program's file name, the working directory is / (linux/canonical_host.h).
  bool canonical_host = false;
};

// The guest environment as qemu-user builds it: the host environment in reverse order (qemu
// keeps it in a list that it prepends to), then each -E/-U edit applied in command-line order
// (-E of a new or existing variable puts it first). `clear` starts from an empty environment.
struct EnvEdit {
  bool set;
  std::string text;  // "NAME=VALUE" for set, "NAME" for unset
};
std::vector<std::string> build_guest_environment(char** host_environ, bool clear,
                                                 const std::vector<EnvEdit>& edits);

}  // namespace pimnic::linux_user
