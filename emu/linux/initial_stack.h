// The initial process stack of a ppc32 Linux program: strings, the 16 AT_RANDOM bytes, argc,
// argv, envp and the auxiliary vector, laid out the way qemu-user 7.2 (linuxuser elfload.c
// create_elf_tables) does for a 32-bit PowerPC guest, which is also what the kernel does apart
// from AT_PLATFORM/AT_BASE_PLATFORM. See docs/linux-mode.md for the picture and the values.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pimnic::linux_user {

// Auxiliary vector tags (linux/auxvec.h, asm/auxvec.h for powerpc).
enum AuxTag : uint32_t {
  AT_NULL = 0, AT_PHDR = 3, AT_PHENT = 4, AT_PHNUM = 5, AT_PAGESZ = 6, AT_BASE = 7, AT_FLAGS = 8,
  AT_ENTRY = 9, AT_UID = 11, AT_EUID = 12, AT_GID = 13, AT_EGID = 14, AT_PLATFORM = 15,
  AT_HWCAP = 16, AT_CLKTCK = 17, AT_DCACHEBSIZE = 19, AT_ICACHEBSIZE = 20, AT_UCACHEBSIZE = 21,
  AT_IGNOREPPC = 22, AT_SECURE = 23, AT_RANDOM = 25, AT_HWCAP2 = 26, AT_EXECFN = 31,
};

// What goes into the auxiliary vector besides the addresses computed here.
struct AuxValues {
  uint32_t phdr = 0, phent = 32, phnum = 0, entry = 0;
  uint32_t pagesz = 4096;
  uint32_t uid = 0, euid = 0, gid = 0, egid = 0;
  uint32_t hwcap = 0x18000000;  // qemu 7400: PPC_FEATURE_HAS_ALTIVEC | PPC_FEATURE_HAS_FPU
  uint32_t hwcap2 = 0;
  uint32_t clktck = 100;
  uint32_t dcache_block = 32, icache_block = 32, ucache_block = 0;
  uint32_t secure = 0;
  std::string platform;  // empty: no AT_PLATFORM (qemu); "ppc7400" is what a kernel would give
};

// Linux's limits on what execve copies (exec.c): one string at most MAX_ARG_STRLEN (32 pages),
// and all strings and their pointers together at most a quarter of the stack.
inline constexpr uint32_t kMaxArgStrlen = 32 * 4096;

struct StackRequest {
  uint32_t top = 0;  // one past the highest stack byte
  uint32_t max_bytes = (8u << 20) / 4;  // strings + pointers, as Linux: a quarter of the stack
  std::vector<std::string> argv, envp;
  std::string execfn;  // AT_EXECFN string (the program path as given)
  std::array<uint8_t, 16> random{};
  AuxValues aux;
};

struct StackImage {
  uint32_t sp = 0;                // r1 at entry: the address of argc (16-byte aligned)
  uint32_t base = 0;              // address of bytes[0]; bytes run up to StackRequest::top
  std::vector<uint8_t> bytes;
  uint32_t argv_addr = 0, envp_addr = 0, auxv_addr = 0, random_addr = 0, execfn_addr = 0;
  std::vector<std::pair<uint32_t, uint32_t>> auxv;  // (tag, value) in stack order, AT_NULL last
};

// Lay the stack out. Throws std::length_error (one line) where Linux's execve fails with E2BIG:
// a string longer than kMaxArgStrlen, or strings and pointers over max_bytes.
StackImage build_initial_stack(const StackRequest& req);

}  // namespace pimnic::linux_user
