// Direction predictors for conditional branches. The out-of-order model predicts at fetch, long
// before older branches have trained the tables, so each predictor keeps a speculative global
// history: predict() pushes the predicted direction, recover() rewinds to the state saved in the
// branch's DirState and pushes the real outcome, update() trains at commit with the history the
// prediction used.
#pragma once
#include <cstdint>
#include <memory>

namespace pimnic::timing {

// What one prediction saw; kept with the branch until it commits.
struct DirState {
  static constexpr unsigned kMaxTables = 12;
  uint32_t pc = 0;
  uint64_t ghr = 0;             // gshare: global history before this branch
  uint32_t base_index = 0;      // bimodal / gshare counter, TAGE base table
  // TAGE
  uint32_t hist_head = 0;       // history buffer position before this branch
  uint32_t path = 0;            // path history before this branch
  // Per tagged table, written by TAGE's predict for the tables it has (left uninitialized: a
  // prediction is made per branch, and clearing 200 bytes each time showed in profiles).
  uint32_t fold[kMaxTables][3]; // folded histories (index, tag, tag') before this branch
  uint32_t index[kMaxTables];
  uint16_t tag[kMaxTables];
  int8_t provider = -1;         // longest matching tagged table, -1: the base table
  int8_t alt = -1;              // next matching table, -1: the base table
  bool provider_taken = false, alt_taken = false;
  bool taken = false;           // the prediction
};

class DirectionPredictor {
 public:
  virtual ~DirectionPredictor() = default;
  // Predict the branch at pc (target: its direct target, 0 if unknown); fills st and pushes the
  // prediction into the speculative history.
  virtual bool predict(uint32_t pc, uint32_t target, DirState& st) = 0;
  // The branch predicted with st went the other way: restore the history it saw, push `taken`.
  virtual void recover(const DirState& st, bool taken) = 0;
  // Train with the outcome (in program order, at commit).
  virtual void update(uint32_t pc, bool taken, const DirState& st) = 0;
  // predict, recover when wrong, update: a pipeline with one branch in flight. Returns the prediction.
  virtual bool predict_in_order(uint32_t pc, uint32_t target, bool taken) {
    DirState st;
    const bool p = predict(pc, target, st);
    if (p != taken) recover(st, taken);
    update(pc, taken, st);
    return p;
  }
};

// A saturating counter of `bits` bits, taken when in the upper half.
inline void count(uint8_t& c, bool up, unsigned max) {
  if (up) {
    if (c < max) ++c;
  } else if (c > 0) {
    --c;
  }
}

}  // namespace pimnic::timing
