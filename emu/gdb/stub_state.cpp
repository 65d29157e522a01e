// Packets that read or change the stopped machine: thread selection, registers, memory,
// breakpoints and watchpoints.
#include <algorithm>

#include "gdb/hex.h"
#include "gdb/stub.h"
#include "mem/address_space.h"

namespace pimnic::gdb {

void GdbStub::handle_thread_select(std::string_view p) {
  if (p.size() < 2) return reply("E01");
  auto id = parse_thread_id(p.substr(2));
  if (!id) return reply("E01");
  std::vector<size_t> harts = select(*id);
  if (harts.empty()) return reply("E01");
  if (p[1] == 'g') {
    general_ = harts[0];
  } else if (p[1] == 'c') {
    continue_ = harts[0];
    continue_all_ = id->tid == -1;
  } else {
    return reply("");
  }
  reply("OK");
}

void GdbStub::handle_registers(std::string_view p) {
  Hart& h = *target_.harts()[general()].hart;
  const RegisterLayout& layout = target_.processes()[process()].layout;
  switch (p[0]) {
    case 'g': {
      std::string all;
      for (const RegDef& r : layout.regs) all += read_register(h, r);
      return reply(to_hex(all));
    }
    case 'G': {
      auto bytes = from_hex(p.substr(1));
      if (!bytes || bytes->size() != layout.total_bytes()) return reply("E01");
      size_t off = 0;
      for (const RegDef& r : layout.regs) {
        write_register(h, r, bytes->substr(off, r.bits / 8));
        off += r.bits / 8;
      }
      return reply("OK");
    }
    case 'p': {
      auto n = parse_hex(p.substr(1));
      const RegDef* r = n && *n < 0x10000 ? layout.find(unsigned(*n)) : nullptr;
      if (!r) return reply("E01");
      return reply(to_hex(read_register(h, *r)));
    }
    case 'P': {
      std::string_view rest = p.substr(1);
      auto n = parse_hex(take_until(rest, '='));
      const RegDef* r = n && *n < 0x10000 ? layout.find(unsigned(*n)) : nullptr;
      auto bytes = from_hex(rest);
      if (!r || !bytes || !write_register(h, *r, *bytes)) return reply("E01");
      return reply("OK");
    }
  }
}

// m addr,length / M addr,length:hex / X addr,length:binary. RAM only: reading a device register
// could have side effects, so device and unmapped addresses answer E14 (EFAULT).
void GdbStub::handle_memory(std::string_view p) {
  char op = p[0];
  std::string_view rest = p.substr(1);
  auto addr = parse_hex(take_until(rest, ','));
  std::string_view len_s = op == 'm' ? rest : take_until(rest, ':');
  auto len = parse_hex(len_s);
  if (!addr || !len || *addr > 0xFFFFFFFFull || *len > kPacketSize) return reply("E01");
  AddressSpace& mem = *target_.processes()[process()].mem;
  if (op == 'm') {
    const uint64_t want = std::min<uint64_t>(*len, kPacketSize / 2);  // the hex reply fits a packet
    std::string data(size_t(want), '\0');
    size_t n = 0;  // a partial read returns what precedes the first unreadable byte
    while (n < want && *addr + n <= 0xFFFFFFFFull) {
      uint32_t a = uint32_t(*addr + n);
      uint32_t chunk = uint32_t(std::min<uint64_t>(want - n, kPageSize - (a & (kPageSize - 1))));
      if (!mem.read_bytes(a, data.data() + n, chunk)) {
        while (chunk && mem.read_bytes(a, data.data() + n, 1)) ++n, ++a, --chunk;
        break;
      }
      n += chunk;
    }
    if (n == 0 && *len) return reply("E14");
    return reply(to_hex(std::string_view(data).substr(0, n)));
  }
  std::string data;
  if (op == 'M') {
    auto bytes = from_hex(rest);
    if (!bytes) return reply("E01");
    data = std::move(*bytes);
  } else if (!unescape_binary(rest, data)) {
    return reply("E01");
  }
  if (data.size() != *len || *addr + *len > 0x100000000ull) return reply("E01");
  if (*len == 0) return reply("OK");  // gdb probes X support with an empty write
  return reply(mem.write_bytes(uint32_t(*addr), data.data(), uint32_t(*len)) ? "OK" : "E14");
}

// Z<type>,addr,kind[;cond...] / z<type>,addr,kind: 0 software and 1 hardware breakpoints (both
// decode-cache stubs, memory untouched), 2 write, 3 read, 4 access watchpoints.
void GdbStub::handle_breakpoint(std::string_view p) {
  bool insert = p[0] == 'Z';
  std::string_view rest = p.substr(1);
  std::string_view type = take_until(rest, ',');
  auto addr = parse_hex(take_until(rest, ','));
  auto kind = parse_hex(take_until(rest, ';'));
  if (type.size() != 1 || type[0] < '0' || type[0] > '4') return reply("");
  if (!addr || !kind || *addr > 0xFFFFFFFFull || *kind > 0xFFFFFFFFull) return reply("E01");
  uint32_t a = uint32_t(*addr), k = uint32_t(*kind);
  bool ok;
  if (type[0] <= '1') {
    uint8_t which = type[0] == '0' ? DebugTarget::kSoftware : DebugTarget::kHardware;
    ok = insert ? target_.insert_breakpoint(process(), a, which) : target_.remove_breakpoint(process(), a, which);
  } else {
    WatchType t = type[0] == '2' ? WatchType::Write : type[0] == '3' ? WatchType::Read : WatchType::Access;
    ok = insert ? target_.insert_watchpoint(process(), a, k, t) : target_.remove_watchpoint(process(), a, k, t);
  }
  reply(ok ? "OK" : "E22");
}

}  // namespace pimnic::gdb
