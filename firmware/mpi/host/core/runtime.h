// The process-wide state of the MPI layer: where MPI_Init..MPI_Finalize stands, and the transport.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

class Transport;

struct Runtime {
  enum class Phase : uint8_t { Before, Running, Finalized };
  Phase phase = Phase::Before;
  Transport* transport = nullptr;
  int world_rank = -1;  // -1 until MPI_Init knows it (error messages then name no rank)
  int world_size = 0;
  int tag_ub = 0;  // MPI_TAG_UB
  const char* outer_call = nullptr;  // the nonblocking collective whose task runs (names its errors)
  const char* current_call = "MPI";  // the API function running (for errors found deep inside)
  bool running() const { return phase == Phase::Running; }
};

Runtime& runtime();

}  // namespace pimnic::mpi
