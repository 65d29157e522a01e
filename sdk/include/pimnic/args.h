/* Boot arguments: `pimnic run IMAGE.elf ARGS...` hands the image an argument vector through the
 * sysinfo page (SYSINFO_ARGS), as semihosting's command line does on other simulators.
 *   int main(void) { char** argv; int argc = pimnic_args(&argv); ... }
 * argv[0] is the image's path as given to pimnic; argv[argc] is NULL. Without arguments (a
 * multi-node machine, an old pimnic) argc is 0 and argv points at a NULL. */
#ifndef PIMNIC_ARGS_H
#define PIMNIC_ARGS_H

int pimnic_args(char*** argv);

#endif
