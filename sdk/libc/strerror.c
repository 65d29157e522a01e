/* strerror for the errno values the SDK itself sets. */
#include <errno.h>
#include <string.h>

int errno;

char* strerror(int e) {
  switch (e) {
    case 0: return "Success";
    case EPERM: return "Operation not permitted";
    case ENOENT: return "No such file or directory";
    case EIO: return "Input/output error";
    case EBADF: return "Bad file descriptor";
    case ENOMEM: return "Cannot allocate memory";
    case EFAULT: return "Bad address";
    case EBUSY: return "Device or resource busy";
    case EINVAL: return "Invalid argument";
    case ENOSPC: return "No space left on device";
    case EDOM: return "Numerical argument out of domain";
    case ERANGE: return "Numerical result out of range";
    case ENOSYS: return "Function not implemented";
    case EOVERFLOW: return "Value too large for defined data type";
    default: return "Unknown error";
  }
}
