/* Everything the SDK offers firmware, in one include. */
#ifndef PIMNIC_SDK_H
#define PIMNIC_SDK_H
#include "pimnic/memmap.h"
#include "pimnic/cpu.h"
#include "pimnic/mmio.h"
#include "pimnic/console.h"
#include "pimnic/exit.h"
#include "pimnic/sysinfo.h"
#include "pimnic/exceptions.h"
#include "pimnic/heap.h"
#include "pimnic/args.h"
#endif
