/* <errno.h>: one errno for the whole image (the SDK is single-threaded per image; PIM threads must
 * not rely on it). Values follow Linux so that messages read the same. */
#ifndef _PIMNIC_ERRNO_H
#define _PIMNIC_ERRNO_H
#include "_pimnic_cdefs.h"

__PIMNIC_BEGIN_DECLS
extern int errno;
__PIMNIC_END_DECLS

#define EPERM   1
#define ENOENT  2
#define EIO     5
#define EBADF   9
#define ENOMEM  12
#define EFAULT  14
#define EBUSY   16
#define EINVAL  22
#define ENOSPC  28
#define EDOM    33
#define ERANGE  34
#define ENOSYS  38
#define EOVERFLOW 75

#endif
