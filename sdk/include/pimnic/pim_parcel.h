/* Parcels and traveling threads on PIM NICs (docs/isa/pim.md, "Parcels"). Every node runs the same
 * image, so a function's address names the same handler everywhere. A handler runs on a new
 * hardware thread of the destination with up to seven word arguments, on a stack of its own
 * (PIM_PARCEL_STACK bytes per thread context), after the payload has landed; it ends when it
 * returns. pim_migrate moves a handler thread (registers and live stack) to another node. */
#ifndef PIMNIC_PIM_PARCEL_H
#define PIMNIC_PIM_PARCEL_H

#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/pim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PIM_PARCEL_STACK 2048u
#define PIM_PARCEL_CONTEXTS 64u /* thread contexts of all PIM cores of a NIC, each with a stack */

typedef void (*pim_parcel_handler)(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5,
                                   uint32_t a6);

/* The descriptor `parcel` reads (memmap.h PARCEL_DESC_*). */
struct pim_parcel_desc {
  uint32_t node, handler, payload, length, dest;
  uint32_t regs[8]; /* r3..r10 */
};

/* Run fn(args[0..6]) on `node` after copying len bytes from payload to dest there (len may be 0).
 * Returns 0 when sent, -1 when refused (bad node, payload above NET_MAX_PAYLOAD - 32). */
int pim_parcel_send(uint32_t node, pim_parcel_handler fn, const uint32_t args[7], const void* payload, uint32_t len,
                    void* dest);
/* Continue the calling handler thread on `node`; returns 0 there. Returns -1 (and stays) if
 * refused or if the caller is not a parcel handler thread. */
int pim_migrate(uint32_t node);

#ifdef __cplusplus
}
#endif
#endif
