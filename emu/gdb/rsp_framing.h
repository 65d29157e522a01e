// Framing of the GDB Remote Serial Protocol: "$payload#cc" packets with a modulo-256 checksum,
// '+'/'-' acknowledgements and the out-of-band interrupt byte 0x03 (Ctrl-C). The decoder takes
// bytes in any chunking, never buffers more than its limit, and turns garbage into events the stub
// can answer instead of failing.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pimnic::gdb {

class PacketDecoder {
 public:
  enum class Kind {
    Packet,       // a complete packet with a correct checksum (payload still escaped)
    BadChecksum,  // complete, but the checksum is wrong or not hex (payload given anyway)
    Oversized,    // longer than the limit: the payload was dropped
    Interrupt,    // 0x03 between packets
    Ack,          // '+'
    Nack,         // '-'
  };
  struct Event {
    Kind kind;
    std::string payload;
  };

  explicit PacketDecoder(size_t max_payload) : max_(max_payload) {}
  void feed(std::string_view bytes, std::vector<Event>& out);
  void reset();
  bool in_packet() const { return state_ != State::Idle; }

 private:
  enum class State { Idle, Payload, Check1, Check2 };
  size_t max_;
  State state_ = State::Idle;
  std::string payload_;
  uint8_t sum_ = 0;
  int check_hi_ = 0;
  bool oversized_ = false;
};

// "$payload#cc". The payload must already be escaped where it carries binary data.
std::string frame_packet(std::string_view payload);
// Binary data for a reply or an X packet: '#', '$', '}' and '*' become '}' then the byte ^ 0x20.
std::string escape_binary(std::string_view data);
// The reverse; false on a trailing lone '}'.
bool unescape_binary(std::string_view data, std::string& out);

}  // namespace pimnic::gdb
