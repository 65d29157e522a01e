/* Shared by the golden-trace programs: tiny bare-metal images in assembly (no SDK runtime), so
 * that their traces depend only on the assembler and on pimnic. */
#include <pimnic/memmap.h>

/* The profile the image boots on (`pimnic run` reads this section). */
#define PROFILE(name) .pushsection .pimnic.profile, "", @progbits; .asciz name; .popsection

/* Write the low byte of %r3 to the console; exit with %r3. Clobber %r31. */
#define PUTC lis %r31, PIMNIC_CONSOLE_BASE@ha; stw %r3, (PIMNIC_CONSOLE_BASE + CONSOLE_TX)@l(%r31)
#define EXIT lis %r31, PIMNIC_EXIT_BASE@ha; stw %r3, (PIMNIC_EXIT_BASE + EXIT_CODE)@l(%r31); b .
