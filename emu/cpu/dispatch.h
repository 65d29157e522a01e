// Threaded dispatch for the functional run loop. Every decoded entry holds a function that runs its
// instruction's executor and then tail-calls the next entry's function ([[clang::musttail]]), so
// the host never returns to a central loop between guest instructions; pc and the instruction
// count travel in registers (integer arithmetic does not even store them). The chain returns to Hart::run when the instruction count reaches
// Hart::icount_limit, a jump leaves RAM or makes an interrupt deliverable, or the hart stops.
//
// Without musttail (GCC), Hart::run uses a plain loop over the same entries instead.
#pragma once
#include "cpu/decode_cache.h"

#if defined(__clang__) && __has_cpp_attribute(clang::musttail)
#define PIMNIC_THREADED_DISPATCH 1
#else
#define PIMNIC_THREADED_DISPATCH 0
#endif

namespace pimnic {

// The threaded function of a table row.
ThreadedFn threaded_exec(isa::InsnId id);
// Stubs: decode the entry on first use; move on to the next page; an illegal word.
isa::Status threaded_decode(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit);
isa::Status threaded_page_end(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit);
isa::Status threaded_illegal(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit);

// The plain executor of a decoded entry (for step() and the loop dispatcher).
isa::ExecFn plain_exec(const Decoded& d);

}  // namespace pimnic
