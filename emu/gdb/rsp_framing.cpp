#include "gdb/rsp_framing.h"

#include "gdb/hex.h"

namespace pimnic::gdb {

void PacketDecoder::reset() {
  state_ = State::Idle;
  payload_.clear();
  sum_ = 0;
  oversized_ = false;
}

void PacketDecoder::feed(std::string_view bytes, std::vector<Event>& out) {
  for (char c : bytes) {
    switch (state_) {
      case State::Idle:
        if (c == '$') {
          reset();
          state_ = State::Payload;
        } else if (c == '+') {
          out.push_back({Kind::Ack, {}});
        } else if (c == '-') {
          out.push_back({Kind::Nack, {}});
        } else if (c == '\x03') {
          out.push_back({Kind::Interrupt, {}});
        }  // anything else between packets is noise
        break;
      case State::Payload:
        if (c == '#') {
          state_ = State::Check1;
        } else if (c == '$') {  // a new start: the client gave up on the previous packet
          reset();
          state_ = State::Payload;
        } else {
          sum_ = uint8_t(sum_ + uint8_t(c));
          if (payload_.size() < max_) {
            payload_.push_back(c);
          } else {
            oversized_ = true;
          }
        }
        break;
      case State::Check1:
        check_hi_ = hex_digit(c);
        state_ = State::Check2;
        break;
      case State::Check2: {
        int lo = hex_digit(c);
        Kind k = oversized_                                            ? Kind::Oversized
                 : check_hi_ < 0 || lo < 0 || (check_hi_ << 4 | lo) != sum_ ? Kind::BadChecksum
                                                                         : Kind::Packet;
        out.push_back({k, k == Kind::Oversized ? std::string{} : std::move(payload_)});
        reset();
        break;
      }
    }
  }
}

std::string frame_packet(std::string_view payload) {
  uint8_t sum = 0;
  for (char c : payload) sum = uint8_t(sum + uint8_t(c));
  std::string out;
  out.reserve(payload.size() + 4);
  out.push_back('$');
  out.append(payload);
  out.push_back('#');
  append_hex_byte(out, sum);
  return out;
}

std::string escape_binary(std::string_view data) {
  std::string out;
  out.reserve(data.size());
  for (char c : data) {
    if (c == '#' || c == '$' || c == '}' || c == '*') {
      out.push_back('}');
      out.push_back(char(c ^ 0x20));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

bool unescape_binary(std::string_view data, std::string& out) {
  out.clear();
  out.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] == '}') {
      if (++i == data.size()) return false;
      out.push_back(char(data[i] ^ 0x20));
    } else {
      out.push_back(data[i]);
    }
  }
  return true;
}

}  // namespace pimnic::gdb
