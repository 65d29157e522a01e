#include "timing/bpred/tage.h"

#include <cmath>
#include <stdexcept>

namespace pimnic::timing {

static constexpr unsigned kPathBits = 16;

void TageConfig::check() const {
  if (tables < 1 || tables > DirState::kMaxTables)
    throw std::invalid_argument("core.bpred.tage.tables must be between 1 and " + std::to_string(DirState::kMaxTables));
  if (table_bits < 4 || table_bits > 20) throw std::invalid_argument("core.bpred.tage.table_bits must be between 4 and 20");
  if (base_bits < 4 || base_bits > 24) throw std::invalid_argument("core.bpred.tage.base_bits must be between 4 and 24");
  if (tag_bits < 4 || tag_bits > 15) throw std::invalid_argument("core.bpred.tage.tag_bits must be between 4 and 15");
  if (min_history < 1 || max_history < min_history || max_history > 2048)
    throw std::invalid_argument("core.bpred.tage: history lengths must satisfy 1 <= min_history <= max_history <= 2048");
  if (u_reset_period == 0) throw std::invalid_argument("core.bpred.tage.u_reset_period must be at least 1");
}

TagePredictor::TagePredictor(const TageConfig& c) : cfg_(c) {
  c.check();
  base_.assign(size_t(1) << c.base_bits, 2);
  tables_.resize(c.tables);
  for (unsigned i = 0; i < c.tables; ++i) {
    Table& t = tables_[i];
    t.e.resize(size_t(1) << c.table_bits);
    // Geometric series from min_history to max_history.
    double ratio = c.tables > 1 ? double(i) / double(c.tables - 1) : 0.0;
    unsigned len = unsigned(std::lround(c.min_history * std::pow(double(c.max_history) / c.min_history, ratio)));
    if (i > 0 && len <= tables_[i - 1].hist.length) len = tables_[i - 1].hist.length + 1;
    t.hist = FoldedHistory(len, c.table_bits);
    t.tag0 = FoldedHistory(len, c.tag_bits);
    t.tag1 = FoldedHistory(len, c.tag_bits - 1);
    t.pc_shift = c.table_bits - i % c.table_bits;
    t.path_mask = (1u << (len < kPathBits ? len : kPathBits)) - 1;
  }
}

uint32_t TagePredictor::random() {
  lfsr_ = (lfsr_ >> 1) ^ (-(lfsr_ & 1u) & 0xB400u);
  return lfsr_;
}

bool TagePredictor::predict(uint32_t pc, uint32_t, DirState& st) {
  uint32_t a = pc >> 2;
  st.pc = pc;
  st.hist_head = ghist_.head;
  st.path = path_;
  st.base_index = a & ((1u << cfg_.base_bits) - 1);
  uint32_t imask = (1u << cfg_.table_bits) - 1, tmask = (1u << cfg_.tag_bits) - 1;
  st.provider = st.alt = -1;
  for (unsigned i = 0; i < tables_.size(); ++i) {
    const Table& t = tables_[i];
    st.fold[i][0] = t.hist.comp;
    st.fold[i][1] = t.tag0.comp;
    st.fold[i][2] = t.tag1.comp;
    uint32_t path = path_ & t.path_mask;
    st.index[i] = (a ^ (a >> t.pc_shift) ^ t.hist.comp ^ path ^ (path >> cfg_.table_bits)) & imask;
    st.tag[i] = uint16_t((a ^ t.tag0.comp ^ (t.tag1.comp << 1)) & tmask);
  }
  for (int i = int(tables_.size()) - 1; i >= 0; --i) {
    if (tables_[i].e[st.index[i]].tag != st.tag[i]) continue;
    if (st.provider < 0) {
      st.provider = int8_t(i);
    } else {
      st.alt = int8_t(i);
      break;
    }
  }
  bool base = base_[st.base_index] >= 2;
  st.alt_taken = st.alt >= 0 ? tables_[st.alt].e[st.index[st.alt]].ctr >= 0 : base;
  if (st.provider < 0) {
    st.provider_taken = st.taken = base;
  } else {
    const Entry& e = tables_[st.provider].e[st.index[st.provider]];
    st.provider_taken = e.ctr >= 0;
    // A newly allocated entry (weak counter, not yet useful) is often worse than the alternative.
    bool fresh = (e.ctr == 0 || e.ctr == -1) && e.u == 0;
    st.taken = fresh && use_alt_ >= 0 ? st.alt_taken : st.provider_taken;
  }
  push_history(pc, st.taken);
  return st.taken;
}

void TagePredictor::push_history(uint32_t pc, bool taken) {
  ghist_.push(taken);
  path_ = ((path_ << 1) | ((pc >> 2) & 1)) & ((1u << kPathBits) - 1);
  for (Table& t : tables_) {
    uint32_t out = ghist_.bit(t.hist.length);
    t.hist.update(taken, out);
    t.tag0.update(taken, out);
    t.tag1.update(taken, out);
  }
}

void TagePredictor::recover(const DirState& st, bool taken) {
  ghist_.head = st.hist_head;
  path_ = st.path;
  for (unsigned i = 0; i < tables_.size(); ++i) {
    tables_[i].hist.comp = st.fold[i][0];
    tables_[i].tag0.comp = st.fold[i][1];
    tables_[i].tag1.comp = st.fold[i][2];
  }
  push_history(st.pc, taken);
}

void TagePredictor::update(uint32_t, bool taken, const DirState& st) {
  auto signed_count = [](int8_t& c, bool up) {
    if (up) {
      if (c < 3) ++c;
    } else if (c > -4) {
      --c;
    }
  };
  if (st.provider >= 0) {
    Entry& p = tables_[st.provider].e[st.index[st.provider]];
    bool fresh = (p.ctr == 0 || p.ctr == -1) && p.u == 0;
    if (fresh && st.provider_taken != st.alt_taken) {
      // Learn whether the alternative is the better guess for fresh entries.
      if (st.alt_taken == taken) {
        if (use_alt_ < 7) ++use_alt_;
      } else if (use_alt_ > -8) {
        --use_alt_;
      }
    }
    signed_count(p.ctr, taken);
    // The alternative keeps learning while the provider is still fresh.
    if (fresh) {
      if (st.alt >= 0)
        signed_count(tables_[st.alt].e[st.index[st.alt]].ctr, taken);
      else
        count(base_[st.base_index], taken, 3);
    }
    if (st.provider_taken != st.alt_taken) {
      if (st.provider_taken == taken) {
        if (p.u < 3) ++p.u;
      } else if (p.u > 0) {
        --p.u;
      }
    }
  } else {
    count(base_[st.base_index], taken, 3);
  }

  // Allocate in a longer table when the final prediction was wrong.
  if (st.taken != taken && st.provider + 1 < int(tables_.size())) {
    int start = st.provider + 1;
    // Skip a table now and then so that entries spread over several lengths.
    if (start + 1 < int(tables_.size()) && (random() & 1)) ++start;
    bool done = false;
    for (int i = start; i < int(tables_.size()) && !done; ++i) {
      Entry& e = tables_[i].e[st.index[i]];
      if (e.u == 0) {
        e.tag = st.tag[i];
        e.ctr = taken ? 0 : -1;
        done = true;
      }
    }
    if (!done)
      for (int i = st.provider + 1; i < int(tables_.size()); ++i) {
        Entry& e = tables_[i].e[st.index[i]];
        if (e.u > 0) --e.u;
      }
  }

  // Graceful aging: clear one of the two useful bits of every entry, alternately.
  if (++updates_ % cfg_.u_reset_period == 0) {
    uint8_t keep = age_high_ ? 1 : 2;
    for (Table& t : tables_)
      for (Entry& e : t.e) e.u &= keep;
    age_high_ = !age_high_;
  }
}

}  // namespace pimnic::timing
