/* MPI_ERR_TRUNCATE with MPI_ERRORS_RETURN: a receive into a buffer shorter than the message
 * returns an error of class MPI_ERR_TRUNCATE (MPI_Recv, MPI_Wait; MPI_Waitall gives
 * MPI_ERR_IN_STATUS with the class in the status), eager and rendezvous, while the sender
 * completes normally; status source and tag are right, and the messages after it arrive intact. */
#include "mpitest.h"

#define LARGE (300 * 1024)

static const char* class_name(int code) {
  int cls;
  if (code == MPI_SUCCESS) return "MPI_SUCCESS";
  MPI_Error_class(code, &cls);
  if (cls == MPI_ERR_TRUNCATE) return "MPI_ERR_TRUNCATE";
  if (cls == MPI_ERR_IN_STATUS) return "MPI_ERR_IN_STATUS";
  if (cls == MPI_ERR_PENDING) return "MPI_ERR_PENDING";
  return "another error class";
}

static void sender(long bytes) {
  char* buf = (char*)malloc(bytes);
  int after = 4321, rc[4];
  mt_fill(buf, bytes, 1, bytes);
  rc[0] = MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
  rc[1] = MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
  rc[2] = MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
  rc[3] = MPI_Send(&after, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
  mt_printf("sender of %ld bytes: %s %s %s %s\n", bytes, class_name(rc[0]), class_name(rc[1]), class_name(rc[2]),
            class_name(rc[3]));
  free(buf);
}

static void receiver(long bytes) {
  long room = bytes / 2 + 1;
  char* buf = (char*)malloc(bytes);
  MPI_Status st, sts[2];
  MPI_Request req, reqs[2];
  int after = 0, small = -1;
  int rc = MPI_Recv(buf, (int)room, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &st);
  mt_printf("MPI_Recv of %ld bytes into %ld: %s, source %d, tag %d\n", bytes, room, class_name(rc), st.MPI_SOURCE, st.MPI_TAG);
  MPI_Irecv(buf, (int)room, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
  rc = MPI_Wait(&req, &st);
  mt_printf("MPI_Wait of %ld bytes into %ld: %s, source %d, tag %d\n", bytes, room, class_name(rc), st.MPI_SOURCE, st.MPI_TAG);
  /* Tag 3 truncated, tag 4 fine, completed together. */
  MPI_Irecv(buf, (int)room, MPI_BYTE, 1, 3, MPI_COMM_WORLD, &reqs[0]);
  MPI_Irecv(&after, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &reqs[1]);
  rc = MPI_Waitall(2, reqs, sts);
  mt_printf("MPI_Waitall: %s; first status: %s (tag %d)\n", class_name(rc), class_name(sts[0].MPI_ERROR), sts[0].MPI_TAG);
  /* The other request either completed (MPI_SUCCESS) or is still pending (MPI_ERR_PENDING, as
   * MPICH answers): then it is still active and is waited for again. */
  int second = sts[1].MPI_ERROR, cls = MPI_SUCCESS;
  if (second != MPI_SUCCESS) MPI_Error_class(second, &cls);
  mt_check(cls == MPI_SUCCESS || cls == MPI_ERR_PENDING, "second status of Waitall: %s", class_name(second));
  if (cls == MPI_ERR_PENDING) MPI_Wait(&reqs[1], &sts[1]);
  mt_printf("  the other receive: tag %d, value %d\n", sts[1].MPI_TAG, after);
  /* The connection still works: a normal message after the truncated ones. */
  rc = MPI_Recv(&small, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &st);
  mt_check(rc == MPI_SUCCESS && small == 5, "message after truncation: %d", small);
  free(buf);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  for (int round = 0; round < 2; round++) {
    long bytes = round ? LARGE : 40;
    if (mt_rank == 1) {
      int five = 5;
      sender(bytes);
      MPI_Send(&five, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    }
    if (mt_rank == 0) receiver(bytes);
    mt_flush();
  }
  return mt_finish();
}
