#include "cpu/core.h"

#include <stdexcept>

namespace pimnic {

CoreConfig core_profile(std::string_view profile) {
  CoreConfig c;
  c.profile = std::string(profile);
  if (profile == "host") {
    c.features = isa::FEAT_BASE | isa::FEAT_FPU | isa::FEAT_ALTIVEC;
    c.vec_bytes = 16;
    c.pvr = 0x000C0209;  // MPC7400 v2.9
    c.clock_hz = 2e9;
  } else if (profile == "nic") {
    c.features = isa::FEAT_BASE | isa::FEAT_440 | isa::FEAT_ISEL;
    c.pvr = 0x422218D3;  // PPC440GP
    c.clock_hz = 500e6;
  } else if (profile == "pim") {
    c.features = isa::FEAT_BASE | isa::FEAT_ALTIVEC | isa::FEAT_PIM | isa::FEAT_ISEL;
    c.vec_bytes = 32;
    c.pvr = 0x7F000100;  // pimnic PIM core
    c.clock_hz = 500e6;
  } else {
    throw std::invalid_argument("unknown core profile '" + std::string(profile) +
                                "' (expected host, nic or pim)");
  }
  return c;
}

Core::Core(CoreConfig cfg, AddressSpace& mem)
    : cfg_(std::move(cfg)), clock_(cfg_.name, cfg_.clock_hz), mem_(mem), decoder_(cfg_.features), dcache_(mem, decoder_, cfg_.vec_bytes) {
  if (cfg_.harts == 0) throw std::invalid_argument("a core needs at least one hardware thread");
  for (unsigned i = 0; i < cfg_.harts; ++i) harts_.push_back(std::make_unique<Hart>(*this, i));
  feb_ = (cfg_.features & isa::FEAT_PIM) ? &mem_.full_empty_bits() : &no_feb_;
  reset_threads();
}

}  // namespace pimnic
