// The gdb stub's packet framing and helpers: checksums, acknowledgements, Ctrl-C, binary escapes,
// oversized packets, thread ids.
#include <doctest/doctest.h>

#include "gdb/hex.h"
#include "gdb/rsp_framing.h"
#include "gdb/thread_ids.h"

using namespace pimnic::gdb;
using K = PacketDecoder::Kind;

namespace {
std::vector<PacketDecoder::Event> decode(std::string_view bytes, size_t chunk = 0, size_t max = 64) {
  PacketDecoder d(max);
  std::vector<PacketDecoder::Event> ev;
  if (!chunk) chunk = bytes.size();
  for (size_t i = 0; i < bytes.size(); i += chunk) d.feed(bytes.substr(i, chunk), ev);
  return ev;
}
}  // namespace

TEST_CASE("gdb framing: a packet is the same however the bytes are split") {
  std::string wire = "+" + frame_packet("qSupported:multiprocess+") + "-" + frame_packet("g") + "\x03";
  for (size_t chunk : {size_t(1), size_t(2), size_t(7), wire.size()}) {
    auto ev = decode(wire, chunk);
    REQUIRE(ev.size() == 5);
    CHECK(ev[0].kind == K::Ack);
    CHECK(ev[1].kind == K::Packet);
    CHECK(ev[1].payload == "qSupported:multiprocess+");
    CHECK(ev[2].kind == K::Nack);
    CHECK(ev[3].kind == K::Packet);
    CHECK(ev[3].payload == "g");
    CHECK(ev[4].kind == K::Interrupt);
  }
}

TEST_CASE("gdb framing: checksums, noise, restarts and oversized packets") {
  CHECK(frame_packet("OK") == "$OK#9a");
  CHECK(frame_packet("") == "$#00");
  auto ev = decode("$g#00");
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].kind == K::BadChecksum);
  ev = decode("$g#zz");
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].kind == K::BadChecksum);
  ev = decode("noise \x01\xff" + frame_packet("?"));  // bytes between packets are ignored
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].payload == "?");
  ev = decode("$half" + frame_packet("m0,4"));  // a new '$' abandons a half-received packet
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].payload == "m0,4");
  ev = decode(frame_packet(std::string(100, 'x')), 0, 64);
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].kind == K::Oversized);
  CHECK(ev[0].payload.empty());
  ev = decode("$X0,1:\x03#" + std::string("00"));  // 0x03 inside a packet is data
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].kind != K::Interrupt);
}

TEST_CASE("gdb framing: binary escapes round-trip") {
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(char(i));
  std::string esc = escape_binary(all);
  CHECK(esc.find('$') == std::string::npos);
  CHECK(esc.find('#') == std::string::npos);
  CHECK(esc.find('*') == std::string::npos);
  std::string back;
  REQUIRE(unescape_binary(esc, back));
  CHECK(back == all);
  CHECK_FALSE(unescape_binary("ab}", back));
}

TEST_CASE("gdb helpers: hex numbers and thread ids") {
  CHECK(parse_hex("ff").value() == 255);
  CHECK_FALSE(parse_hex(""));
  CHECK_FALSE(parse_hex("12345678123456781"));
  CHECK_FALSE(parse_hex("-1"));
  CHECK(from_hex("00ff").value() == std::string("\0\xff", 2));
  CHECK_FALSE(from_hex("0"));
  CHECK_FALSE(from_hex("zz"));
  CHECK(hex_number(0) == "0");
  CHECK(hex_number(0x1234abcd) == "1234abcd");

  auto id = parse_thread_id("p1.2");
  REQUIRE(id);
  CHECK(id->pid == 1);
  CHECK(id->tid == 2);
  id = parse_thread_id("p1.-1");
  REQUIRE(id);
  CHECK(id->tid == -1);
  id = parse_thread_id("p2");
  REQUIRE(id);
  CHECK(id->pid == 2);
  CHECK(id->tid == -1);
  id = parse_thread_id("0");
  REQUIRE(id);
  CHECK(id->tid == 0);
  CHECK_FALSE(parse_thread_id("px.1"));
  CHECK_FALSE(parse_thread_id(""));
  CHECK(format_thread_id(true, 1, 10) == "p1.a");
  CHECK(format_thread_id(false, 1, 10) == "a");
}
