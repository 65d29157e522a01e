#include <string_view>

#include "linux/linux_options.h"

namespace pimnic::linux_user {

namespace {
std::string_view name_of(std::string_view entry) { return entry.substr(0, entry.find('=')); }

void unset(std::vector<std::string>& list, std::string_view name) {
  for (size_t i = 0; i < list.size(); ++i)
    if (name_of(list[i]) == name) {
      list.erase(list.begin() + long(i));
      return;
    }
}
}  // namespace

std::vector<std::string> build_guest_environment(char** host_environ, bool clear,
                                                 const std::vector<EnvEdit>& edits) {
  // Kept head-first, as qemu's envlist: each addition goes to the front.
  std::vector<std::string> list;
  auto set = [&](const std::string& entry) {
    unset(list, name_of(entry));
    list.insert(list.begin(), entry);
  };
  if (!clear && host_environ)
    for (char** e = host_environ; *e; ++e)
      if (std::string_view(*e).find('=') != std::string_view::npos) set(*e);
  for (const EnvEdit& e : edits) {
    if (e.set)
      set(e.text);
    else
      unset(list, e.text);
  }
  return list;
}

}  // namespace pimnic::linux_user
