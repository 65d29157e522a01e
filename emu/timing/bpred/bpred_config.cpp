#include "timing/bpred/bpred_config.h"

#include <stdexcept>

#include "timing/bpred/bimodal.h"
#include "timing/bpred/btb.h"
#include "timing/bpred/gshare.h"
#include "timing/bpred/ras.h"
#include "timing/bpred/static_predictor.h"

namespace pimnic::timing {

void BpredConfig::declare(ParamRegistry& p, const std::string& pre) {
  p.declare(pre + "kind", kind, kind,
            "direction predictor: nottaken, taken, btfn (backward taken), bimodal, gshare or tage",
            {"nottaken", "taken", "btfn", "bimodal", "gshare", "tage"});
  p.declare(pre + "bimodal_bits", bimodal_bits, bimodal_bits, "log2 of the bimodal predictor's 2-bit counters");
  p.declare(pre + "gshare_table_bits", gshare_table_bits, gshare_table_bits, "log2 of gshare's 2-bit counters");
  p.declare(pre + "gshare_history_bits", gshare_history_bits, gshare_history_bits,
            "global history bits gshare XORs into its index (folded when longer than the index)");
  p.declare(pre + "tage.base_bits", tage.base_bits, tage.base_bits, "log2 entries of TAGE's bimodal base table");
  p.declare(pre + "tage.tables", tage.tables, tage.tables, "number of TAGE tagged tables (1-12)");
  p.declare(pre + "tage.table_bits", tage.table_bits, tage.table_bits, "log2 entries of each TAGE tagged table");
  p.declare(pre + "tage.tag_bits", tage.tag_bits, tage.tag_bits, "tag width of TAGE entries");
  p.declare(pre + "tage.min_history", tage.min_history, tage.min_history, "history length of the shortest TAGE table");
  p.declare(pre + "tage.max_history", tage.max_history, tage.max_history,
            "history length of the longest TAGE table (lengths in between are geometric)");
  p.declare(pre + "tage.u_reset_period", tage.u_reset_period, tage.u_reset_period,
            "TAGE updates between agings of the useful counters");
  p.declare(pre + "btb_sets", btb_sets, btb_sets, "branch target buffer sets (a power of two)");
  p.declare(pre + "btb_ways", btb_ways, btb_ways, "branch target buffer associativity");
  p.declare(pre + "ras_size", ras_size, ras_size, "return-address stack entries");
}

void BpredConfig::check() const {
  auto bits = [](const char* name, uint32_t v) {
    if (v < 1 || v > 24) throw std::invalid_argument(std::string(name) + " must be between 1 and 24");
  };
  if (kind == "bimodal") bits("core.bpred.bimodal_bits", bimodal_bits);
  if (kind == "gshare") {
    bits("core.bpred.gshare_table_bits", gshare_table_bits);
    if (gshare_history_bits > 64) throw std::invalid_argument("core.bpred.gshare_history_bits must be at most 64");
  }
  if (kind == "tage") tage.check();
  if (kind != "nottaken" && kind != "taken" && kind != "btfn" && kind != "bimodal" && kind != "gshare" && kind != "tage")
    throw std::invalid_argument("unknown branch predictor '" + kind + "'");
  Btb::check(btb_sets, btb_ways);
  ReturnStack::check(ras_size);
}

std::unique_ptr<DirectionPredictor> make_direction_predictor(const BpredConfig& c) {
  if (c.kind == "nottaken") return std::make_unique<StaticPredictor>(StaticPredictor::Policy::NotTaken);
  if (c.kind == "taken") return std::make_unique<StaticPredictor>(StaticPredictor::Policy::Taken);
  if (c.kind == "btfn") return std::make_unique<StaticPredictor>(StaticPredictor::Policy::Btfn);
  if (c.kind == "bimodal") return std::make_unique<BimodalPredictor>(c.bimodal_bits);
  if (c.kind == "gshare") return std::make_unique<GsharePredictor>(c.gshare_table_bits, c.gshare_history_bits);
  if (c.kind == "tage") return std::make_unique<TagePredictor>(c.tage);
  throw std::invalid_argument("unknown branch predictor '" + c.kind + "'");
}

}  // namespace pimnic::timing
