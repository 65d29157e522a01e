// The operation table of the SoftFloat checks: for each operation, how to call the library,
// the x86 hardware (hw_x86.h) and, where one exists, the exact reference (exact_ref.h).
#pragma once
#include "exact_ref.h"
#include "operands.h"

#include <vector>

namespace sfcheck {

using ops::FmtInfo;
using ops::kF32;
using ops::kF64;

enum Res { R_F32, R_F64, R_I32, R_I64, R_U32, R_U64, R_BOOL };
enum In { IN_FLOAT, IN_I32, IN_I64, IN_U32, IN_U64 };

struct Case { uint64_t a = 0, b = 0, c = 0; bool exact = true; };
struct Out { uint64_t v = 0; unsigned flags = 0; };

struct Op {
    const char* name;
    FmtInfo fmt;     // operand format (float inputs)
    int arity;       // float operands
    In in;           // integer input kind for int->float
    Res res;
    bool underflows; // result can be tiny and inexact: tininess mode matters
    bool needs_fma, needs_avx512;
    Out (*lib)(const Case&);
    Out (*hw)(const Case&);
    ref::Res (*ref)(const Case&, int mode); // nullptr: hardware for every mode
};

// The rounding mode the hw/ref entries of operations with a mode argument use.
extern int g_mode;

std::vector<Op> make_ops();

} // namespace sfcheck
