// The one instruction table: a row per instruction (SimpleScalar machine.def style), with its bit
// pattern, form, operands and their roles, operation class and flags. Decoder, executor, disassembler,
// dependency information for timing models, and test enumeration all read these rows.
//
// Rows live in rows_*.inc files, one per instruction family, written with the INSN macro:
//   INSN(ident, "mnemonic", MATCH, MASK, Form, OpClass, feature, flags, msize, operands...)
// A row with the RC/OE/LK/AA flags covers its dotted/o/l/a variants: those bits are left out of
// the mask and the disassembler appends the suffixes.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace pimnic {
struct Hart;
}

namespace pimnic::isa {

// How an executed instruction ended. Ok means "fall through to pc+4".
enum class Status : uint8_t {
  Ok,    // completed, continue at pc + 4
  Jump,  // completed or interrupted; pc already holds the next address
  Stop,  // the hart must stop (exit, breakpoint, unhandled fault); pc is where to resume
};

using ExecFn = Status (*)(Hart&, uint32_t word);

enum class Form : uint8_t { I, B, SC, D, DS, X, XL, XFX, XFL, XO, A, M, VA, VX, VC, PIM };

// Operation classes: the timing models map these to functional units and latencies.
enum class OpClass : uint8_t {
  IntAlu, IntMul, IntDiv, IntMac, CrLogic, Branch, Trap, Load, Store, LoadMulti, StoreMulti,
  LoadReserve, StoreCond, Sync, Spr, System, Cache,
  FpMove, FpAdd, FpMul, FpMadd, FpDiv, FpSqrt, FpEstimate, FpConvert, FpCompare, FpStatus,
  FpLoad, FpStore,
  VecSimple, VecComplex, VecFloat, VecPerm, VecLoad, VecStore, VecStatus,
  Pim, PimMemory,
  Count
};

// Which cores have an instruction. A core's decoder takes the rows whose feature it has.
enum Feature : uint8_t {
  FEAT_BASE = 1 << 0,     // every core
  FEAT_FPU = 1 << 1,      // hard float
  FEAT_ALTIVEC = 1 << 2,  // vector unit (128 or 256 bits)
  FEAT_440 = 1 << 3,      // 440-class additions (MAC family on opcode 4, isel, dlmzb, DCRs)
  FEAT_PIM = 1 << 4,      // PIM extension on opcode 6
  FEAT_ISEL = 1 << 5,     // isel alone (440 and PIM cores)
};

// Flags: instruction variants and implicit register effects.
enum Flag : uint32_t {
  F_RC = 1u << 0,         // Rc bit (31) selects a dotted variant that writes CR0 / CR1 (FP) / CR6 (vcmp)
  F_OE = 1u << 1,         // OE bit (21) selects an 'o' variant that writes XER[OV,SO]
  F_LK = 1u << 2,         // LK bit (31) selects an 'l' variant that writes LR
  F_AA = 1u << 3,         // AA bit (30) selects an 'a' (absolute) variant
  F_W_CR0 = 1u << 4,      // always writes CR0 (andi., stwcx., ...)
  F_R_CA = 1u << 5,       // reads XER[CA]
  F_W_CA = 1u << 6,       // writes XER[CA]
  F_R_LR = 1u << 7,
  F_W_LR = 1u << 8,       // always writes LR (not via LK)
  F_R_CTR = 1u << 9,
  F_W_CTR = 1u << 10,
  F_CTR_BO = 1u << 11,    // reads/writes CTR unless BO says "don't decrement" (bc, bclr)
  F_R_FPSCR = 1u << 12,   // rounding mode / enables
  F_W_FPSCR = 1u << 13,   // status bits
  F_R_VSCR = 1u << 14,    // NJ mode
  F_W_VSCR = 1u << 15,    // SAT
  F_R_XER = 1u << 16,     // whole XER (mfxer, string length)
  F_W_XER = 1u << 17,
  F_R_SO = 1u << 18,      // copies XER[SO] into a CR field (compares)
  F_BRANCH = 1u << 19,    // may change control flow
  F_COND = 1u << 20,      // conditional
  F_INDIRECT = 1u << 21,  // target from a register
  F_SERIALIZE = 1u << 22, // timing models drain the pipeline before executing it
  F_PRIV = 1u << 23,      // supervisor only: program interrupt in problem state
  F_LOAD = 1u << 24,
  F_STORE = 1u << 25,
  F_W_CR6 = 1u << 26,     // writes CR6 when Rc (vector compares)
  F_W_CR1 = 1u << 27,     // writes CR1 when Rc (floating point)
  F_MSR = 1u << 28,       // reads or writes MSR
  F_W_CR = 1u << 29,      // writes CR fields named by a mask (mtcrf, mcrxr, mcrfs ...)
  F_R_CR = 1u << 30,      // reads the whole CR (mfcr)
};

// Operand fields. The first group are register fields; the rest are immediates and composites.
enum class Field : uint8_t {
  None,
  // registers (bit positions in the name's comment)
  RT, RS, RA, RB,         // GPR: 6-10, 6-10, 11-15, 16-20
  FRT, FRS, FRA, FRB, FRC,// FPR: 6-10, 6-10, 11-15, 16-20, 21-25
  VRT, VRS, VRA, VRB, VRC,// VR:  6-10, 6-10, 11-15, 16-20, 21-25
  BF, BFA,                // CR field: 6-8, 11-13
  BT, BA, BB,             // CR bit: 6-10, 11-15, 16-20
  BI,                     // CR bit tested by a conditional branch: 11-15
  // immediates
  BO,                     // 6-10
  BD, LI,                 // branch displacements (printed as targets)
  SI, UI,                 // 16-bit signed / unsigned
  D,                      // 16-bit signed displacement of a d(rA) operand (always followed by RA)
  SH, MB, ME,             // 16-20, 21-25, 26-30
  NB,                     // 16-20 (0 means 32)
  TO,                     // 6-10
  SPR, DCR, TBR,          // split 10-bit numbers
  CRM,                    // 12-19
  FLM,                    // 7-14
  U,                      // mtfsfi immediate, 16-19
  L,                      // cmp L bit, 10
  E,                      // wrteei bit 16
  VSH,                    // vsldoi shift 22-25
  VUIMM,                  // 11-15 unsigned
  VSIMM,                  // 11-15 signed
  CRB21,                  // isel condition bit, 21-25
  PIMX,                   // PIM extension immediate, 16-20
  STRM,                   // data stream id of dst/dss, 9-10
  FBF,                    // FPSCR field number of mtfsfi, 6-8 (not a CR field)
};

enum class Role : uint8_t {
  Imm,      // not a register
  Read,
  Write,
  ReadWrite,
  ReadOr0,  // rA in "rA or 0": register 0 reads as the value 0
  WriteMulti, ReadMulti,  // lmw/stmw/lswi/stswi: a run of registers starting here
};

struct Operand {
  Field field = Field::None;
  Role role = Role::Imm;
};

// Memory access sizes beyond plain byte counts.
enum MemSize : uint8_t {
  MS_NONE = 0,
  MS_VEC = 0xFE,    // the core's vector width (16 or 32 bytes), or an element of it
  MS_MULTI = 0xFF,  // multiple / string: size from the operands
};

// Row identifiers, one per row in table order.
enum class InsnId : uint16_t {
#define INSN(ident, ...) ident,
#include "isa/rows.inc"
#undef INSN
  Count,
  Invalid = 0xFFFF,
};

struct InsnRow {
  InsnId id;
  const char* mnemonic;
  uint32_t match;
  uint32_t mask;
  Form form;
  OpClass cls;
  uint8_t features;
  uint32_t flags;
  uint8_t msize;
  uint8_t nops;
  std::array<Operand, 6> ops;
  ExecFn exec;

  std::span<const Operand> operands() const { return {ops.data(), nops}; }
  bool matches(uint32_t w) const { return (w & mask) == match; }
  bool has(uint32_t f) const { return (flags & f) == f; }
};

// The whole table, in row order (index == InsnId).
std::span<const InsnRow> table();
inline const InsnRow& row(InsnId id) { return table()[size_t(id)]; }
const char* op_class_name(OpClass c);

// Printed mnemonic for a given word of this row: adds 'o', '.', 'l', 'a' suffixes.
std::string_view full_mnemonic(const InsnRow& r, uint32_t word, char (&buf)[32]);

// Table self-check: malformed rows (match outside mask, operand fields overlapping the mask,
// missing executor) and rows that overlap within one feature set. Returns a description of each
// problem; empty means the table is sound.
std::string check_table();

}  // namespace pimnic::isa
