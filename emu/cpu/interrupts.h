// The one interrupt model every pimnic core uses (classic 32-bit PowerPC, as on the 7400): save the
// resume address in SRR0 and MSR bits in SRR1, clear MSR[EE,PR,FP,FE0,FE1,SE,BE,VEC...], jump to
// the vector (prefix 0xFFF00000 when MSR[IP]). See docs/isa/interrupts.md.
#pragma once
#include <cstdint>

namespace pimnic {

enum class Interrupt : uint16_t {
  SystemReset = 0x100,
  MachineCheck = 0x200,
  Storage = 0x300,          // DSI: data access to an unmapped address or a bus error
  InstructionStorage = 0x400,
  External = 0x500,
  Alignment = 0x600,
  Program = 0x700,          // illegal, privileged, trap, FP enabled exception
  FpUnavailable = 0x800,
  Decrementer = 0x900,
  SystemCall = 0xC00,
  Trace = 0xD00,
  VecUnavailable = 0xF20,
};

// SRR1 reason bits for program interrupts (IBM bits 11-15).
inline constexpr uint32_t SRR1_PROGRAM_FP = 1u << 20;
inline constexpr uint32_t SRR1_PROGRAM_ILLEGAL = 1u << 19;
inline constexpr uint32_t SRR1_PROGRAM_PRIV = 1u << 18;
inline constexpr uint32_t SRR1_PROGRAM_TRAP = 1u << 17;
inline constexpr uint32_t SRR1_PROGRAM_NEXT = 1u << 16;  // SRR0 holds the next instruction
// SRR1 bits for instruction storage interrupts.
inline constexpr uint32_t SRR1_ISI_NOT_MAPPED = 1u << 30;
// DSISR bits for storage interrupts.
inline constexpr uint32_t DSISR_NOT_MAPPED = 1u << 30;
inline constexpr uint32_t DSISR_STORE = 1u << 25;
// 440-class exception syndrome register (ESR, SPR 62 on the nic profile), Book E bit positions.
inline constexpr uint32_t ESR_PIL = 1u << 27;  // illegal instruction
inline constexpr uint32_t ESR_PPR = 1u << 26;  // privileged instruction
inline constexpr uint32_t ESR_PTR = 1u << 25;  // trap
inline constexpr uint32_t ESR_FP = 1u << 24;   // floating-point enabled exception
inline constexpr uint32_t ESR_ST = 1u << 23;   // the faulting access was a store

// MSR bits an interrupt saves in SRR1 and rfi restores from it (7400: bits 6, 16-23, 25-27, 30-31).
inline constexpr uint32_t MSR_SAVED_IN_SRR1 = 0x0200FF73u;

struct InterruptInfo {
  Interrupt kind;
  uint32_t srr0;           // address to resume at (faulting or next instruction)
  uint32_t srr1_bits = 0;  // reason bits merged into SRR1
  uint32_t dar = 0;        // storage/alignment: the effective address
  uint32_t dsisr = 0;
};

const char* interrupt_name(Interrupt k);

namespace isa { enum class Status : uint8_t; }
struct Hart;
// The bare-metal interrupt model: save state in SRR0/SRR1, set DAR/DSISR where relevant, switch
// MSR to supervisor with interrupts off, and jump to the vector. Returns Status::Jump.
isa::Status deliver_interrupt(Hart& h, const InterruptInfo& info);
// Vector address for an interrupt given the MSR (prefix 0xFFF00000 when MSR[IP]).
uint32_t interrupt_vector(uint32_t msr, Interrupt k);
// DSISR of an alignment interrupt: the 7400's identification of the faulting instruction word.
uint32_t alignment_dsisr(uint32_t word);
// ESR value (nic profile) for an interrupt.
uint32_t exception_syndrome(const InterruptInfo& info);

}  // namespace pimnic
