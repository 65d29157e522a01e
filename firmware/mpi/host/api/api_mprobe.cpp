// Matched probes (MPI-3.1 section 3.8.2): MPI_Mprobe / MPI_Improbe take the message they find off
// the queue at once (it is received into a buffer of its own), so no other receive can match it;
// MPI_Mrecv / MPI_Imrecv then unpack it into the caller's items.
#include <cstring>
#include <new>

#include "api/api.h"
#include "core/call.h"
#include "core/handles.h"
#include "core/progress.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Message {
  char* data;
  MPI_Status status;  // of the receive that took it
};

// Handle index -> message; 0 is MPI_MESSAGE_NULL, 1 MPI_MESSAGE_NO_PROC.
Vec<Message*>& table() {
  static Vec<Message*> messages;
  if (messages.empty()) {
    messages.push_back(nullptr);
    messages.push_back(nullptr);
  }
  return messages;
}

// A status's fields but MPI_ERROR (which only the calls with arrays of statuses set).
void copy_status(MPI_Status* to, const MPI_Status& from) {
  if (to == MPI_STATUS_IGNORE) return;
  const int error = to->MPI_ERROR;
  *to = from;
  to->MPI_ERROR = error;
}

// The message the probe found, received whole.
int take(const MPI_Status& found, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  if (found.MPI_SOURCE == MPI_PROC_NULL) {
    *message = MPI_MESSAGE_NO_PROC;
    copy_status(status, found);
    return MPI_SUCCESS;
  }
  Message* m = new (checked_alloc(sizeof(Message), "message")) Message;
  m->data = static_cast<char*>(checked_alloc(uint32_t(found.pimnic_bytes) + 1, "message"));
  if (int e = PMPI_Recv(m->data, found.pimnic_bytes, MPI_BYTE, found.MPI_SOURCE, found.MPI_TAG, comm, &m->status)) {
    return e;
  }
  Vec<Message*>& t = table();
  uint32_t slot = 2;
  while (slot < t.size() && t[slot]) ++slot;
  if (slot == t.size()) t.push_back(nullptr);
  t[slot] = m;
  *message = make_handle(HandleKind::Message, slot);
  copy_status(status, m->status);
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  Call call("MPI_Mprobe");
  if (int e = call.arg(message != nullptr, "message is null")) return e;
  MPI_Status found;
  if (int e = PMPI_Probe(source, tag, comm, &found)) return e;
  return take(found, comm, message, status);
}
PIMNIC_MPI_ALIAS(MPI_Mprobe)

extern "C" int PMPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  Call call("MPI_Improbe");
  if (int e = call.arg(message && flag, "flag or message is null")) return e;
  MPI_Status found;
  if (int e = PMPI_Iprobe(source, tag, comm, flag, &found)) return e;
  return *flag ? take(found, comm, message, status) : MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Improbe)

extern "C" int PMPI_Mrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Status* status) {
  Call call("MPI_Mrecv");
  const TypeInfo* type;
  if (int e = call.arg(message != nullptr, "message is null")) return e;
  if (int e = call.count(count)) return e;
  if (int e = call.datatype(datatype, type)) return e;
  if (*message == MPI_MESSAGE_NO_PROC) {
    if (status != MPI_STATUS_IGNORE) {
      status->MPI_SOURCE = MPI_PROC_NULL;
      status->MPI_TAG = MPI_ANY_TAG;
      status->pimnic_bytes = 0;
      status->pimnic_cancelled = 0;
    }
    *message = MPI_MESSAGE_NULL;
    return MPI_SUCCESS;
  }
  Message* m = handle_is(*message, HandleKind::Message) && handle_index(*message) < table().size()
                   ? table()[handle_index(*message)]
                   : nullptr;
  if (!m) return call.fail(MPI_ERR_REQUEST, "invalid message 0x%x", unsigned(*message));
  const uint32_t bytes = uint32_t(m->status.pimnic_bytes);
  const uint64_t capacity = uint64_t(uint32_t(count)) * type->size;
  unpack_bytes(*type, m->data, bytes < capacity ? bytes : uint32_t(capacity), buf);
  copy_status(status, m->status);
  if (status != MPI_STATUS_IGNORE && bytes > capacity) status->pimnic_bytes = int(capacity);
  table()[handle_index(*message)] = nullptr;
  free(m->data);
  free(m);
  *message = MPI_MESSAGE_NULL;
  if (bytes > capacity) {
    return call.fail(MPI_ERR_TRUNCATE, "message of %u bytes truncated to %u", unsigned(bytes), unsigned(capacity));
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Mrecv)

// The message is already here: the request completes at its first test.
extern "C" int PMPI_Imrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Request* request) {
  Call call("MPI_Imrecv");
  if (int e = call.arg(message && request, "message or request is null")) return e;
  const MPI_Message taken = *message;
  *message = MPI_MESSAGE_NULL;
  return start_task(*world_comm(), "MPI_Imrecv", make_task_body([=] {
                      MPI_Message m = taken;
                      return PMPI_Mrecv(buf, count, datatype, &m, task_status());
                    }),
                    false, false, request);
}
PIMNIC_MPI_ALIAS(MPI_Imrecv)

// Handles are ints in C and in Fortran alike.
extern "C" MPI_Fint PMPI_Message_c2f(MPI_Message message) { return message; }
PIMNIC_MPI_ALIAS(MPI_Message_c2f)
extern "C" MPI_Message PMPI_Message_f2c(MPI_Fint message) { return message; }
PIMNIC_MPI_ALIAS(MPI_Message_f2c)
