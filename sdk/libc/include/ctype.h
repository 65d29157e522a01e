/* Freestanding <ctype.h>: the C locale (ASCII); EOF and values above 127 are in no class. */
#ifndef _PIMNIC_CTYPE_H
#define _PIMNIC_CTYPE_H
#include "_pimnic_cdefs.h"

__PIMNIC_BEGIN_DECLS

int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);

__PIMNIC_END_DECLS
#endif
