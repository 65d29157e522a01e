// Buffered sends: MPI_Buffer_attach gives MPI a buffer; MPI_Bsend copies the message into it
// (MPI_BSEND_OVERHEAD bytes of bookkeeping each) and returns; the copy travels as a standard send
// and its space is reused once that send completes. MPI_Buffer_detach waits for all of them.
#include <cstring>

#include "api/api.h"
#include "core/bsend.h"
#include "core/call.h"
#include "core/p2p.h"
#include "core/runtime.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Block {
  uint32_t offset;
  uint32_t size;  // with the overhead
  Request* send;  // the copy in flight
};

struct Attached {
  char* base = nullptr;
  uint32_t size = 0;
  Vec<Block> blocks;  // in offset order

  // Give back the space of the sends that completed.
  void reclaim() {
    for (uint32_t i = 0; i < blocks.size();) {
      if (blocks[i].send->done()) {
        release_request(blocks[i].send);
        for (uint32_t j = i + 1; j < blocks.size(); ++j) blocks[j - 1] = blocks[j];
        blocks.pop_back();
      } else {
        ++i;
      }
    }
  }

  // The first gap of `need` bytes, or -1; its index in `blocks` in `at`. Copies are packed bytes
  // and need no alignment: messages whose sizes plus MPI_BSEND_OVERHEAD add up to the buffer's
  // size fit in it, as the standard's rule for sizing the buffer promises.
  int64_t find_gap(uint32_t need, uint32_t& at) const {
    uint32_t start = 0;
    for (at = 0; at <= blocks.size(); ++at) {
      const uint32_t end = at < blocks.size() ? blocks[at].offset : size;
      if (end >= start && end - start >= need) return start;
      if (at < blocks.size()) start = blocks[at].offset + blocks[at].size;
    }
    return -1;
  }

  uint32_t in_use() const {
    uint32_t sum = 0;
    for (uint32_t i = 0; i < blocks.size(); ++i) sum += blocks[i].size;
    return sum;
  }
};

Attached& attached() {
  static Attached buffer;
  return buffer;
}

int bsend(Call& call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm_handle) {
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.send(comm_handle, comm, buf, count, datatype, type, dest, tag, bytes)) return e;
  if (dest == MPI_PROC_NULL) return MPI_SUCCESS;
  Attached& a = attached();
  a.reclaim();
  const uint32_t need = bytes + MPI_BSEND_OVERHEAD;
  uint32_t at;
  const int64_t offset = a.find_gap(need, at);
  if (offset < 0) {
    return call.fail(MPI_ERR_BUFFER, "a buffered send of %u bytes (+%d) does not fit: %u of the %u bytes attached are in use",
                     unsigned(bytes), MPI_BSEND_OVERHEAD, unsigned(a.in_use()), unsigned(a.size));
  }
  char* copy = a.base + offset;
  if (type->contiguous()) {
    memcpy(copy, buf, bytes);
  } else {
    pack_items(*type, buf, uint32_t(count), copy);
  }
  Block block{uint32_t(offset), need, start_bytes_send(*comm, comm->p2p_context(), copy, bytes, dest, tag,
                                                       SendMode::Standard)};
  a.blocks.push_back(block);
  for (uint32_t j = a.blocks.size() - 1; j > at; --j) a.blocks[j] = a.blocks[j - 1];
  a.blocks[at] = block;
  return MPI_SUCCESS;
}

}  // namespace

void pimnic::mpi::wait_buffered_sends() {
  Attached& a = attached();
  for (uint32_t i = 0; i < a.blocks.size(); ++i) wait_done(a.blocks[i].send);
  a.reclaim();
}

extern "C" int PMPI_Buffer_attach(void* buffer, int size) {
  Call call("MPI_Buffer_attach");
  if (int e = call.count(size)) return e;
  if (int e = call.buffer(buffer, size)) return e;
  if (attached().base) return call.fail(MPI_ERR_BUFFER, "a buffer is already attached");
  attached().base = static_cast<char*>(buffer);
  attached().size = uint32_t(size);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Buffer_attach)

// Waits until every buffered send has left; hands back the buffer and its size.
extern "C" int PMPI_Buffer_detach(void* buffer_addr, int* size) {
  Call call("MPI_Buffer_detach");
  if (int e = call.arg(buffer_addr && size, "buffer_addr or size is null")) return e;
  wait_buffered_sends();
  Attached& a = attached();
  *static_cast<void**>(buffer_addr) = a.base;
  *size = int(a.size);
  a.base = nullptr;
  a.size = 0;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Buffer_detach)

extern "C" int PMPI_Bsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  Call call("MPI_Bsend");
  return bsend(call, buf, count, datatype, dest, tag, comm);
}
PIMNIC_MPI_ALIAS(MPI_Bsend)

// The request of a buffered send is complete as soon as the copy is made.
extern "C" int PMPI_Ibsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm_handle,
                           MPI_Request* request) {
  Call call("MPI_Ibsend");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  if (int e = bsend(call, buf, count, datatype, dest, tag, comm_handle)) return e;
  Comm* comm = find_comm(comm_handle);
  *request = request_handle(start_bytes_send(*comm, comm->p2p_context(), nullptr, 0, MPI_PROC_NULL, 0,
                                             SendMode::Standard));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Ibsend)
