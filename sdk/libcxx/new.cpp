// operator new/delete on the SDK heap. Without exceptions, a failed allocation cannot throw
// std::bad_alloc: the throwing forms report it and abort(), the nothrow forms return nullptr.
#include <new>
#include <stdio.h>
#include <stdlib.h>

namespace {

void* allocate(std::size_t size) {
  void* p = malloc(size ? size : 1);
  if (!p) {
    printf("operator new: out of memory (%lu bytes)\n", static_cast<unsigned long>(size));
    abort();
  }
  return p;
}

void* allocate_aligned(std::size_t size, std::align_val_t align) {
  void* p = aligned_alloc(static_cast<std::size_t>(align), size ? size : 1);
  if (!p) {
    printf("operator new: out of memory (%lu bytes, alignment %lu)\n", static_cast<unsigned long>(size),
           static_cast<unsigned long>(align));
    abort();
  }
  return p;
}

}  // namespace

namespace std {
const nothrow_t nothrow{};
}

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return malloc(size ? size : 1); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return malloc(size ? size : 1); }
void* operator new(std::size_t size, std::align_val_t align) { return allocate_aligned(size, align); }
void* operator new[](std::size_t size, std::align_val_t align) { return allocate_aligned(size, align); }
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return aligned_alloc(static_cast<std::size_t>(align), size ? size : 1);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return aligned_alloc(static_cast<std::size_t>(align), size ? size : 1);
}

// free() copes with every form: aligned blocks are ordinary heap blocks.
void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, std::size_t) noexcept { free(p); }
void operator delete[](void* p, std::size_t) noexcept { free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { free(p); }
void operator delete(void* p, std::align_val_t) noexcept { free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { free(p); }
