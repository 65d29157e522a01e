// pimnic's version: `git describe --tags --always --dirty` of the source tree it was built
// from (emu/cli/version.cmake writes it at every build), for --version and config.json.
#pragma once

namespace pimnic::cli {

const char* pimnic_version();

}  // namespace pimnic::cli
