// The C++ runtime without exceptions/RTTI: static constructors (and their priority order),
// guarded function-local statics, virtual calls incl. through a base pointer, every form of
// new/delete, and a static destructor that runs at exit (the test looks for its line).
#include <new>
#include <stdint.h>
#include <stdio.h>
#include <utility>

#include "pimnic/heap.h"
#include "pimnic/test.h"
#include "selftest.h"

namespace {

int init_order[4];
int init_count;

__attribute__((constructor(101))) void early_ctor() { init_order[init_count++] = 101; }
__attribute__((constructor(202))) void late_ctor() { init_order[init_count++] = 202; }

struct Global {
  int value;
  Global() : value(1234) { init_order[init_count++] = 65535; }
  ~Global() { puts("selftest: static destructor ran"); }
};
Global global;

int local_constructions;
struct Counted {
  int id;
  Counted() : id(++local_constructions) {}
};
Counted& shared_instance() {
  static Counted instance;  // guarded: constructed once
  return instance;
}

struct Animal {
  virtual ~Animal() { ++destroyed; }
  virtual int legs() const = 0;
  virtual const char* sound() const { return "..."; }
  static int destroyed;
};
int Animal::destroyed;
struct Dog : Animal {
  int legs() const override { return 4; }
  const char* sound() const override { return "woof"; }
};
struct Bird : Animal {
  int legs() const override { return 2; }
};

struct alignas(64) Wide {
  unsigned char bytes[64];
};

}  // namespace

extern "C" void test_cxx(void) {
  CHECK_EQ(global.value, 1234);
  CHECK_EQ(init_count, 3);
  CHECK(init_order[0] == 101 && init_order[1] == 202 && init_order[2] == 65535);

  CHECK_EQ(shared_instance().id, 1);
  CHECK_EQ(shared_instance().id, 1);
  CHECK_EQ(local_constructions, 1);

  pimnic_heap_info before, after;
  pimnic_heap_info_get(&before);
  Animal* zoo[] = {new Dog, new Bird, new Dog};
  int legs = 0;
  for (Animal* a : zoo) legs += a->legs();
  CHECK_EQ(legs, 10);
  CHECK_STR_EQ(zoo[0]->sound(), "woof");
  CHECK_STR_EQ(zoo[1]->sound(), "...");
  for (Animal* a : zoo) delete a;
  CHECK_EQ(Animal::destroyed, 3);

  int* arr = new int[100];
  for (int i = 0; i < 100; ++i) arr[i] = i;
  CHECK_EQ(arr[99], 99);
  delete[] arr;
  Wide* w = new Wide;
  CHECK_EQ(reinterpret_cast<uintptr_t>(w) % 64, 0);
  delete w;
  Wide* ws = new Wide[3];
  CHECK_EQ(reinterpret_cast<uintptr_t>(ws) % 64, 0);
  delete[] ws;
  int* nt = new (std::nothrow) int(5);
  CHECK(nt && *nt == 5);
  delete nt;
  alignas(8) unsigned char storage[sizeof(Dog)];
  Animal* placed = new (storage) Dog;
  CHECK_EQ(placed->legs(), 4);
  placed->~Animal();
  pimnic_heap_info_get(&after);
  CHECK_EQ(after.free_bytes, before.free_bytes);

  int x = 1, y = 2;
  std::swap(x, y);
  CHECK(x == 2 && y == 1);
}
