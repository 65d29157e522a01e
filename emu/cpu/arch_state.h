// The architectural state one hardware thread sees: everything an instruction can read or write.
// Plain data, so tests, gdb and snapshots can copy and compare it.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>

namespace pimnic {

// A vector register of up to 256 bits. Storage is host little-endian and reversed: host byte k holds
// big-endian byte (vbytes - 1 - k), so host element j of any size is big-endian element
// (count - 1 - j). Element-wise operations then work on the arrays directly; only cross-lane
// operations need the index mapping (see cpu/vreg_access.h). On a 128-bit core the upper 16 host
// bytes stay zero.
struct alignas(32) VReg {
  union {
    uint8_t b[32];
    int8_t sb[32];
    uint16_t h[16];
    int16_t sh[16];
    uint32_t w[8];
    int32_t sw[8];
    uint64_t d[4];
    float f[8];
  };
  VReg() { std::memset(b, 0, sizeof b); }
  bool operator==(const VReg& o) const { return std::memcmp(b, o.b, sizeof b) == 0; }
};

// XER bits (IBM numbering 0 = MSB).
inline constexpr uint32_t XER_SO = 0x80000000u;
inline constexpr uint32_t XER_OV = 0x40000000u;
inline constexpr uint32_t XER_CA = 0x20000000u;
inline constexpr uint32_t XER_BC_MASK = 0x7Fu;  // string byte count

// MSR bits used by the supervisor subset (32-bit PowerPC, 7400 numbering).
inline constexpr uint32_t MSR_VEC = 1u << 25;  // AltiVec available
inline constexpr uint32_t MSR_POW = 1u << 18;
inline constexpr uint32_t MSR_ILE = 1u << 16;
inline constexpr uint32_t MSR_EE = 1u << 15;   // external & decrementer interrupts enabled
inline constexpr uint32_t MSR_PR = 1u << 14;   // problem (user) state
inline constexpr uint32_t MSR_FP = 1u << 13;   // floating point available
inline constexpr uint32_t MSR_ME = 1u << 12;
inline constexpr uint32_t MSR_FE0 = 1u << 11;
inline constexpr uint32_t MSR_SE = 1u << 10;
inline constexpr uint32_t MSR_BE = 1u << 9;
inline constexpr uint32_t MSR_FE1 = 1u << 8;
inline constexpr uint32_t MSR_IP = 1u << 6;    // interrupt prefix 0xFFF00000
inline constexpr uint32_t MSR_IR = 1u << 5;
inline constexpr uint32_t MSR_DR = 1u << 4;
inline constexpr uint32_t MSR_RI = 1u << 1;
inline constexpr uint32_t MSR_LE = 1u << 0;

struct ArchState {
  std::array<uint32_t, 32> gpr{};
  uint32_t pc = 0;
  uint32_t cr = 0;
  uint32_t lr = 0;
  uint32_t ctr = 0;
  uint32_t xer = 0;
  uint32_t fpscr = 0;
  std::array<uint64_t, 32> fpr{};  // IEEE double bit patterns
  std::array<VReg, 32> vr{};
  uint32_t vscr = 0x00010000;       // NJ=1 after reset, as on the 7400
  uint32_t vrsave = 0;

  // Supervisor subset.
  uint32_t msr = 0;
  uint32_t srr0 = 0, srr1 = 0;
  uint32_t dar = 0, dsisr = 0;
  std::array<uint32_t, 8> sprg{};
  uint32_t pvr = 0, pir = 0;
  uint32_t hid0 = 0, hid1 = 0;
  uint32_t ear = 0, dabr = 0, iabr = 0;
  uint32_t esr = 0;                 // 440-class exception syndrome (mirrors program interrupt cause)
  uint32_t usprg0 = 0;
  uint32_t mq_acc = 0;              // unused by 32-bit PowerPC; kept zero

  // Time base and decrementer are derived from the hart's cycle count (see Hart::timebase()).
  uint64_t tb_offset = 0;           // TB = cycles / tb_divider + tb_offset
  uint32_t dec_written = 0;         // value last written to DEC
  uint64_t dec_written_tb = 0;      // TB value when it was written

  // Load reservation (lwarx/stwcx.).
  bool reserve_valid = false;
  uint32_t reserve_addr = 0;

  // CR field helpers (field 0 is the most significant nibble).
  uint32_t cr_field(unsigned f) const { return (cr >> (28 - 4 * f)) & 0xF; }
  void set_cr_field(unsigned f, uint32_t v) {
    unsigned sh = 28 - 4 * f;
    cr = (cr & ~(0xFu << sh)) | ((v & 0xF) << sh);
  }
  bool cr_bit(unsigned b) const { return (cr >> (31 - b)) & 1; }
  void set_cr_bit(unsigned b, bool v) {
    uint32_t m = 1u << (31 - b);
    cr = v ? (cr | m) : (cr & ~m);
  }
  bool xer_ca() const { return xer & XER_CA; }
  void set_xer_ca(bool v) { xer = v ? (xer | XER_CA) : (xer & ~XER_CA); }
  void set_xer_ov(bool v) { xer = v ? (xer | XER_OV | XER_SO) : (xer & ~XER_OV); }
  bool xer_so() const { return xer & XER_SO; }
};

}  // namespace pimnic
