// Vocabulary for writing rows in isa/rows_*.inc (only table.cpp includes the rows with this).
//
//   INSN(ident, "mnemonic", PATTERN, Form, OpClass, features, flags, msize, operands...)
//
// PATTERN gives the fixed opcode bits (match and mask). Operands are listed in assembler order with
// their role: R(read) W(write) RW(read+write) R0(rA-or-0 read) I(immediate) WM/RM (register runs).
#pragma once
#include <cstdint>

#include "isa/fields.h"
#include "isa/insn_table.h"

namespace pimnic::isa::rowdef {

struct Pat {
  uint32_t match, mask;
  // Also require bits [from, to] to equal value.
  constexpr Pat fix(int from, int to, uint32_t value) const {
    return {match | place(value, from, to), mask | field_mask(from, to)};
  }
};

constexpr Pat OPC(uint32_t po) { return {po << 26, 0xFC000000u}; }
// X, XL, XFX, XFL forms: 10-bit extended opcode in bits 21-30.
constexpr Pat XOP(uint32_t po, uint32_t xo) { return {po << 26 | xo << 1, 0xFC0007FEu}; }
// XO form: 9-bit extended opcode in bits 22-30 (bit 21 is OE).
constexpr Pat XOOP(uint32_t po, uint32_t xo) { return {po << 26 | xo << 1, 0xFC0003FEu}; }
// A form: 5-bit extended opcode in bits 26-30.
constexpr Pat AOP(uint32_t po, uint32_t xo) { return {po << 26 | xo << 1, 0xFC00003Eu}; }
// AltiVec forms on opcode 4.
constexpr Pat VXOP(uint32_t xo) { return {4u << 26 | xo, 0xFC0007FFu}; }  // 11-bit xo
constexpr Pat VAOP(uint32_t xo) { return {4u << 26 | xo, 0xFC00003Fu}; }  // 6-bit xo
constexpr Pat VCOP(uint32_t xo) { return {4u << 26 | xo, 0xFC0003FFu}; }  // 10-bit xo, Rc = bit 21

constexpr Operand R(Field f) { return {f, Role::Read}; }
constexpr Operand W(Field f) { return {f, Role::Write}; }
constexpr Operand RW(Field f) { return {f, Role::ReadWrite}; }
constexpr Operand R0(Field f) { return {f, Role::ReadOr0}; }
constexpr Operand I(Field f) { return {f, Role::Imm}; }
constexpr Operand WM(Field f) { return {f, Role::WriteMulti}; }
constexpr Operand RM(Field f) { return {f, Role::ReadMulti}; }

using enum Field;

}  // namespace pimnic::isa::rowdef
