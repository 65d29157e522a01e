// Branch prediction parameters of one core, declared under a prefix ("core0.bpred.").
#pragma once
#include <memory>
#include <string>

#include "sim/params.h"
#include "timing/bpred/direction.h"
#include "timing/bpred/tage.h"

namespace pimnic::timing {

struct BpredConfig {
  std::string kind = "tage";
  uint32_t bimodal_bits = 11;
  uint32_t gshare_table_bits = 12;
  uint32_t gshare_history_bits = 12;
  TageConfig tage;
  uint32_t btb_sets = 512;
  uint32_t btb_ways = 4;
  uint32_t ras_size = 16;
  void declare(ParamRegistry& p, const std::string& prefix);
  // Throws std::invalid_argument for a setting the predictor of this kind refuses (allocates nothing).
  void check() const;
};

// The configured direction predictor (check() first).
std::unique_ptr<DirectionPredictor> make_direction_predictor(const BpredConfig& c);

}  // namespace pimnic::timing
