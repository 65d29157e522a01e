// Memoised timing of blocks (paths of up to 32 instructions) for the in-order model (inorder_model.h).
//
// Placing an instruction in the pipeline depends only on a few times the earlier ones left (when
// the previous instruction entered each stage, when the pipeline drains, when the registers it
// reads and the units it uses become free) and on how its fetch and memory accesses fare. Taken
// relative to the cycle the block's first instruction is fetched, and with every time that cannot
// delay anything any more clamped to one value, those inputs repeat: a loop body entered the same
// way is placed the same way every iteration. A block remembers, per such entry state (its key),
// what the in-order model computed the last time: the drain cycle after each instruction, what it
// leaves behind, the stall counts, and which branches inside it were mispredicted. When a block's
// accesses all hit the L1 caches (checked before anything changes) and it runs as before (the
// same path, the branches inside it predicted as before), the model replays that instead of
// placing each instruction, with the same result; anything else and it places the block's
// instructions one by one as usual.
#pragma once
#include <cstdint>
#include <vector>

#include "isa/deps.h"
#include "timing/bpred/branch_info.h"
#include "timing/inorder/static_info.h"
#include "timing/op_timing.h"

namespace pimnic::timing {

struct BlockMemo {
  static constexpr unsigned kMaxInsns = 32;   // instructions per block
  using Mask = uint32_t;                      // one bit per instruction of a block
  static_assert(kMaxInsns <= 32);
  static constexpr unsigned kMaxReads = 20;   // registers read before the block writes them
  static constexpr unsigned kMaxWrites = 24;  // registers written
  static constexpr unsigned kMaxAccesses = 8;  // per instruction
  static constexpr unsigned kFixedKey = 4;    // prev_X, prev_M, drain, "first line already fetched"
  static constexpr unsigned kMaxKey = kFixedKey + kMaxReads + OpTiming::kClasses;
  bool valid = false;
  uint16_t key[kMaxKey];
  // After the block, relative to its first fetch cycle.
  uint16_t drain[kMaxInsns];  // everything done, after each instruction
  uint8_t nmem[kMaxInsns];    // each instruction's memory accesses, and which of them were stores
  uint8_t stores[kMaxInsns];
  Mask fetches = 0;           // bit i: instruction i fetched a new line (the first: if key[3] is 0)
  // What replaying instruction i checks beyond its status (none: nothing more).
  enum Check : uint8_t { kFetch = 1, kAccesses = 2, kInnerBranch = 4, kRecheck = 8, kLast = 16 };
  uint8_t check[kMaxInsns];  // (kRecheck: interrupts are to be checked after it, HartStepper)
  uint16_t prev_D, prev_X, prev_M, fetch_end, result_at;  // of the last instruction
  uint16_t reg[kMaxWrites];          // when each written register is ready
  uint16_t unit[OpTiming::kClasses];  // when each used unpipelined unit is free (shape's order)
  uint32_t stall_fetch_icache, stall_data, stall_unit, stall_memory;
  uint32_t stall_branch, stall_taken;  // of the branches inside the block (the last one's come at commit)
  Mask mispredicted;                   // bit i: the branch inside the block at i was mispredicted
  uint16_t fetch_hits, loads, stores_total;  // the block's I-cache hits, loads and stores
};

// A block: the instructions from `pc` along the path they took when the block was built, across
// branches, up to a serializing or refetching one or kMaxInsns (or less: InOrderModel::cut);
// what it reads before writing, what it writes, the units it uses that are not fully pipelined (a fully pipelined one
// is always free again by the next instruction's issue); its memos.
struct BlockShape {
  static constexpr unsigned kWays = 4;
  uint32_t pc = 1;  // never an instruction's address: the slot starts empty
  uint8_t n = 0;
  bool memo_ok = false;  // no instruction that serializes, refetches or has more registers than slots
  uint8_t nreads = 0, nwrites = 0, nclasses = 0;
  uint8_t unsteady = 0;     // replays and recordings that failed, less replays that went through
  BlockMemo::Mask inner_branches = 0;  // bit i: instruction i (< n - 1) is a branch
  uint32_t pcs[BlockMemo::kMaxInsns];
  BranchInfo branch[BlockMemo::kMaxInsns];  // of the branches, for the predictor
  uint32_t word[BlockMemo::kMaxInsns];
  isa::InsnId id[BlockMemo::kMaxInsns];
  uint8_t status_mask[BlockMemo::kMaxInsns];  // what of the status must be Ok (a branch may jump)
  isa::ExecFn exec[BlockMemo::kMaxInsns];     // the executors, valid while the decode cache's
  uint64_t code_generation = 0;               // generation is this (Hart::step_nopoll_known)
  isa::RegId reads[BlockMemo::kMaxReads];
  isa::RegId writes[BlockMemo::kMaxWrites];
  uint8_t classes[OpTiming::kClasses];
  uint8_t victim = 0;  // the memo to replace next
  uint8_t mru = 0;     // the memo replayed last
  BlockMemo memo[kWays];

  // Build from the static information of the block's instructions (in order); memo_ok says
  // whether it can be memoised (not if it has more reads or writes than a memo holds).
  void build(const StaticInfo* insns, unsigned n, const OpTiming& ops, uint64_t code_generation);
};

class BlockTable {
 public:
  BlockTable() : e_(kEntries) {}
  BlockShape& slot(uint32_t pc) { return e_[(pc >> 2) & (kEntries - 1)]; }

 private:
  static constexpr size_t kEntries = 2048;
  std::vector<BlockShape> e_;
};

}  // namespace pimnic::timing
