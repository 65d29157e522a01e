// The user attributes one object carries (a communicator, a datatype): keyval and value pairs in
// the order they were set (core/attributes.h runs their callbacks).
#pragma once
#include "core/vec.h"

namespace pimnic::mpi {

struct Attribute {
  int keyval;
  void* value;
};
using AttributeList = Vec<Attribute>;

}  // namespace pimnic::mpi
