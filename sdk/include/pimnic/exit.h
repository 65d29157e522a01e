/* The exit device: stops the machine; the code (low 8 bits) becomes pimnic's exit status. */
#ifndef PIMNIC_EXIT_H
#define PIMNIC_EXIT_H

#ifdef __cplusplus
extern "C" {
#endif

/* Stops at once: no atexit handlers, no destructors (exit() in <stdlib.h> runs those first). */
__attribute__((noreturn)) void pimnic_exit(int code);

#ifdef __cplusplus
}
#endif
#endif
