/* Corners of the standard that issue 39 found mishandled: MPI_BOTTOM with absolute addresses
 * (MPI-3.1 4.1.12), a null buffer with a datatype of no data, a message that ends inside an item
 * (its whole elements arrive, MPI_Get_count is MPI_UNDEFINED: 3.3.2), a keyval freed while an
 * attribute uses it (6.7.2: it stays valid until the attribute goes), MPI_COMM_SELF's attributes
 * deleted at MPI_Finalize (8.7.1), a buffer attached with exactly the space the standard's rule
 * asks for (3.6.1), and MPI_Dims_create's balanced grids (7.5.2). */
#include "mpitest.h"

static int deletes;

static int count_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm, (void)keyval, (void)value, (void)extra;
  deletes++;
  return MPI_SUCCESS;
}

static int at_finalize(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm, (void)keyval, (void)extra;
  if (mt_rank == 0) printf("MPI_COMM_SELF's attribute %d deleted at MPI_Finalize\n", *(int*)value);
  return MPI_SUCCESS;
}

static void bottom_and_empty(void) {
  int a = 0, b[2] = {0, 0}, right = (mt_rank + 1) % mt_size, left = (mt_rank + mt_size - 1) % mt_size;
  MPI_Aint addr[2];
  MPI_Get_address(&a, &addr[0]);
  MPI_Get_address(b, &addr[1]);
  int lengths[2] = {1, 2};
  MPI_Datatype types[2] = {MPI_INT, MPI_INT}, absolute;
  MPI_Type_create_struct(2, lengths, addr, types, &absolute);
  MPI_Type_commit(&absolute);
  int out[3] = {mt_rank, 10 * mt_rank, 20 * mt_rank};
  MPI_Sendrecv(out, 3, MPI_INT, right, 1, MPI_BOTTOM, 1, absolute, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  mt_check(a == left && b[0] == 10 * left && b[1] == 20 * left, "MPI_BOTTOM receive: %d %d %d", a, b[0], b[1]);
  MPI_Type_free(&absolute);

  int zero[2] = {0, 0};
  MPI_Aint displs[2] = {0, 8};
  MPI_Datatype empty;
  MPI_Type_create_hindexed(2, zero, displs, MPI_INT, &empty);
  MPI_Type_commit(&empty);
  MPI_Request r;
  MPI_Status st;
  int count = -1;
  MPI_Irecv(NULL, 3, empty, 0, 2, MPI_COMM_SELF, &r);
  MPI_Send(NULL, 3, empty, 0, 2, MPI_COMM_SELF);
  MPI_Wait(&r, &st);
  MPI_Get_count(&st, empty, &count);
  mt_check(count == 0, "count of an empty type: %d", count);
  MPI_Type_free(&empty);
  mt_say("MPI_BOTTOM with absolute addresses, and null buffers with an empty type\n");
}

/* Items of 4 ints laid out as {0, 2, 3, 1} * int in 6 ints of extent; 6 ints arrive: one whole
 * item and half of the next. */
static void partial_item(void) {
  int lengths[3] = {1, 2, 1}, displs[3] = {0, 4, 2};
  MPI_Datatype spread;
  MPI_Type_indexed(3, lengths, displs, MPI_INT, &spread);
  MPI_Type_commit(&spread);
  int sent[6] = {1, 2, 3, 4, 5, 6}, got[12], count, elements;
  for (int i = 0; i < 12; i++) got[i] = -1;
  MPI_Request r;
  MPI_Status st;
  MPI_Irecv(got, 2, spread, 0, 3, MPI_COMM_SELF, &r);
  MPI_Send(sent, 6, MPI_INT, 0, 3, MPI_COMM_SELF);
  MPI_Wait(&r, &st);
  MPI_Get_count(&st, spread, &count);
  MPI_Get_elements(&st, spread, &elements);
  mt_say("6 ints into 2 items: count %s, %d elements, buffer", count == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined",
         elements);
  for (int i = 0; i < 12; i++) mt_say(" %d", got[i]);
  mt_say("\n");
  MPI_Type_free(&spread);
}

static void freed_keyval(void) {
  int key, value = 7, *got, flag;
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &key, NULL);
  int saved = key;
  MPI_Comm_set_attr(dup, key, &value);
  MPI_Comm_free_keyval(&key);
  mt_check(key == MPI_KEYVAL_INVALID, "a freed keyval handle becomes MPI_KEYVAL_INVALID");
  MPI_Comm_get_attr(dup, saved, &got, &flag);
  mt_check(flag && *got == 7, "the attribute of a freed keyval is still there");
  MPI_Comm_delete_attr(dup, saved);
  mt_check(deletes == 1, "its delete callback ran %d times", deletes);
  MPI_Comm_free(&dup);
  mt_say("a keyval freed while attached stays valid until the attribute is deleted\n");
}

static void bsend_exact(void) {
  int sizes[3] = {17, 7, 3}, total = 0, pack;
  for (int i = 0; i < 3; i++) {
    MPI_Pack_size(sizes[i], MPI_CHAR, MPI_COMM_WORLD, &pack);
    total += pack + MPI_BSEND_OVERHEAD;
  }
  char* buffer = malloc((size_t)total);
  char data[17] = "sixteen letters!", in[17];
  MPI_Buffer_attach(buffer, total);
  int right = (mt_rank + 1) % mt_size, left = (mt_rank + mt_size - 1) % mt_size;
  for (int i = 0; i < 3; i++) MPI_Bsend(data, sizes[i], MPI_CHAR, right, 4 + i, MPI_COMM_WORLD);
  for (int i = 0; i < 3; i++) MPI_Recv(in, sizes[i], MPI_CHAR, left, 4 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  void* back;
  int size;
  MPI_Buffer_detach(&back, &size);
  free(buffer);
  mt_say("three buffered sends of 17, 7 and 3 chars in a buffer of exactly their size\n");
}

static void dims(void) {
  int cases[][2] = {{5040, 3}, {360, 3}, {12, 2}, {64, 3}, {30, 4}, {1, 3}, {97, 2}, {7344, 4}, {162288, 5}};
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int d[5] = {0, 0, 0, 0, 0};
    MPI_Dims_create(cases[c][0], cases[c][1], d);
    mt_say("MPI_Dims_create(%d, %d):", cases[c][0], cases[c][1]);
    for (int i = 0; i < cases[c][1]; i++) mt_say(" %d", d[i]);
    mt_say("\n");
  }
  int fixed[3] = {0, 3, 0};
  MPI_Dims_create(60, 3, fixed);
  mt_say("MPI_Dims_create(60, 3) with dims[1] = 3: %d %d %d\n", fixed[0], fixed[1], fixed[2]);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(1, 1);
  bottom_and_empty();
  partial_item();
  freed_keyval();
  bsend_exact();
  dims();
  static int self_value = 42;
  int key;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &key, NULL);
  MPI_Comm_set_attr(MPI_COMM_SELF, key, &self_value);
  return mt_finish();
}
