#include "test_core.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <unistd.h>

namespace pimnic::test {

TestCore::TestCore(const char* profile, uint32_t ram_size) : profile_(profile) {
  mem_.add_ram("ram", 0, ram_size);
  core_ = std::make_unique<Core>(core_profile(profile), mem_);
  h().msr = MSR_FP | MSR_VEC | MSR_ME;
}

StopReason TestCore::exec(const std::vector<uint32_t>& words) {
  uint32_t a = kCodeBase;
  for (uint32_t w : words) write32(a, w), a += 4;
  h().pc = kCodeBase;
  return h().run(words.size());
}

uint32_t TestCore::read32(uint32_t addr) {
  uint8_t b[4] = {};
  mem_.read_bytes(addr, b, 4);
  return uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | b[3];
}

void TestCore::write32(uint32_t addr, uint32_t v) {
  uint8_t b[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)};
  mem_.write_bytes(addr, b, 4);
}

void TestCore::write_bytes(uint32_t addr, const std::vector<uint8_t>& bytes) {
  mem_.write_bytes(addr, bytes.data(), uint32_t(bytes.size()));
}

std::vector<uint8_t> TestCore::read_bytes(uint32_t addr, uint32_t len) {
  std::vector<uint8_t> out(len);
  mem_.read_bytes(addr, out.data(), len);
  return out;
}

std::vector<uint32_t> assemble(const std::string& text, const std::string& profile) {
  char dir[] = "/tmp/pimnic-asm-XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("assemble: cannot create a temporary directory");
  std::string base = dir, src_path = base + "/in.s", obj = base + "/in.o", bin = base + "/in.bin";
  std::string src = text;
  for (char& c : src)
    if (c == ';') c = '\n';
  std::ofstream(src_path) << src << "\n";
  std::string mcpu = profile == "nic" ? "-mcpu=440" : "-mcpu=7400 -mattr=+altivec";
  std::string cmd = "llvm-mc-14 -triple=powerpc " + mcpu + " -filetype=obj -o " + obj + " " + src_path +
                    " 2>&1 && llvm-objcopy-14 -O binary --only-section=.text " + obj + " " + bin + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 512> buf;
  while (p && fgets(buf.data(), buf.size(), p)) out += buf.data();
  int rc = p ? pclose(p) : -1;
  std::ifstream in(bin, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(src_path.c_str());
  std::remove(obj.c_str());
  std::remove(bin.c_str());
  rmdir(dir);
  if (rc != 0) throw std::runtime_error("assemble: llvm-mc failed: " + out);
  std::vector<uint32_t> words;
  for (size_t i = 0; i + 4 <= bytes.size(); i += 4)
    words.push_back(uint32_t(bytes[i]) << 24 | uint32_t(bytes[i + 1]) << 16 | uint32_t(bytes[i + 2]) << 8 | bytes[i + 3]);
  return words;
}

}  // namespace pimnic::test
