/* Error classes with MPI_ERRORS_RETURN, written from the MPI standard; rank 0 prints them. */
#include <mpi.h>
#include <stdio.h>

static int rank, size;

static void show(const char* what, int code) {
  int cls = -1;
  if (code != MPI_SUCCESS) MPI_Error_class(code, &cls);
  if (rank == 0) printf("%s: %s (class %d)\n", what, code == MPI_SUCCESS ? "success" : "error", cls);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Errhandler handler;
  MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler);
  if (rank == 0) printf("handler is errors_return: %s\n", handler == MPI_ERRORS_RETURN ? "yes" : "no");
  int v[4] = {0, 0, 0, 0};

  show("send to rank size", MPI_Send(v, 1, MPI_INT, size, 0, MPI_COMM_WORLD));
  show("send to rank -5", MPI_Send(v, 1, MPI_INT, -5, 0, MPI_COMM_WORLD));
  show("send with tag -3", MPI_Send(v, 1, MPI_INT, 0, -3, MPI_COMM_WORLD));
  show("send with count -1", MPI_Send(v, -1, MPI_INT, 0, 0, MPI_COMM_WORLD));
  show("send of a null datatype", MPI_Send(v, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD));
  show("recv from rank size", MPI_Recv(v, 1, MPI_INT, size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
  show("bcast from root size", MPI_Bcast(v, 1, MPI_INT, size, MPI_COMM_WORLD));
  show("allreduce with null op", MPI_Allreduce(v, v + 1, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD));
  show("allreduce maxloc on int", MPI_Allreduce(v, v + 1, 1, MPI_INT, MPI_MAXLOC, MPI_COMM_WORLD));
  MPI_Request req = MPI_REQUEST_NULL;
  show("wait on request_null", MPI_Wait(&req, MPI_STATUS_IGNORE));
  MPI_Status st;
  show("probe proc_null", MPI_Probe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st));

  /* truncation: 4 ints into room for 2 */
  int four[4] = {1, 2, 3, 4}, two[2];
  MPI_Request r;
  MPI_Irecv(two, 2, MPI_INT, rank, 9, MPI_COMM_WORLD, &r);
  MPI_Send(four, 4, MPI_INT, rank, 9, MPI_COMM_WORLD);
  show("receive of 4 ints into 2", MPI_Wait(&r, &st));

  /* waitall reports it in the statuses */
  MPI_Request rs[2];
  MPI_Status sts[2];
  MPI_Irecv(two, 2, MPI_INT, rank, 10, MPI_COMM_WORLD, &rs[0]);
  MPI_Irecv(v, 1, MPI_INT, rank, 11, MPI_COMM_WORLD, &rs[1]);
  MPI_Send(four, 1, MPI_INT, rank, 11, MPI_COMM_WORLD);
  MPI_Send(four, 3, MPI_INT, rank, 10, MPI_COMM_WORLD);
  int e = MPI_Waitall(2, rs, sts);
  show("waitall with one truncated", e);
  if (e == MPI_ERR_IN_STATUS && rank == 0) {
    /* (the other request's status may be MPI_SUCCESS or MPI_ERR_PENDING: MPICH stops at the
       failed one, pimnic completes both) */
    int c0;
    MPI_Error_class(sts[0].MPI_ERROR, &c0);
    printf("status of the truncated receive: %d\n", c0);
  }

  int len;
  char text[MPI_MAX_ERROR_STRING];
  show("error_string of MPI_ERR_TAG", MPI_Error_string(MPI_ERR_TAG, text, &len));
  if (rank == 0) printf("error_string is not empty: %s\n", len > 0 ? "yes" : "no");

  /* errors on one communicator follow that communicator's handler */
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  show("dup inherits errors_return", MPI_Send(v, 1, MPI_INT, size, 0, dup));
  MPI_Comm_free(&dup);

  MPI_Finalize();
  return 0;
}
