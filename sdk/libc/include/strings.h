/* <strings.h>: the case-insensitive comparisons, declared in <string.h>. */
#ifndef _PIMNIC_STRINGS_H
#define _PIMNIC_STRINGS_H
#include <string.h>
#endif
