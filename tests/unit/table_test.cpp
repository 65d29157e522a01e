// The instruction table is well formed: no malformed rows, no overlaps within a core profile.
#include <doctest/doctest.h>

#include "cpu/core.h"
#include "isa/decoder.h"
#include "isa/insn_table.h"

using namespace pimnic;

TEST_CASE("instruction table self-check finds no problems") {
  std::string problems = isa::check_table();
  CHECK_MESSAGE(problems.empty(), problems);
}

TEST_CASE("every row decodes to itself on the profiles that have it") {
  for (const char* profile : {"host", "nic", "pim"}) {
    isa::Decoder dec(core_profile(profile).features);
    for (const isa::InsnRow* r : dec.rows()) {
      const isa::InsnRow* got = dec.decode(r->match);
      REQUIRE(got != nullptr);
      CHECK_MESSAGE(got == r, profile << ": " << r->mnemonic << " decoded as " << got->mnemonic);
    }
  }
}
