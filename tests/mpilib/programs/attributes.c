/* Attributes, written from the MPI standard: the predefined ones, user keyvals with copy and
 * delete callbacks through dup and free, the MPI-1 names. Rank 0 prints. */
#include <mpi.h>
#include <stdio.h>

static int rank, deletes, copies;

static int count_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm;
  (void)keyval;
  deletes += *(int*)value + *(int*)extra;
  return MPI_SUCCESS;
}

/* copies only values below 100, doubled */
static int copy_small(MPI_Comm comm, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)comm;
  (void)keyval;
  (void)extra;
  static int doubled[8];
  ++copies;
  *flag = *(int*)in < 100;
  if (*flag) {
    doubled[copies % 8] = *(int*)in * 2;
    *(void**)out = &doubled[copies % 8];
  }
  return MPI_SUCCESS;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *value, flag;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &value, &flag);
  if (rank == 0) printf("MPI_HOST present %d, is MPI_PROC_NULL: %s\n", flag, *value == MPI_PROC_NULL ? "yes" : "no");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
  if (rank == 0) printf("MPI_WTIME_IS_GLOBAL present %d\n", flag);

  int extra = 1000, small = 7, big = 500, again = 9;
  int k1, k2, k3;
  MPI_Comm_create_keyval(copy_small, count_delete, &k1, &extra);
  MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &k2, NULL);
  MPI_Keyval_create(MPI_NULL_COPY_FN, count_delete, &k3, &extra);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_get_attr(comm, k1, &value, &flag);
  if (rank == 0) printf("not set yet: flag %d\n", flag);
  MPI_Comm_set_attr(comm, k1, &small);
  MPI_Comm_set_attr(comm, k2, &big);
  MPI_Attr_put(comm, k3, &again);
  MPI_Comm_get_attr(comm, k1, &value, &flag);
  if (rank == 0) printf("k1: flag %d value %d\n", flag, *value);

  /* dup: k1 copied doubled, k2 the same value, k3 not at all */
  MPI_Comm dup;
  MPI_Comm_dup(comm, &dup);
  int f1, f2, f3;
  int *v1, *v2, *v3;
  MPI_Comm_get_attr(dup, k1, &v1, &f1);
  MPI_Comm_get_attr(dup, k2, &v2, &f2);
  MPI_Attr_get(dup, k3, &v3, &f3);
  if (rank == 0) printf("dup: k1 %d (%d), k2 %d (%d, same pointer: %s), k3 %d; %d copy calls\n", f1, f1 ? *v1 : -1, f2,
                        f2 ? *v2 : -1, f2 && v2 == &big ? "yes" : "no", f3, copies);

  /* setting again runs the delete callback on the old value; deleting runs it too */
  MPI_Comm_set_attr(comm, k1, &again);
  if (rank == 0) printf("after replacing k1: deletes %d\n", deletes);
  MPI_Comm_delete_attr(comm, k1);
  MPI_Comm_get_attr(comm, k1, &value, &flag);
  if (rank == 0) printf("after deleting k1: deletes %d, flag %d\n", deletes, flag);

  /* freeing a keyval keeps the attributes set with it; freeing the communicator deletes them */
  MPI_Comm_free_keyval(&k3);
  if (rank == 0) printf("keyval freed: %s\n", k3 == MPI_KEYVAL_INVALID ? "invalid now" : "still valid");
  MPI_Comm_free(&comm);
  if (rank == 0) printf("after freeing the communicator: deletes %d\n", deletes);
  MPI_Comm_free(&dup);
  if (rank == 0) printf("after freeing the dup: deletes %d\n", deletes);

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int code = MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &small), cls = -1;
  MPI_Error_class(code, &cls);
  if (rank == 0) printf("setting MPI_TAG_UB fails: %s\n", code != MPI_SUCCESS ? "yes" : "no");
  MPI_Comm_free_keyval(&k1);
  MPI_Comm_free_keyval(&k2);
  MPI_Finalize();
  return 0;
}
