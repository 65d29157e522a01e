// C++ that needs the C++ runtime: new/delete in all forms, static objects with destructors,
// guarded function-local statics, pure virtual functions.
#include <new>

struct Base {
  virtual ~Base() {}
  virtual int f() = 0;
};
struct Derived : Base {
  int f() override { return 1; }
};
struct alignas(64) Wide {
  char c[64];
};
struct WithDtor {
  ~WithDtor() {}
};
WithDtor global_with_dtor;

Base* make() { return new Derived; }
void destroy(Base* b) { delete b; }
int* make_array(int n) { return new int[n]; }
void destroy_array(int* p) { delete[] p; }
Wide* make_wide() { return new Wide; }
void destroy_wide(Wide* w) { delete w; }
int* make_nothrow() { return new (std::nothrow) int(3); }
Base& shared() {
  static Derived instance;
  return instance;
}
int call(Base& b) { return b.f(); }
// An abstract class whose vtable is emitted here: its slot for f is __cxa_pure_virtual.
struct Abstract : Base {
  Abstract();
  int f() override = 0;
};
Abstract::Abstract() {}
