// Buffered sends (api_bsend.cpp) that MPI_Finalize must let finish.
#pragma once

namespace pimnic::mpi {

// Wait until every buffered send has left the attached buffer.
void wait_buffered_sends();

}  // namespace pimnic::mpi
