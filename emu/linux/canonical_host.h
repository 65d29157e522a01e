// The host a guest sees under `pimnic mpirun` (LinuxOptions::canonical_host): the same wherever and
// however the run starts, so that a figure is the same number on every machine and checkout. The
// standard streams are pipes whatever pimnic's own are (a terminal, a file, /dev/null: glibc takes
// other paths for each), the program is its file name (not the path it was started by, whose
// length moves the stack), the working directory is /, and uname names no real machine. The
// environment and the clocks are fixed by the machine (emu/cli/machine_run.cpp) already.
// docs/linux-mode.md, "On a machine's host core".
#pragma once
#include <sys/stat.h>

#include <cstdint>
#include <string>

namespace pimnic::linux_user {

class LinuxProcess;

// Is this descriptor a standard stream that shows the canonical pipe?
bool canonical_std_stream(LinuxProcess& p, int guest_fd);
// The pipe a standard stream shows: fstat's answer, and statx's (the host kernel's struct statx).
struct stat canonical_pipe_stat();
void canonical_pipe_statx(uint8_t (&host_statx)[256]);

// The program as the guest sees it: argv[0] and AT_EXECFN ("ring"), /proc/self/exe ("/bin/ring").
std::string canonical_program_name(const std::string& path);
std::string canonical_program_path(const std::string& path);

inline constexpr const char* kCanonicalCwd = "/";
inline constexpr const char* kCanonicalNodename = "pimnic";
inline constexpr const char* kCanonicalRelease = "6.1.0";
inline constexpr const char* kCanonicalVersion = "#1 SMP pimnic";

}  // namespace pimnic::linux_user
