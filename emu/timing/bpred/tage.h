// TAGE (Seznec & Michaud, "A case for (partially) TAgged GEometric history length branch
// prediction", 2006): a bimodal base table plus tagged tables indexed with global histories of
// geometrically growing lengths. The longest matching table provides the prediction; new entries
// are allocated in longer tables when a prediction is wrong; 2-bit useful counters protect entries
// that beat the alternative prediction and age periodically.
#pragma once
#include <vector>

#include "timing/bpred/direction.h"
#include "timing/bpred/folded_history.h"

namespace pimnic::timing {

struct TageConfig {
  uint32_t base_bits = 12;     // log2 entries of the bimodal base table
  uint32_t tables = 7;         // tagged tables
  uint32_t table_bits = 10;    // log2 entries per tagged table
  uint32_t tag_bits = 11;
  uint32_t min_history = 4;
  uint32_t max_history = 320;
  uint32_t u_reset_period = 1u << 18;  // updates between useful-bit agings
  void check() const;  // throws std::invalid_argument on bad sizes
};

class TagePredictor final : public DirectionPredictor {
 public:
  explicit TagePredictor(const TageConfig& cfg);  // throws std::invalid_argument on bad sizes
  bool predict(uint32_t pc, uint32_t target, DirState& st) override;
  void recover(const DirState& st, bool taken) override;
  void update(uint32_t pc, bool taken, const DirState& st) override;
  unsigned history_length(unsigned table) const { return tables_[table].hist.length; }

 private:
  struct Entry {
    int8_t ctr = 0;   // 3-bit signed, taken when >= 0
    uint16_t tag = 0;
    uint8_t u = 0;    // 2-bit useful counter
  };
  struct Table {
    std::vector<Entry> e;
    FoldedHistory hist, tag0, tag1;
    unsigned pc_shift = 0;   // the address is also mixed in shifted, differently per table
    uint32_t path_mask = 0;  // path-history bits this table uses
  };
  void push_history(uint32_t pc, bool taken);
  uint32_t random();

  TageConfig cfg_;
  std::vector<uint8_t> base_;
  std::vector<Table> tables_;
  HistoryBuffer ghist_;
  uint32_t path_ = 0;
  int use_alt_ = 0;        // 4-bit signed: trust the alternative when the provider is newly allocated
  uint32_t updates_ = 0;
  uint32_t lfsr_ = 0xACE1u; // deterministic allocation choice
  bool age_high_ = true;   // which useful bit the next aging clears
};

}  // namespace pimnic::timing
