// Target description for gdb (qXfer:features:read): target.xml names the architecture
// (powerpc:common) and includes one file per feature: gdb's org.gnu.gdb.power.core / .fpu /
// .altivec with the register numbers of registers.h, and for 256-bit vector cores the custom
// org.pimnic.power.altivec256 whose vec256 union gives 8 x float, 8 x int32, 16 x int16, 32 x int8
// and 2 x uint128 views. The supervisor SPRs go in org.pimnic.power.supervisor.
#pragma once
#include <map>
#include <string>

#include "gdb/registers.h"

namespace pimnic::gdb {

// File name -> XML text; "target.xml" is the root.
std::map<std::string, std::string> target_description(const RegisterLayout& layout);

}  // namespace pimnic::gdb
