/* pimnic's MPI: the MPI-1 subset (plus a few MPI-2 conveniences) that every pimnic NIC kind
 * implements behind one header, so that ordinary MPI programs compile unmodified. Build programs
 * with build/bin/pimnic-mpicc (or pimnic-mpicxx) and run them with `pimnic mpirun`; docs/mpi.md
 * lists what is implemented and what is not.
 *
 * Handles are ints whose top byte says what they are (1 communicator, 2 datatype, 3 op, 4 request,
 * 5 error handler, 6 attribute key, 7 group, 8 info, 9 message): a datatype passed as a communicator is MPI_ERR_COMM, not a
 * crash. Numbers the standard leaves to the implementation (error classes,
 * MPI_ANY_SOURCE, MPI_PROC_NULL, MPI_UNDEFINED) have the values MPICH uses, so that a program that
 * prints them prints the same thing under both. */
#ifndef PIMNIC_MPI_H
#define PIMNIC_MPI_H

#ifdef __cplusplus
extern "C" {
#endif

#define PIMNIC_MPI 1
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* ---- handle types -------------------------------------------------------------------------- */
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Request;
typedef int MPI_Errhandler;
typedef int MPI_Group;
typedef int MPI_Info;
typedef int MPI_Message;
typedef long MPI_Aint; /* an address-sized integer on the ILP32 and LP64 targets pimnic builds for */
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

/* The receive status. MPI_SOURCE, MPI_TAG and MPI_ERROR are the standard's; the rest is private. */
typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  int pimnic_bytes;     /* bytes received (of data, packed) */
  int pimnic_cancelled; /* 1 when MPI_Cancel removed the receive */
} MPI_Status;

#define MPI_STATUS_IGNORE ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE ((MPI_Status *)1)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_BOTTOM ((void *)0)

/* ---- handle values (kind in the top byte, index below; index 0 is the kind's null handle) ---- */
#define MPI_COMM_NULL ((MPI_Comm)0x01000000)
#define MPI_COMM_WORLD ((MPI_Comm)0x01000001)
#define MPI_COMM_SELF ((MPI_Comm)0x01000002)

#define MPI_DATATYPE_NULL ((MPI_Datatype)0x02000000)
#define MPI_CHAR ((MPI_Datatype)0x02000001)
#define MPI_SIGNED_CHAR ((MPI_Datatype)0x02000002)
#define MPI_UNSIGNED_CHAR ((MPI_Datatype)0x02000003)
#define MPI_BYTE ((MPI_Datatype)0x02000004)
#define MPI_SHORT ((MPI_Datatype)0x02000005)
#define MPI_UNSIGNED_SHORT ((MPI_Datatype)0x02000006)
#define MPI_INT ((MPI_Datatype)0x02000007)
#define MPI_UNSIGNED ((MPI_Datatype)0x02000008)
#define MPI_LONG ((MPI_Datatype)0x02000009)
#define MPI_UNSIGNED_LONG ((MPI_Datatype)0x0200000a)
#define MPI_LONG_LONG_INT ((MPI_Datatype)0x0200000b)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_UNSIGNED_LONG_LONG ((MPI_Datatype)0x0200000c)
#define MPI_FLOAT ((MPI_Datatype)0x0200000d)
#define MPI_DOUBLE ((MPI_Datatype)0x0200000e)
#define MPI_LONG_DOUBLE ((MPI_Datatype)0x0200000f)
#define MPI_WCHAR ((MPI_Datatype)0x02000010)
#define MPI_C_BOOL ((MPI_Datatype)0x02000011)
#define MPI_INT8_T ((MPI_Datatype)0x02000012)
#define MPI_INT16_T ((MPI_Datatype)0x02000013)
#define MPI_INT32_T ((MPI_Datatype)0x02000014)
#define MPI_INT64_T ((MPI_Datatype)0x02000015)
#define MPI_UINT8_T ((MPI_Datatype)0x02000016)
#define MPI_UINT16_T ((MPI_Datatype)0x02000017)
#define MPI_UINT32_T ((MPI_Datatype)0x02000018)
#define MPI_UINT64_T ((MPI_Datatype)0x02000019)
#define MPI_AINT ((MPI_Datatype)0x0200001a)
#define MPI_OFFSET ((MPI_Datatype)0x0200001b)
#define MPI_COUNT ((MPI_Datatype)0x0200001c)
/* pair types for MPI_MINLOC / MPI_MAXLOC: struct { value; int index; } */
#define MPI_FLOAT_INT ((MPI_Datatype)0x0200001d)
#define MPI_DOUBLE_INT ((MPI_Datatype)0x0200001e)
#define MPI_LONG_INT ((MPI_Datatype)0x0200001f)
#define MPI_2INT ((MPI_Datatype)0x02000020)
#define MPI_SHORT_INT ((MPI_Datatype)0x02000021)
#define MPI_LONG_DOUBLE_INT ((MPI_Datatype)0x02000022)
#define MPI_PACKED ((MPI_Datatype)0x02000023) /* the bytes of MPI_Pack */
/* C99 complex types: a pair of the floating type (real, imaginary); MPI_SUM and MPI_PROD apply */
#define MPI_C_FLOAT_COMPLEX ((MPI_Datatype)0x02000024)
#define MPI_C_COMPLEX MPI_C_FLOAT_COMPLEX
#define MPI_C_DOUBLE_COMPLEX ((MPI_Datatype)0x02000025)
#define MPI_C_LONG_DOUBLE_COMPLEX ((MPI_Datatype)0x02000026)
/* MPI-1's bound markers (removed in MPI-3): in MPI_Type_struct they set the lower / upper bound */
#define MPI_LB ((MPI_Datatype)0x02000027)
#define MPI_UB ((MPI_Datatype)0x02000028)
/* Fortran's size-specific types, C++'s and Fortran's default kinds (MPI-3.1 3.2.2, 17.2.5), usable
 * from C as the C types of
 * the same layout; the 128-bit kinds are not supported (the standard allows MPI_DATATYPE_NULL) */
#define MPI_INTEGER1 ((MPI_Datatype)0x02000029)
#define MPI_INTEGER2 ((MPI_Datatype)0x0200002a)
#define MPI_INTEGER4 ((MPI_Datatype)0x0200002b)
#define MPI_INTEGER8 ((MPI_Datatype)0x0200002c)
#define MPI_REAL4 ((MPI_Datatype)0x0200002d)
#define MPI_REAL8 ((MPI_Datatype)0x0200002e)
#define MPI_COMPLEX8 ((MPI_Datatype)0x0200002f)
#define MPI_COMPLEX16 ((MPI_Datatype)0x02000030)
#define MPI_CXX_BOOL ((MPI_Datatype)0x02000031)
#define MPI_CXX_FLOAT_COMPLEX ((MPI_Datatype)0x02000032)
#define MPI_CXX_DOUBLE_COMPLEX ((MPI_Datatype)0x02000033)
#define MPI_CXX_LONG_DOUBLE_COMPLEX ((MPI_Datatype)0x02000034)
#define MPI_INTEGER ((MPI_Datatype)0x02000035)
#define MPI_REAL ((MPI_Datatype)0x02000036)
#define MPI_DOUBLE_PRECISION ((MPI_Datatype)0x02000037)
#define MPI_COMPLEX ((MPI_Datatype)0x02000038)
#define MPI_DOUBLE_COMPLEX ((MPI_Datatype)0x02000039)
#define MPI_INTEGER16 MPI_DATATYPE_NULL
#define MPI_REAL16 MPI_DATATYPE_NULL
#define MPI_COMPLEX32 MPI_DATATYPE_NULL

#define MPI_OP_NULL ((MPI_Op)0x03000000)
#define MPI_MAX ((MPI_Op)0x03000001)
#define MPI_MIN ((MPI_Op)0x03000002)
#define MPI_SUM ((MPI_Op)0x03000003)
#define MPI_PROD ((MPI_Op)0x03000004)
#define MPI_LAND ((MPI_Op)0x03000005)
#define MPI_BAND ((MPI_Op)0x03000006)
#define MPI_LOR ((MPI_Op)0x03000007)
#define MPI_BOR ((MPI_Op)0x03000008)
#define MPI_LXOR ((MPI_Op)0x03000009)
#define MPI_BXOR ((MPI_Op)0x0300000a)
#define MPI_MINLOC ((MPI_Op)0x0300000b)
#define MPI_MAXLOC ((MPI_Op)0x0300000c)

#define MPI_REQUEST_NULL ((MPI_Request)0x04000000)

#define MPI_GROUP_NULL ((MPI_Group)0x07000000)
#define MPI_GROUP_EMPTY ((MPI_Group)0x07000001)

#define MPI_MESSAGE_NULL ((MPI_Message)0x09000000)
#define MPI_MESSAGE_NO_PROC ((MPI_Message)0x09000001)

#define MPI_INFO_NULL ((MPI_Info)0x08000000)
#define MPI_INFO_ENV ((MPI_Info)0x08000001) /* the (empty) environment of the run */

#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0x05000000)
#define MPI_ERRORS_ARE_FATAL ((MPI_Errhandler)0x05000001)
#define MPI_ERRORS_RETURN ((MPI_Errhandler)0x05000002)

/* ---- numbers ---------------------------------------------------------------------------------- */
#define MPI_PROC_NULL (-1)
#define MPI_ANY_SOURCE (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID 0x06000000

/* predefined attribute keys (MPI_Comm_get_attr / MPI_Attr_get) */
#define MPI_TAG_UB 0x06000001
#define MPI_HOST 0x06000002
#define MPI_IO 0x06000003
#define MPI_WTIME_IS_GLOBAL 0x06000004
#define MPI_APPNUM 0x06000005
#define MPI_UNIVERSE_SIZE 0x06000006
#define MPI_LASTUSEDCODE 0x06000007

#define MPI_MAX_PROCESSOR_NAME 128
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_LIBRARY_VERSION_STRING 8192
#define MPI_COMM_TYPE_SHARED 1 /* MPI_Comm_split_type: the ranks sharing memory (each node has one) */
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_BSEND_OVERHEAD 32 /* bytes MPI_Bsend needs in the attached buffer besides the message */

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* array orders and distributions (MPI_Type_create_subarray, MPI_Type_create_darray) */
#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)

/* datatype constructors (MPI_Type_get_envelope), MPICH's values */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_STRUCT 12
#define MPI_COMBINER_SUBARRAY 13
#define MPI_COMBINER_DARRAY 14
#define MPI_COMBINER_RESIZED 18
#define MPI_COMBINER_HINDEXED_BLOCK 19

/* type classes of MPI_Type_match_size, MPICH's values */
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* topologies (MPI_Topo_test) */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3
/* distributed graphs' weight arguments: none given, or none because there are no edges */
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)

/* MPI_Comm_compare results */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* error classes (every error code pimnic returns is its class) */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_ROOT 7
#define MPI_ERR_GROUP 8
#define MPI_ERR_OP 9
#define MPI_ERR_TOPOLOGY 10
#define MPI_ERR_DIMS 11
#define MPI_ERR_ARG 12
#define MPI_ERR_UNKNOWN 13
#define MPI_ERR_TRUNCATE 14
#define MPI_ERR_OTHER 15
#define MPI_ERR_INTERN 16
#define MPI_ERR_IN_STATUS 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_REQUEST 19
#define MPI_ERR_ACCESS 20
#define MPI_ERR_AMODE 21
#define MPI_ERR_BAD_FILE 22
#define MPI_ERR_CONVERSION 23
#define MPI_ERR_DUP_DATAREP 24
#define MPI_ERR_FILE_EXISTS 25
#define MPI_ERR_FILE_IN_USE 26
#define MPI_ERR_FILE 27
#define MPI_ERR_INFO 28
#define MPI_ERR_INFO_KEY 29
#define MPI_ERR_INFO_VALUE 30
#define MPI_ERR_INFO_NOKEY 31
#define MPI_ERR_IO 32
#define MPI_ERR_NAME 33
#define MPI_ERR_NO_MEM 34
#define MPI_ERR_NOT_SAME 35
#define MPI_ERR_NO_SPACE 36
#define MPI_ERR_NO_SUCH_FILE 37
#define MPI_ERR_PORT 38
#define MPI_ERR_QUOTA 39
#define MPI_ERR_READ_ONLY 40
#define MPI_ERR_SERVICE 41
#define MPI_ERR_SPAWN 42
#define MPI_ERR_UNSUPPORTED_DATAREP 43
#define MPI_ERR_UNSUPPORTED_OPERATION 44
#define MPI_ERR_WIN 45
#define MPI_ERR_BASE 46
#define MPI_ERR_LOCKTYPE 47
#define MPI_ERR_KEYVAL 48
#define MPI_ERR_RMA_CONFLICT 49
#define MPI_ERR_RMA_SYNC 50
#define MPI_ERR_SIZE 51
#define MPI_ERR_DISP 52
#define MPI_ERR_ASSERT 53
#define MPI_ERR_RMA_RANGE 55
#define MPI_ERR_RMA_ATTACH 56
#define MPI_ERR_RMA_SHARED 57
#define MPI_ERR_RMA_FLAVOR 58
#define MPI_ERR_LASTCODE 0x3fffffff

/* ---- callbacks ---------------------------------------------------------------------------------- */
typedef void(MPI_User_function)(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef void(MPI_Comm_errhandler_function)(MPI_Comm *comm, int *error_code, ...);
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef void(MPI_Handler_function)(MPI_Comm *comm, int *error_code, ...);
typedef int(MPI_Comm_copy_attr_function)(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                         void *attribute_val_out, int *flag);
typedef int(MPI_Comm_delete_attr_function)(MPI_Comm comm, int comm_keyval, void *attribute_val, void *extra_state);
typedef MPI_Comm_copy_attr_function MPI_Copy_function;
typedef MPI_Comm_delete_attr_function MPI_Delete_function;
/* attribute callbacks: null copy (not copied to a dup), dup (the same value), null delete */
int pimnic_mpi_dup_fn(MPI_Comm oldcomm, int keyval, void *extra_state, void *attribute_val_in, void *attribute_val_out,
                      int *flag);
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)
#define MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)pimnic_mpi_dup_fn)
/* datatype keyvals: the same callback shapes (MPI_Datatype and MPI_Comm are both int) */
typedef int(MPI_Type_copy_attr_function)(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                                         void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int(MPI_Type_delete_attr_function)(MPI_Datatype datatype, int type_keyval, void *attribute_val,
                                           void *extra_state);
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)
#define MPI_TYPE_DUP_FN ((MPI_Type_copy_attr_function *)pimnic_mpi_dup_fn)
#define MPI_NULL_COPY_FN ((MPI_Copy_function *)0)
#define MPI_NULL_DELETE_FN ((MPI_Delete_function *)0)
#define MPI_DUP_FN ((MPI_Copy_function *)pimnic_mpi_dup_fn)

/* ---- functions: each also as PMPI_<name> (the profiling interface) ------------------------------ */
/* (Arrays of statuses are declared as pointers: gcc 12 warns when MPI_STATUSES_IGNORE is passed for
   a parameter declared as an array.) */
#define PIMNIC_MPI_FN(ret, name, params) \
  ret MPI_##name params;                 \
  ret PMPI_##name params;

/* environment */
PIMNIC_MPI_FN(int, Init, (int *argc, char ***argv))
PIMNIC_MPI_FN(int, Init_thread, (int *argc, char ***argv, int required, int *provided))
PIMNIC_MPI_FN(int, Initialized, (int *flag))
PIMNIC_MPI_FN(int, Finalize, (void))
PIMNIC_MPI_FN(int, Finalized, (int *flag))
PIMNIC_MPI_FN(int, Query_thread, (int *provided))
PIMNIC_MPI_FN(int, Is_thread_main, (int *flag))
PIMNIC_MPI_FN(int, Abort, (MPI_Comm comm, int errorcode))
PIMNIC_MPI_FN(double, Wtime, (void))
PIMNIC_MPI_FN(double, Wtick, (void))
PIMNIC_MPI_FN(int, Get_processor_name, (char *name, int *resultlen))
PIMNIC_MPI_FN(int, Get_version, (int *version, int *subversion))

/* communicators */
PIMNIC_MPI_FN(int, Comm_rank, (MPI_Comm comm, int *rank))
PIMNIC_MPI_FN(int, Comm_size, (MPI_Comm comm, int *size))
PIMNIC_MPI_FN(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Comm_free, (MPI_Comm * comm))
PIMNIC_MPI_FN(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))
PIMNIC_MPI_FN(int, Comm_test_inter, (MPI_Comm comm, int *flag))
PIMNIC_MPI_FN(int, Comm_get_attr, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
PIMNIC_MPI_FN(int, Attr_get, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
PIMNIC_MPI_FN(int, Comm_create_keyval,
              (MPI_Comm_copy_attr_function * comm_copy_attr_fn, MPI_Comm_delete_attr_function *comm_delete_attr_fn,
               int *comm_keyval, void *extra_state))
PIMNIC_MPI_FN(int, Comm_free_keyval, (int *comm_keyval))
PIMNIC_MPI_FN(int, Comm_set_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val))
PIMNIC_MPI_FN(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
PIMNIC_MPI_FN(int, Keyval_create,
              (MPI_Copy_function * copy_fn, MPI_Delete_function *delete_fn, int *keyval, void *extra_state))
PIMNIC_MPI_FN(int, Keyval_free, (int *keyval))
PIMNIC_MPI_FN(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
PIMNIC_MPI_FN(int, Attr_delete, (MPI_Comm comm, int keyval))
PIMNIC_MPI_FN(int, Comm_set_name, (MPI_Comm comm, const char *name))
PIMNIC_MPI_FN(int, Comm_get_name, (MPI_Comm comm, char *name, int *resultlen))

/* groups */
PIMNIC_MPI_FN(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
PIMNIC_MPI_FN(int, Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Group_size, (MPI_Group group, int *size))
PIMNIC_MPI_FN(int, Group_rank, (MPI_Group group, int *rank))
PIMNIC_MPI_FN(int, Group_translate_ranks,
              (MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]))
PIMNIC_MPI_FN(int, Group_compare, (MPI_Group group1, MPI_Group group2, int *result))
PIMNIC_MPI_FN(int, Group_incl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_excl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_range_incl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_range_excl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_union, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_intersection, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_difference, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
PIMNIC_MPI_FN(int, Group_free, (MPI_Group * group))

/* Cartesian topologies */
PIMNIC_MPI_FN(int, Dims_create, (int nnodes, int ndims, int dims[]))
PIMNIC_MPI_FN(int, Cart_create,
              (MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart))
PIMNIC_MPI_FN(int, Cartdim_get, (MPI_Comm comm, int *ndims))
PIMNIC_MPI_FN(int, Cart_get, (MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]))
PIMNIC_MPI_FN(int, Cart_coords, (MPI_Comm comm, int rank, int maxdims, int coords[]))
PIMNIC_MPI_FN(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
PIMNIC_MPI_FN(int, Cart_shift, (MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest))
PIMNIC_MPI_FN(int, Cart_sub, (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Topo_test, (MPI_Comm comm, int *status))
PIMNIC_MPI_FN(int, Dist_graph_create_adjacent,
              (MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree,
               const int destinations[], const int destweights[], MPI_Info info, int reorder,
               MPI_Comm *comm_dist_graph))
PIMNIC_MPI_FN(int, Dist_graph_create,
              (MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[],
               const int weights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph))
PIMNIC_MPI_FN(int, Dist_graph_neighbors_count, (MPI_Comm comm, int *indegree, int *outdegree, int *weighted))
PIMNIC_MPI_FN(int, Dist_graph_neighbors,
              (MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree,
               int destinations[], int destweights[]))

/* errors */
PIMNIC_MPI_FN(int, Comm_set_errhandler, (MPI_Comm comm, MPI_Errhandler errhandler))
PIMNIC_MPI_FN(int, Comm_get_errhandler, (MPI_Comm comm, MPI_Errhandler *errhandler))
PIMNIC_MPI_FN(int, Errhandler_set, (MPI_Comm comm, MPI_Errhandler errhandler))
PIMNIC_MPI_FN(int, Errhandler_get, (MPI_Comm comm, MPI_Errhandler *errhandler))
PIMNIC_MPI_FN(int, Comm_create_errhandler, (MPI_Comm_errhandler_function * function, MPI_Errhandler *errhandler))
PIMNIC_MPI_FN(int, Errhandler_create, (MPI_Handler_function * function, MPI_Errhandler *errhandler))
PIMNIC_MPI_FN(int, Errhandler_free, (MPI_Errhandler * errhandler))
PIMNIC_MPI_FN(int, Comm_call_errhandler, (MPI_Comm comm, int errorcode))
PIMNIC_MPI_FN(int, Error_string, (int errorcode, char *string, int *resultlen))
PIMNIC_MPI_FN(int, Error_class, (int errorcode, int *errorclass))

/* point to point */
PIMNIC_MPI_FN(int, Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
PIMNIC_MPI_FN(int, Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
PIMNIC_MPI_FN(int, Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
PIMNIC_MPI_FN(int, Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
PIMNIC_MPI_FN(int, Ibsend,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Buffer_attach, (void *buffer, int size))
PIMNIC_MPI_FN(int, Buffer_detach, (void *buffer_addr, int *size))
PIMNIC_MPI_FN(int, Recv,
              (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status))
PIMNIC_MPI_FN(int, Isend,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Issend,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Irsend,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Irecv,
              (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Sendrecv,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status))
PIMNIC_MPI_FN(int, Sendrecv_replace,
              (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
               MPI_Comm comm, MPI_Status *status))
PIMNIC_MPI_FN(int, Wait, (MPI_Request * request, MPI_Status *status))
PIMNIC_MPI_FN(int, Waitall, (int count, MPI_Request array_of_requests[], MPI_Status *array_of_statuses))
PIMNIC_MPI_FN(int, Waitany, (int count, MPI_Request array_of_requests[], int *index, MPI_Status *status))
PIMNIC_MPI_FN(int, Waitsome,
              (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
               MPI_Status *array_of_statuses))
PIMNIC_MPI_FN(int, Test, (MPI_Request * request, int *flag, MPI_Status *status))
PIMNIC_MPI_FN(int, Testall, (int count, MPI_Request array_of_requests[], int *flag, MPI_Status *array_of_statuses))
PIMNIC_MPI_FN(int, Testany,
              (int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status))
PIMNIC_MPI_FN(int, Testsome,
              (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
               MPI_Status *array_of_statuses))
PIMNIC_MPI_FN(int, Send_init,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Ssend_init,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Rsend_init,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Recv_init,
              (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request))
PIMNIC_MPI_FN(int, Start, (MPI_Request * request))
PIMNIC_MPI_FN(int, Startall, (int count, MPI_Request array_of_requests[]))
PIMNIC_MPI_FN(int, Request_free, (MPI_Request * request))
PIMNIC_MPI_FN(int, Request_get_status, (MPI_Request request, int *flag, MPI_Status *status))
PIMNIC_MPI_FN(int, Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status))
PIMNIC_MPI_FN(int, Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status))
PIMNIC_MPI_FN(int, Get_count, (const MPI_Status *status, MPI_Datatype datatype, int *count))
PIMNIC_MPI_FN(int, Get_elements, (const MPI_Status *status, MPI_Datatype datatype, int *count))
PIMNIC_MPI_FN(int, Cancel, (MPI_Request * request))
PIMNIC_MPI_FN(int, Test_cancelled, (const MPI_Status *status, int *flag))

/* datatypes and operations */
PIMNIC_MPI_FN(int, Type_size, (MPI_Datatype datatype, int *size))
PIMNIC_MPI_FN(int, Type_contiguous, (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_vector, (int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_hvector,
              (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_hvector,
              (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_indexed,
              (int count, const int blocklengths[], const int displacements[], MPI_Datatype oldtype,
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_hindexed,
              (int count, const int blocklengths[], const MPI_Aint displacements[], MPI_Datatype oldtype,
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_hindexed,
              (int count, const int blocklengths[], const MPI_Aint displacements[], MPI_Datatype oldtype,
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_indexed_block,
              (int count, int blocklength, const int displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_hindexed_block,
              (int count, int blocklength, const MPI_Aint displacements[], MPI_Datatype oldtype,
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_struct,
              (int count, const int blocklengths[], const MPI_Aint displacements[], const MPI_Datatype types[],
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_struct,
              (int count, const int blocklengths[], const MPI_Aint displacements[], const MPI_Datatype types[],
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_resized, (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_commit, (MPI_Datatype * datatype))
PIMNIC_MPI_FN(int, Type_free, (MPI_Datatype * datatype))
PIMNIC_MPI_FN(int, Type_get_true_extent, (MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent))
PIMNIC_MPI_FN(int, Type_lb, (MPI_Datatype datatype, MPI_Aint *displacement))
PIMNIC_MPI_FN(int, Type_ub, (MPI_Datatype datatype, MPI_Aint *displacement))
PIMNIC_MPI_FN(int, Get_address, (const void *location, MPI_Aint *address))
PIMNIC_MPI_FN(int, Address, (void *location, MPI_Aint *address))
PIMNIC_MPI_FN(int, Pack,
              (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position,
               MPI_Comm comm))
PIMNIC_MPI_FN(int, Unpack,
              (const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype,
               MPI_Comm comm))
PIMNIC_MPI_FN(int, Pack_size, (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))
PIMNIC_MPI_FN(int, Type_get_extent, (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
PIMNIC_MPI_FN(int, Type_extent, (MPI_Datatype datatype, MPI_Aint *extent))
PIMNIC_MPI_FN(int, Op_create, (MPI_User_function * user_fn, int commute, MPI_Op *op))
PIMNIC_MPI_FN(int, Op_free, (MPI_Op * op))
PIMNIC_MPI_FN(int, Op_commutative, (MPI_Op op, int *commute))
PIMNIC_MPI_FN(int, Reduce_local,
              (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op))

/* collectives */
PIMNIC_MPI_FN(int, Barrier, (MPI_Comm comm))
PIMNIC_MPI_FN(int, Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
PIMNIC_MPI_FN(int, Reduce,
              (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm))
PIMNIC_MPI_FN(int, Allreduce,
              (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_FN(int, Reduce_scatter,
              (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm))
PIMNIC_MPI_FN(int, Scan,
              (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_FN(int, Exscan,
              (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_FN(int, Gather,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_FN(int, Gatherv,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
               const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_FN(int, Scatter,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_FN(int, Scatterv,
              (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_FN(int, Allgather,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_FN(int, Allgatherv,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
               const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_FN(int, Alltoall,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_FN(int, Alltoallv,
              (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
               const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))

/* intercommunicators */
PIMNIC_MPI_FN(int, Intercomm_create,
              (MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
               MPI_Comm *newintercomm))
PIMNIC_MPI_FN(int, Intercomm_merge, (MPI_Comm intercomm, int high, MPI_Comm *newintracomm))
PIMNIC_MPI_FN(int, Comm_remote_size, (MPI_Comm comm, int *size))
PIMNIC_MPI_FN(int, Comm_remote_group, (MPI_Comm comm, MPI_Group *group))
PIMNIC_MPI_FN(int, Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Comm_idup, (MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request))
PIMNIC_MPI_FN(int, Type_set_name, (MPI_Datatype datatype, const char *name))
PIMNIC_MPI_FN(int, Type_get_name, (MPI_Datatype datatype, char *name, int *resultlen))
PIMNIC_MPI_FN(int, Type_match_size, (int typeclass, int size, MPI_Datatype *datatype))
PIMNIC_MPI_FN(int, Type_create_keyval,
              (MPI_Type_copy_attr_function * type_copy_attr_fn, MPI_Type_delete_attr_function *type_delete_attr_fn,
               int *type_keyval, void *extra_state))
PIMNIC_MPI_FN(int, Type_free_keyval, (int *type_keyval))
PIMNIC_MPI_FN(int, Type_set_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val))
PIMNIC_MPI_FN(int, Type_get_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag))
PIMNIC_MPI_FN(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))
PIMNIC_MPI_FN(int, Type_create_subarray,
              (int ndims, const int sizes[], const int subsizes[], const int starts[], int order, MPI_Datatype oldtype,
               MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Type_create_darray,
              (int size, int rank, int ndims, const int gsizes[], const int distribs[], const int dargs[],
               const int psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype))
PIMNIC_MPI_FN(int, Get_library_version, (char *version, int *resultlen))
PIMNIC_MPI_FN(int, Comm_split_type, (MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Comm_dup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
PIMNIC_MPI_FN(int, Comm_idup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request))
PIMNIC_MPI_FN(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
PIMNIC_MPI_FN(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info))
PIMNIC_MPI_FN(int, Graph_create,
              (MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm *comm_graph))
PIMNIC_MPI_FN(int, Graphdims_get, (MPI_Comm comm, int *nnodes, int *nedges))
PIMNIC_MPI_FN(int, Graph_get, (MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]))
PIMNIC_MPI_FN(int, Graph_neighbors_count, (MPI_Comm comm, int rank, int *nneighbors))
PIMNIC_MPI_FN(int, Graph_neighbors, (MPI_Comm comm, int rank, int maxneighbors, int neighbors[]))
PIMNIC_MPI_FN(int, Graph_map, (MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank))
PIMNIC_MPI_FN(int, Cart_map, (MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank))
PIMNIC_MPI_FN(int, Type_get_envelope,
              (MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner))
PIMNIC_MPI_FN(int, Type_get_contents,
              (MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes, int integers[],
               MPI_Aint addresses[], MPI_Datatype datatypes[]))
PIMNIC_MPI_FN(int, Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status))
PIMNIC_MPI_FN(int, Improbe,
              (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status))
PIMNIC_MPI_FN(int, Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status))
PIMNIC_MPI_FN(int, Imrecv,
              (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request))
PIMNIC_MPI_FN(MPI_Fint, Message_c2f, (MPI_Message message))
PIMNIC_MPI_FN(MPI_Message, Message_f2c, (MPI_Fint message))
PIMNIC_MPI_FN(int, Status_set_elements, (MPI_Status *status, MPI_Datatype datatype, int count))
PIMNIC_MPI_FN(int, Status_set_elements_x, (MPI_Status *status, MPI_Datatype datatype, MPI_Count count))
PIMNIC_MPI_FN(int, Status_set_cancelled, (MPI_Status *status, int flag))
PIMNIC_MPI_FN(int, Get_elements_x, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
PIMNIC_MPI_FN(int, Comm_disconnect, (MPI_Comm *comm))
PIMNIC_MPI_FN(int, Buffer_flush, (void))
PIMNIC_MPI_FN(int, Buffer_iflush, (MPI_Request *request))
PIMNIC_MPI_FN(int, Pack_external,
              (const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf,
               MPI_Aint outsize, MPI_Aint *position))
PIMNIC_MPI_FN(int, Unpack_external,
              (const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf,
               int outcount, MPI_Datatype datatype))
PIMNIC_MPI_FN(int, Pack_external_size, (const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size))
PIMNIC_MPI_FN(int, Send_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
PIMNIC_MPI_FN(int, Recv_c,
              (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Status *status))
PIMNIC_MPI_FN(int, Isend_c,
              (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Irecv_c,
              (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request))
PIMNIC_MPI_FN(int, Get_count_c, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))

/* point to point as tasks */
PIMNIC_MPI_FN(int, Isendrecv,
              (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request))
PIMNIC_MPI_FN(int, Isendrecv_replace,
              (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
               MPI_Comm comm, MPI_Request *request))
PIMNIC_MPI_FN(int, Bsend_init,
              (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request))

/* info objects */
PIMNIC_MPI_FN(int, Info_create, (MPI_Info *info))
PIMNIC_MPI_FN(int, Info_free, (MPI_Info *info))
PIMNIC_MPI_FN(int, Info_dup, (MPI_Info info, MPI_Info *newinfo))
PIMNIC_MPI_FN(int, Info_set, (MPI_Info info, const char *key, const char *value))
PIMNIC_MPI_FN(int, Info_get, (MPI_Info info, const char *key, int valuelen, char *value, int *flag))
PIMNIC_MPI_FN(int, Info_get_string, (MPI_Info info, const char *key, int *buflen, char *value, int *flag))
PIMNIC_MPI_FN(int, Info_get_valuelen, (MPI_Info info, const char *key, int *valuelen, int *flag))
PIMNIC_MPI_FN(int, Info_delete, (MPI_Info info, const char *key))
PIMNIC_MPI_FN(int, Info_get_nkeys, (MPI_Info info, int *nkeys))
PIMNIC_MPI_FN(int, Info_get_nthkey, (MPI_Info info, int n, char *key))

/* more collectives; the nonblocking and persistent forms of every collective */
PIMNIC_MPI_FN(int, Alltoallw,
              (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
               void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
               MPI_Comm comm))
PIMNIC_MPI_FN(int, Reduce_scatter_block,
              (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
#define PIMNIC_MPI_COLL(Name, name, params)                                         \
  PIMNIC_MPI_FN(int, I##name, (PIMNIC_MPI_UNPAREN params, MPI_Request *request)) \
  PIMNIC_MPI_FN(int, Name##_init, (PIMNIC_MPI_UNPAREN params, MPI_Info info, MPI_Request *request))
#define PIMNIC_MPI_UNPAREN(...) __VA_ARGS__
PIMNIC_MPI_COLL(Barrier, barrier, (MPI_Comm comm))
PIMNIC_MPI_COLL(Bcast, bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
PIMNIC_MPI_COLL(Reduce, reduce,
                (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                 MPI_Comm comm))
PIMNIC_MPI_COLL(Allreduce, allreduce,
                (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_COLL(Reduce_scatter, reduce_scatter,
                (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm))
PIMNIC_MPI_COLL(Reduce_scatter_block, reduce_scatter_block,
                (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_COLL(Scan, scan,
                (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_COLL(Exscan, exscan,
                (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
PIMNIC_MPI_COLL(Gather, gather,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_COLL(Gatherv, gatherv,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_COLL(Scatter, scatter,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_COLL(Scatterv, scatterv,
                (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
PIMNIC_MPI_COLL(Allgather, allgather,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_COLL(Allgatherv, allgatherv,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_COLL(Alltoall, alltoall,
                (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_COLL(Alltoallv, alltoallv,
                (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
PIMNIC_MPI_COLL(Alltoallw, alltoallw,
                (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                 void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                 MPI_Comm comm))
#undef PIMNIC_MPI_COLL
#undef PIMNIC_MPI_UNPAREN

#undef PIMNIC_MPI_FN

#ifdef __cplusplus
}
#endif
#endif /* PIMNIC_MPI_H */
