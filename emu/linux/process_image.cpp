// Building the process image: reading the executable (with clear refusals for what pimnic does
// not run), mapping its segments, and the stack and trampoline page, placed as qemu-user does.
#include <cstdio>
#include <cstring>

#include "linux/process.h"
#include "util/bits.h"

namespace pimnic::linux_user {

namespace {
constexpr uint32_t PF_X = 1, PF_W = 2, PF_R = 4;

unsigned prot_of_segment(uint32_t flags) {
  return ((flags & PF_R) ? GuestMemory::kRead : 0) | ((flags & PF_W) ? GuestMemory::kWrite : 0) |
         ((flags & PF_X) ? GuestMemory::kExec : 0);
}
}  // namespace

// Dynamically linked executables (PT_INTERP, whether ET_EXEC or PIE) and static PIE (ET_DYN)
// get their own messages before the generic checks of parse_elf.
ElfImage read_linux_executable(const std::string& path) {
  std::vector<uint8_t> b = read_file_bytes(path);
  if (b.size() >= 52 && std::memcmp(b.data(), "\x7f" "ELF", 4) == 0 && b[4] == 1 && b[5] == 2) {
    uint16_t type = load_be<uint16_t>(&b[16]);
    uint32_t phoff = load_be<uint32_t>(&b[28]);
    uint16_t phentsize = load_be<uint16_t>(&b[42]), phnum = load_be<uint16_t>(&b[44]);
    bool interp = false;
    for (unsigned i = 0; i < phnum && phentsize >= 32; ++i) {
      uint64_t at = phoff + uint64_t(i) * phentsize;
      if (at + 4 <= b.size() && load_be<uint32_t>(&b[at]) == 3 /* PT_INTERP */) interp = true;
    }
    if (interp)
      throw LoadError(path + ": dynamically linked (PT_INTERP); pimnic runs static executables only (link with -static)");
    if (type == 3 /* ET_DYN */)
      throw LoadError(path + ": position-independent executable (ET_DYN); pimnic runs static non-PIE executables (link with -static, not -static-pie)");
  }
  return parse_elf(std::move(b), path);
}

void LinuxProcess::load_image() {
  // Map every segment's pages first (segments may share a page), then copy whole pages from the
  // file as the kernel's and qemu's file mappings would, zeroing from the end of the file data.
  uint64_t highest = 0;
  for (const ElfSegment& s : image_->segments) {
    if (s.memsz == 0) continue;
    if (page_down(s.vaddr) < 0x10000 || page_up(uint64_t(s.vaddr) + s.memsz) > kTaskUnmappedBase - 0x1000000)
      throw LoadError(opts_.program + ": segment at " + hex32(s.vaddr) + " is outside the user address range pimnic supports");
    gm_->map(s.vaddr, s.memsz, prot_of_segment(s.flags));
    highest = std::max<uint64_t>(highest, uint64_t(s.vaddr) + s.memsz);
  }
  for (const ElfSegment& s : image_->segments) {
    if (s.memsz == 0) continue;
    uint32_t lead = s.vaddr - page_down(s.vaddr);
    uint32_t file_lo = s.offset >= lead ? s.offset - lead : s.offset;
    uint32_t addr_lo = s.vaddr - (s.offset - file_lo);
    as_->write_bytes(addr_lo, image_->bytes.data() + file_lo, s.offset - file_lo + s.filesz);
    as_->discard_bytes(s.vaddr + s.filesz, s.memsz - s.filesz);  // .bss: zero, costing no host memory
  }
  gm_->init_brk(uint32_t(highest));
}

void LinuxProcess::setup_stack() {
  // As qemu: the stack (with a guard page below) is the first anonymous mapping, then a page
  // with the signal-return trampolines; both come from the downward search below 0x40000000.
  uint32_t base = gm_->find_free(0, opts_.stack_size + kPageSize);
  if (base == kNoAddr) throw LoadError("cannot place a stack of " + std::to_string(opts_.stack_size) + " bytes");
  gm_->map_guard(base, kPageSize);
  gm_->map(base + kPageSize, opts_.stack_size, GuestMemory::kRead | GuestMemory::kWrite);
  uint32_t top = base + kPageSize + opts_.stack_size;

  const uint32_t tramp = sigtramp_ = gm_->find_free(0, kPageSize);
  gm_->map(tramp, kPageSize, GuestMemory::kRead | GuestMemory::kExec);
  const uint32_t code[4] = {0x38000000u | 119 /* li r0,sigreturn */, 0x44000002u /* sc */,
                            0x38000000u | 172 /* li r0,rt_sigreturn */, 0x44000002u};
  for (unsigned i = 0; i < 4; ++i) write_u32(tramp + 4 * i, code[i]);

  StackRequest req;
  req.top = top;
  req.max_bytes = opts_.stack_size / 4;
  req.argv = opts_.argv;
  req.envp = opts_.envp;
  req.execfn = opts_.canonical_host ? opts_.argv.at(0) : opts_.program;
  random_.fill(req.random.data(), 16);
  AuxValues& a = req.aux;
  a.phdr = image_->phdr_vaddr;
  a.phent = image_->phentsize;
  a.phnum = image_->phnum;
  a.entry = image_->entry;
  a.uid = getuid();
  a.euid = geteuid();
  a.gid = getgid();
  a.egid = getegid();
  a.hwcap = opts_.hwcap;
  a.hwcap2 = opts_.hwcap2;
  a.clktck = uint32_t(sysconf(_SC_CLK_TCK));
  a.platform = opts_.platform;
  stack_ = build_initial_stack(req);
  as_->write_bytes(stack_.base, stack_.bytes.data(), uint32_t(stack_.bytes.size()));
}
}  // namespace pimnic::linux_user
