/* The console device: guest text to the simulator's stdout. */
#ifndef PIMNIC_CONSOLE_H
#define PIMNIC_CONSOLE_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void pimnic_console_putc(char c);
/* Writes len bytes with one device transfer (the device reads the buffer from memory). */
void pimnic_console_write(const char* buf, size_t len);
void pimnic_console_puts(const char* s); /* no newline added */

#ifdef __cplusplus
}
#endif
#endif
