#include "cli/gdb_option.h"

namespace pimnic::cli {

void add_gdb_options(CLI::App* cmd, gdb::ServerOptions& o) {
  CLI::Option* gdb = cmd->add_option("--gdb", o.port,
                                     "Serve the GDB remote protocol on this TCP port of 127.0.0.1 (0: any free "
                                     "port, printed on stderr); see docs/gdb.md")
                         ->check(CLI::Range(0, 65535));
  cmd->add_flag("--wait", o.wait, "With --gdb: start halted at the entry point until gdb attaches")->needs(gdb);
  cmd->add_option("--gdb-bind", o.bind, "With --gdb: listen on this IPv4 address instead of 127.0.0.1")->needs(gdb);
}

}  // namespace pimnic::cli
