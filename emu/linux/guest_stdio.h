// What a statically linked glibc program's stdio still holds: when a run ends without the program
// exiting (a deadlock), its buffered standard output would be lost, as it is when a real job is
// killed; pimnic writes it out first, so that the last lines a rank printed are seen.
#pragma once

namespace pimnic::linux_user {

class LinuxProcess;

// Write the bytes glibc buffers for descriptors 1 and 2 (its FILE list, _IO_list_all) to those
// descriptors, as fflush would. Programs without glibc's symbols are left alone.
void flush_guest_stdio(LinuxProcess& p);

}  // namespace pimnic::linux_user
