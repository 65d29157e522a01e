// Where HartStepper checks for interrupts again: after what can change MSR, the decrementer or an
// interrupt line, not after moves of the SPRs that cannot (encodings from llvm-mc 14).
#include <doctest/doctest.h>

#include "cpu/core.h"
#include "cpu/hart_stepper.h"
#include "isa/decoder.h"

using namespace pimnic;

TEST_CASE("the stepper rechecks interrupts after MSR, decrementer and serializing instructions only") {
  const isa::Decoder dec(core_profile("host").features);
  const HartStepper stepper;
  auto rechecks = [&](uint32_t word) {
    const isa::InsnRow* row = dec.decode(word);
    REQUIRE(row != nullptr);
    return stepper.rechecks(row->id, word);
  };
  CHECK_FALSE(rechecks(0x7c0803a6));  // mtlr 0
  CHECK_FALSE(rechecks(0x7c0802a6));  // mflr 0
  CHECK_FALSE(rechecks(0x7c6903a6));  // mtctr 3
  CHECK_FALSE(rechecks(0x7c8102a6));  // mfxer 4
  CHECK_FALSE(rechecks(0x7cb343a6));  // mtspr 275 (SPRG3), 5
  CHECK_FALSE(rechecks(0x7ca042a6));  // mfspr 5, 256 (VRSAVE)
  CHECK_FALSE(rechecks(0x7c642a14));  // add 3, 4, 5
  CHECK(rechecks(0x7c7603a6));        // mtdec 3
  CHECK(rechecks(0x7c7602a6));        // mfdec 3
  CHECK(rechecks(0x7c7a03a6));        // mtspr 26 (SRR0), 3
  CHECK(rechecks(0x7c600124));        // mtmsr 3
  CHECK(rechecks(0x7c0004ac));        // sync
}
