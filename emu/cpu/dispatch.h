// Threaded dispatch for the functional run loop. Every decoded entry holds a function that runs its
// instruction and then tail-calls the next entry's function ([[clang::musttail]]), so the host
// never returns to a central loop between guest instructions. The chain returns to Hart::run when
// the instruction count reaches Hart::icount_limit, a jump leaves RAM or makes an interrupt
// deliverable, or the hart stops.
//
// The function is chosen when the entry is decoded, for the word and its address: besides the
// row's general function (cpu/threaded.h), hot forms get specialised ones (fields known at decode
// time, branch targets in the same page, memory accesses that try the fast path and fall back to
// the general function) in cpu/dispatch_*.cpp.
//
// Without musttail (GCC), Hart::run uses a plain loop over the same entries instead.
#pragma once
#include <cstdint>

#include "cpu/decode_cache.h"

#if defined(__clang__) && __has_cpp_attribute(clang::musttail)
#define PIMNIC_THREADED_DISPATCH 1
#else
#define PIMNIC_THREADED_DISPATCH 0
#endif

namespace pimnic {

// A page's key: with it, an entry's address gives the entry's pc (entries are 16 bytes for 4).
inline uint32_t threaded_key(const DecodedPage& p) {
  return p.base - uint32_t(reinterpret_cast<uintptr_t>(p.e) >> 2);
}
inline uint32_t threaded_pc(const Decoded* e, uint32_t key) {
  return uint32_t(reinterpret_cast<uintptr_t>(e) >> 2) + key;
}

// The threaded function for a decoded word of row at pc, on a core with vectors vec_bytes wide.
ThreadedFn threaded_exec(const isa::InsnRow& row, uint32_t word, uint32_t pc, unsigned vec_bytes);
// Stubs: decode the entry on first use; move on to the next page; an illegal word.
isa::Status threaded_decode(Hart& h, const Decoded* e, uint32_t key, int64_t rem);
isa::Status threaded_page_end(Hart& h, const Decoded* e, uint32_t key, int64_t rem);
isa::Status threaded_illegal(Hart& h, const Decoded* e, uint32_t key, int64_t rem);

// The plain executor of a decoded entry (for step() and the loop dispatcher).
isa::ExecFn plain_exec(const Decoded& d);

// Specialised forms, one chooser per family (cpu/dispatch_<family>.cpp): null when the word has
// no specialised function.
ThreadedFn branch_form(isa::InsnId id, uint32_t word, uint32_t pc);
ThreadedFn memory_form(isa::InsnId id, uint32_t word, unsigned vec_bytes);
ThreadedFn alu_form(isa::InsnId id, uint32_t word);
ThreadedFn vector_form(isa::InsnId id, uint32_t word, unsigned vec_bytes);

}  // namespace pimnic
