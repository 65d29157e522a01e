#include "gdb/server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "gdb/stub.h"
#include "sim/run_control.h"

namespace pimnic::gdb {

namespace {

// Instructions between two looks at the socket: ~1 ms of host time while a client waits for a
// stop (Ctrl-C), more when nobody is attached.
constexpr uint64_t kAttachedSlice = 1u << 17;
constexpr uint64_t kFreeSlice = 1u << 20;

class Socket {
 public:
  explicit Socket(int fd = -1) : fd_(fd) {}
  ~Socket() { close(); }
  Socket(const Socket&) = delete;
  Socket(Socket&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Socket& operator=(Socket&& o) noexcept {
    close();
    fd_ = o.fd_;
    o.fd_ = -1;
    return *this;
  }
  int fd() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

Socket listen_on(const ServerOptions& o, int& port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(uint16_t(o.port));
  if (inet_pton(AF_INET, o.bind.c_str(), &addr.sin_addr) != 1)
    throw std::invalid_argument("--gdb-bind: not an IPv4 address: " + o.bind);
  Socket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!s.open()) throw std::invalid_argument(std::string("gdb server: socket: ") + std::strerror(errno));
  int one = 1;
  setsockopt(s.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(s.fd(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(s.fd(), 1) != 0)
    throw std::invalid_argument("gdb server: cannot listen on " + o.bind + ":" + std::to_string(o.port) + ": " +
                                std::strerror(errno));
  socklen_t len = sizeof addr;
  getsockname(s.fd(), reinterpret_cast<sockaddr*>(&addr), &len);
  port = ntohs(addr.sin_port);
  return s;
}

// Wait until fd is readable or timeout_ms passes (-1: forever). EINTR counts as "not yet".
bool readable(int fd, int timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  return poll(&p, 1, timeout_ms) > 0 && (p.revents & (POLLIN | POLLHUP | POLLERR));
}

// Everything or nothing: false when the client is gone.
bool send_all(int fd, const std::string& data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      if (poll(&p, 1, 10000) <= 0) return false;  // a client that stops reading for 10 s is gone
      continue;
    }
    if (n <= 0) return false;
    off += size_t(n);
  }
  return true;
}

class Server {
 public:
  Server(DebugTarget& t, const ServerOptions& o) : target_(t), stub_(t) {
    int port = 0;
    listener_ = listen_on(o, port);
    std::fprintf(stderr, "pimnic: gdb server listening on %s:%d%s\n", o.bind.c_str(), port,
                 o.wait ? " (halted at the entry until gdb attaches)" : "");
    std::fflush(stderr);
  }

  Outcome serve(bool wait) {
    // --wait: halted at the entry until a client speaks the protocol (a connection that sends
    // nothing valid and goes, such as a port probe, does not release the machine).
    waiting_ = wait;
    if (!wait) target_.resume_all();
    for (;;) {
      if (int sig = stop_requested()) {  // SIGINT/SIGTERM to pimnic: the run ends here
        if (!target_.outcome().ended) target_.end(128 + sig, std::string("interrupted by ") + stop_signal_name(sig));
        return target_.outcome();
      }
      if (!client_.open()) {
        if (target_.outcome().ended) return target_.outcome();
        if (waiting_) accept_client(-1);
        else run_free();
        continue;
      }
      if (stub_.running()) {
        if (readable(client_.fd(), 0)) read_client();
        if (client_.open() && stub_.running()) {
          StopEvent ev = target_.run(kAttachedSlice);
          if (ev.kind != StopEvent::Kind::None) stub_.report_stop(ev);
        }
      } else {
        pollfd p[2] = {{client_.fd(), POLLIN, 0}, {listener_.fd(), POLLIN, 0}};
        if (poll(p, 2, -1) <= 0) continue;
        if (p[1].revents & POLLIN) refuse_second_client();
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) read_client();
      }
      if (!client_.open()) continue;
      if (stub_.heard_packet()) waiting_ = false;
      if (!send_all(client_.fd(), stub_.take_output())) {
        drop_client();
        continue;
      }
      if (stub_.close_request() == GdbStub::Close::Kill) {
        client_.close();
        if (!target_.outcome().ended) target_.end(128 + 9, "killed by the debugger");
        return target_.outcome();
      }
      if (stub_.close_request() == GdbStub::Close::Detach) drop_client();
    }
  }

 private:
  // No debugger: run in large slices and look for a client between them.
  void run_free() {
    if (readable(listener_.fd(), 0)) {
      accept_client(0);
      return;
    }
    if (!target_.resumed()) target_.resume_all();
    StopEvent ev = target_.run(kFreeSlice);
    if (ev.kind == StopEvent::Kind::None || ev.ends_machine()) return;
    // A fault nobody handles, a halted core: with nobody to show it to, the run ends here.
    if (ev.kind == StopEvent::Kind::Signal) target_.end(ev.status, ev.message);
  }

  void accept_client(int timeout_ms) {
    if (!readable(listener_.fd(), timeout_ms)) return;
    Socket c(::accept4(listener_.fd(), nullptr, nullptr, SOCK_CLOEXEC));
    if (!c.open()) return;
    int one = 1;
    setsockopt(c.fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    client_ = std::move(c);
    target_.set_attached(true);
    stub_.attach(target_.outcome().ended ? target_.final_event() : target_.stop_now(0, 5));
  }

  void refuse_second_client() {
    Socket c(::accept4(listener_.fd(), nullptr, nullptr, SOCK_CLOEXEC));
    if (c.open()) send_all(c.fd(), "$E01#a6");  // one debugger at a time
  }

  void read_client() {
    char buf[4096];
    ssize_t n = ::recv(client_.fd(), buf, sizeof buf, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (n <= 0) return drop_client();
    stub_.receive(std::string_view(buf, size_t(n)));
  }

  // Detach (or a vanished client): breakpoints and watchpoints go, the machine runs on.
  void drop_client() {
    client_.close();
    target_.clear_breakpoints_and_watchpoints();
    target_.set_attached(false);
    if (!target_.outcome().ended && !waiting_) target_.resume_all();
  }

  DebugTarget& target_;
  GdbStub stub_;
  Socket listener_;
  Socket client_;
  bool waiting_ = false;  // --wait and no client has spoken the protocol yet
};

}  // namespace

Outcome serve(DebugTarget& target, const ServerOptions& options) {
  Server s(target, options);
  return s.serve(options.wait);
}

}  // namespace pimnic::gdb
