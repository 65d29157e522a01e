// --gdb PORT [--wait] [--gdb-bind ADDR]: the options of every command that can serve gdb.
#pragma once
#include <CLI/CLI.hpp>

#include "gdb/server.h"

namespace pimnic::cli {

void add_gdb_options(CLI::App* cmd, gdb::ServerOptions& options);

}  // namespace pimnic::cli
