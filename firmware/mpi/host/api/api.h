// Included by the files that define mpi.h's functions. Each function is defined as PMPI_<name>
// (extern "C"); MPI_<name> is a weak alias of it, so that a profiling library may define
// MPI_<name> itself and call PMPI_<name> (the standard's profiling interface).
#pragma once
#include "mpi.h"

#define PIMNIC_MPI_ALIAS(name) extern "C" __typeof__(P##name) name __attribute__((weak, alias("P" #name)));
