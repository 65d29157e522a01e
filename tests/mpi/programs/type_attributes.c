/* Attributes on datatypes (MPI-3.1 6.7.4): keyvals with copy and delete callbacks; a value set on a
 * derived and on a predefined type; MPI_Type_dup copies what the copy callbacks say
 * (MPI_TYPE_DUP_FN, a callback of our own, MPI_TYPE_NULL_COPY_FN: not copied); setting again and
 * deleting run the delete callback on the old value; MPI_Type_free deletes every attribute; a
 * failing copy callback makes MPI_Type_dup fail; a keyval freed while attached stays usable
 * until the attribute goes. MPICH must print the same. */
#include "mpitest.h"

static int deleted_sum, deletes, copies;

static int add_one(MPI_Datatype type, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)type, (void)keyval, (void)extra;
  copies++;
  *(MPI_Aint*)out = (MPI_Aint)in + 1;
  *flag = 1;
  return MPI_SUCCESS;
}

static int refuse(MPI_Datatype type, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)type, (void)keyval, (void)extra, (void)in, (void)out, (void)flag;
  return MPI_ERR_OTHER;
}

static int note_delete(MPI_Datatype type, int keyval, void* value, void* extra) {
  (void)type, (void)keyval;
  deletes++;
  deleted_sum += (int)(MPI_Aint)value * *(int*)extra;
  return MPI_SUCCESS;
}

static void show(const char* what, MPI_Datatype type, int keyval) {
  MPI_Aint value = 0;
  int flag = 0;
  MPI_Type_get_attr(type, keyval, &value, &flag);
  if (flag)
    mt_say("%s: %ld\n", what, (long)value);
  else
    mt_say("%s: not set\n", what);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  int weight = 1, heavy = 100;
  int same, plus, none, bad;
  MPI_Type_create_keyval(MPI_TYPE_DUP_FN, note_delete, &same, &weight);
  MPI_Type_create_keyval(add_one, note_delete, &plus, &heavy);
  MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &none, NULL);
  MPI_Type_create_keyval(refuse, MPI_TYPE_NULL_DELETE_FN, &bad, NULL);

  MPI_Datatype pair, copy;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_set_attr(pair, same, (void*)(MPI_Aint)7);
  MPI_Type_set_attr(pair, plus, (void*)(MPI_Aint)20);
  MPI_Type_set_attr(pair, none, (void*)(MPI_Aint)3);
  MPI_Type_set_attr(pair, same, (void*)(MPI_Aint)8); /* the old value 7 is deleted */
  show("pair, DUP_FN key", pair, same);
  show("pair, add-one key", pair, plus);
  show("pair, NULL_COPY key", pair, none);
  MPI_Type_dup(pair, &copy);
  show("its dup, DUP_FN key", copy, same);
  show("its dup, add-one key", copy, plus);
  show("its dup, NULL_COPY key", copy, none);
  mt_say("copies %d, deletes %d (sum %d)\n", copies, deletes, deleted_sum);

  MPI_Type_delete_attr(copy, plus);
  show("dup after deleting add-one key", copy, plus);
  MPI_Type_free(&copy);
  mt_say("after freeing the dup: deletes %d (sum %d)\n", deletes, deleted_sum);

  MPI_Type_set_attr(MPI_INT, plus, (void*)(MPI_Aint)5); /* predefined types carry attributes too */
  show("MPI_INT, add-one key", MPI_INT, plus);
  MPI_Type_free_keyval(&plus); /* still attached to pair and MPI_INT: stays valid for them */
  mt_say("keyval after free: %s\n", plus == MPI_KEYVAL_INVALID ? "MPI_KEYVAL_INVALID" : "still set");
  MPI_Type_free(&pair);
  mt_say("after freeing pair: deletes %d (sum %d)\n", deletes, deleted_sum);

  MPI_Datatype twice = MPI_DATATYPE_NULL, failed = MPI_DATATYPE_NULL;
  MPI_Type_contiguous(2, MPI_INT, &twice);
  MPI_Type_set_attr(twice, bad, NULL);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* where type calls report (MPI-3.1 8.3) */
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);  /* (and MPI-4's choice) */
  int rc = MPI_Type_dup(twice, &failed);
  mt_say("dup with a failing copy callback: %s, newtype %s\n", rc == MPI_SUCCESS ? "success" : "error",
         failed == MPI_DATATYPE_NULL ? "MPI_DATATYPE_NULL" : "set");
  MPI_Type_free(&twice);
  MPI_Type_free_keyval(&same);
  MPI_Type_free_keyval(&none);
  MPI_Type_free_keyval(&bad);
  return mt_finish();
}
