// A test fixture, not a NIC kind: pimnic::mpi::Transport for native processes started by
// mpilib_launch, over Unix stream sockets (one per pair of ranks), with matching done on the
// receiving side in plain host code. It exists so that the MPI layer (firmware/mpi/host) can run
// real MPI programs natively and be compared with MPICH without the emulator or a NIC: a program
// that fails here fails in the MPI layer, not in a transport.
//
// Every send is buffered (copied into an outgoing packet), so Standard and Ready sends complete at
// once; a Synchronous send completes when the receiver acknowledges the match. Receives match in
// post order; arrivals that match no posted receive wait in arrival order (the unexpected list).
#include <fcntl.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <list>
#include <string>
#include <vector>

#include "transport/registry.h"

namespace pimnic::mpi {
namespace {

struct Header {
  int32_t source;
  int32_t tag;
  uint32_t context;
  uint32_t bytes;
  uint32_t sync_id;  // 0: none; a Synchronous send's id (data) or the id acknowledged (ack)
  uint32_t is_ack;
};

struct Message {
  Header header;
  std::vector<char> payload;
};

struct PostedRecv {
  Operation* op;
  void* buf;
  uint32_t capacity;
  int32_t source;
  int32_t tag;
  uint32_t context;
};

struct Peer {
  int fd = -1;
  std::string out;  // bytes not yet written
  std::string in;   // bytes read, not yet a whole packet
};

bool matches(int32_t want_source, int32_t want_tag, uint32_t want_context, const Header& h) {
  return h.context == want_context && (want_source == kAnySource || want_source == h.source) &&
         (want_tag == kAnyTag || want_tag == h.tag);
}

class SocketTransport final : public Transport {
 public:
  SocketTransport(int rank, std::vector<int> fds) : rank_(rank), peers_(fds.size()) {
    for (size_t i = 0; i < fds.size(); ++i) {
      peers_[i].fd = fds[i];
      if (fds[i] >= 0) fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
  }

  const char* name() const override { return "test-sockets"; }
  int rank() const override { return rank_; }
  int size() const override { return int(peers_.size()); }

  void send(Operation& op, const void* buf, uint32_t bytes, int32_t dest, int32_t tag, uint32_t context,
            SendMode mode) override {
    op.state = Operation::State::Pending;
    op.is_recv = false;
    Message m;
    m.header = {rank_, tag, context, bytes, 0, 0};
    if (mode == SendMode::Synchronous) {
      m.header.sync_id = ++next_sync_id_;
      sync_sends_.push_back({m.header.sync_id, &op});
    }
    m.payload.assign(static_cast<const char*>(buf), static_cast<const char*>(buf) + bytes);
    deliver(dest, m);
    if (mode != SendMode::Synchronous) complete(op);
  }

  void recv(Operation& op, void* buf, uint32_t capacity, int32_t source, int32_t tag, uint32_t context) override {
    op.state = Operation::State::Pending;
    op.is_recv = true;
    op.cancelled = op.truncated = false;
    for (auto it = unexpected_.begin(); it != unexpected_.end(); ++it) {
      if (matches(source, tag, context, it->header)) {
        land(op, buf, capacity, *it);
        unexpected_.erase(it);
        return;
      }
    }
    posted_.push_back({&op, buf, capacity, source, tag, context});
  }

  void cancel(Operation& op) override {
    for (auto it = posted_.begin(); it != posted_.end(); ++it) {
      if (it->op == &op) {
        posted_.erase(it);
        op.cancelled = true;
        complete(op);
        return;
      }
    }
  }

  bool iprobe(int32_t source, int32_t tag, uint32_t context, Found& found) override {
    pump(false);
    for (const Message& m : unexpected_) {
      if (matches(source, tag, context, m.header)) {
        found = {m.header.source, m.header.tag, m.header.bytes};
        return true;
      }
    }
    return false;
  }

  void probe(int32_t source, int32_t tag, uint32_t context, Found& found) override {
    while (!iprobe(source, tag, context, found)) pump(true);
  }

  void progress(bool wait) override {
    pump(false);
    while (wait && completions_ == completions_seen_) pump(true);
    completions_seen_ = completions_;
  }

  double wtime() const override {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
  }
  double wtick() const override { return 1e-9; }

  void finalize() override {
    for (;;) {
      bool pending = false;
      for (Peer& p : peers_) pending = pending || !p.out.empty();
      if (!pending) break;
      pump(true);
    }
  }

 private:
  void complete(Operation& op) {
    op.state = Operation::State::Done;
    ++completions_;
  }

  // A received message into a receive: data, envelope, truncation; acknowledge a synchronous send.
  void land(Operation& op, void* buf, uint32_t capacity, const Message& m) {
    const uint32_t n = m.header.bytes < capacity ? m.header.bytes : capacity;
    if (n) memcpy(buf, m.payload.data(), n);
    op.found = {m.header.source, m.header.tag, m.header.bytes};
    op.truncated = m.header.bytes > capacity;
    if (m.header.sync_id) {
      Message ack;
      ack.header = {rank_, 0, 0, 0, m.header.sync_id, 1};
      deliver(m.header.source, ack);
    }
    complete(op);
  }

  void arrive(Message& m) {
    if (m.header.is_ack) {
      for (auto it = sync_sends_.begin(); it != sync_sends_.end(); ++it) {
        if (it->first == m.header.sync_id) {
          complete(*it->second);
          sync_sends_.erase(it);
          return;
        }
      }
      return;
    }
    for (auto it = posted_.begin(); it != posted_.end(); ++it) {
      if (matches(it->source, it->tag, it->context, m.header)) {
        PostedRecv r = *it;
        posted_.erase(it);
        land(*r.op, r.buf, r.capacity, m);
        return;
      }
    }
    unexpected_.push_back(std::move(m));
  }

  void deliver(int32_t dest, Message& m) {
    if (dest == rank_) {
      arrive(m);
      return;
    }
    std::string& out = peers_[size_t(dest)].out;
    out.append(reinterpret_cast<const char*>(&m.header), sizeof m.header);
    out.append(m.payload.data(), m.payload.size());
    flush(peers_[size_t(dest)]);
  }

  void flush(Peer& p) {
    while (!p.out.empty()) {
      const ssize_t w = write(p.fd, p.out.data(), p.out.size());
      if (w <= 0) {
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) return;
        fprintf(stderr, "socket transport: rank %d: write failed\n", rank_);
        exit(70);
      }
      p.out.erase(0, size_t(w));
    }
  }

  // Write what waits, read what came and handle whole packets; with block, first sleep in poll
  // until a socket can move something.
  void pump(bool block) {
    if (block) {
      std::vector<pollfd> fds;
      for (Peer& p : peers_) {
        if (p.fd >= 0) fds.push_back({p.fd, short(POLLIN | (p.out.empty() ? 0 : POLLOUT)), 0});
      }
      if (poll(fds.data(), fds.size(), 1000) < 0 && errno != EINTR) exit(70);
    }
    for (Peer& p : peers_) {
      if (p.fd < 0) continue;
      flush(p);
      char chunk[65536];
      for (;;) {
        const ssize_t r = read(p.fd, chunk, sizeof chunk);
        if (r > 0) {
          p.in.append(chunk, size_t(r));
          continue;
        }
        if (r == 0) break;  // the peer is gone (it finished)
        if (errno == EAGAIN || errno == EINTR) break;
        exit(70);
      }
      while (p.in.size() >= sizeof(Header)) {
        Header h;
        memcpy(&h, p.in.data(), sizeof h);
        if (p.in.size() < sizeof h + h.bytes) break;
        Message m;
        m.header = h;
        m.payload.assign(p.in.data() + sizeof h, p.in.data() + sizeof h + h.bytes);
        p.in.erase(0, sizeof h + h.bytes);
        arrive(m);
      }
    }
  }

  int rank_;
  std::vector<Peer> peers_;
  std::list<PostedRecv> posted_;
  std::list<Message> unexpected_;
  std::list<std::pair<uint32_t, Operation*>> sync_sends_;
  uint32_t next_sync_id_ = 0;
  uint64_t completions_ = 0;
  uint64_t completions_seen_ = 0;
};

}  // namespace

// mpilib_launch passes the rank, and one socket per peer (-1 for itself), in the environment.
static Transport* open_socket_transport(const char** why) {
  const char* rank = getenv("PIMNIC_TEST_RANK");
  const char* fds = getenv("PIMNIC_TEST_FDS");
  if (!rank || !fds) {
    *why = "not started by mpilib_launch (PIMNIC_TEST_RANK and PIMNIC_TEST_FDS are not set)";
    return nullptr;
  }
  std::vector<int> list;
  for (const char* p = fds; *p;) {
    char* end;
    list.push_back(int(strtol(p, &end, 10)));
    p = *end == ',' ? end + 1 : end;
    if (end == p && *p) break;
  }
  static SocketTransport transport(atoi(rank), list);
  return &transport;
}

PIMNIC_MPI_TRANSPORT("test-socket", open_socket_transport);

}  // namespace pimnic::mpi
