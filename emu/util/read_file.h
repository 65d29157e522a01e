// Reading a whole input file with a bound: a file larger than the bound (or a device that never
// ends, such as /dev/zero) is refused with one line instead of being read until the host runs
// out of memory. Callers turn FileError into their own error kind.
#pragma once
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace pimnic {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bytes of path into a Container of chars or bytes (std::string, std::vector<uint8_t>).
// `what` names the kind of file in messages ("the ELF file", "the machine file").
template <typename Container>
Container read_file_bounded(const std::string& path, uint64_t max_bytes, const char* what) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw FileError(path + ": cannot read " + what + ": " + std::strerror(errno));
  auto too_large = [&] {
    return FileError(path + ": " + what + " is larger than " + std::to_string(max_bytes >> 20) +
                     " MiB (the most pimnic reads)");
  };
  std::error_code ec;
  const bool regular = std::filesystem::is_regular_file(path, ec);
  const uintmax_t size = regular ? std::filesystem::file_size(path, ec) : 0;
  if (regular && !ec && size > max_bytes) throw too_large();
  Container bytes;
  if (regular && !ec) bytes.reserve(size_t(size));
  // In large chunks: a byte-at-a-time stream iterator showed in the startup profile.
  char chunk[65536];
  while (f.read(chunk, sizeof chunk) || f.gcount() > 0) {
    if (bytes.size() + uint64_t(f.gcount()) > max_bytes) throw too_large();
    bytes.insert(bytes.end(), chunk, chunk + f.gcount());
  }
  if (f.bad()) throw FileError(path + ": cannot read " + what + ": " + std::strerror(errno));
  return bytes;
}

}  // namespace pimnic
