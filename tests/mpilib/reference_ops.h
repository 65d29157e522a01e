/* The test side of the predefined datatypes and ops, written from the MPI standard (MPI-3.1
 * section 5.9.2) without looking at firmware/mpi/host: which op applies to which type, and input
 * items to combine. Shared by mpich_ops_dump.c (built against Debian's MPICH) and
 * layer_ops_dump.cpp (built against pimnic's MPI layer): their outputs must be identical. */
#ifndef PIMNIC_TESTS_REFERENCE_OPS_H
#define PIMNIC_TESTS_REFERENCE_OPS_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define REF_TYPES 34
#define REF_OPS 12
#define REF_ITEMS 12

extern const char* const ref_type_names[REF_TYPES]; /* "MPI_CHAR", ... */
extern const char* const ref_op_names[REF_OPS];     /* "MPI_MAX", ... */

/* Does the standard define op `op` on type `type` (indices into the name tables)? */
int ref_allowed(int op, int type);

/* Item k (0 <= k < REF_ITEMS) of input set `set` (0 or 1) of type `type`, written to `out` (zeroed
 * first); returns sizeof the C type (the extent MPI_Type_get_extent must report). */
size_t ref_fill(int type, int set, int k, void* out);

/* One line per allowed (type, op): "MPI_INT MPI_SUM <hex of inout after MPI_Reduce_local>",
 * plus "MPI_INT size 4 extent 4" lines; `reduce_local(in, inout, count, type, op)` and
 * `type_size(type, &size, &extent)` come from the MPI under test. */
typedef int (*ref_reduce_fn)(const void* in, void* inout, int count, int type, int op);
typedef int (*ref_size_fn)(int type, int* size, long* extent);
void ref_dump(ref_reduce_fn reduce_local, ref_size_fn type_size);

#ifdef __cplusplus
}
#endif
#endif
