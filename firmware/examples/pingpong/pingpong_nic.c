/* Ping-pong NIC firmware (conventional NIC core): serves the host's commands (protocol.h).
 * SEND: per fragment of at most the port's maximum payload, DMA host -> SRAM staging buffer,
 * then hand it to the network port. RECV: posted receives are matched in order with arriving
 * messages; each fragment goes SRAM -> host by DMA at its offset; the last one completes.
 * Trace markers (pimnic/trace.h) name what a trace of a ping-pong run shows: "header arrived"
 * (the source node), "match found" and "message received" (the tag), and a "send" span. */
#include <pimnic/dma.h>
#include <pimnic/host_interface.h>
#include <pimnic/net.h>
#include <pimnic/sysinfo.h>
#include <pimnic/trace.h>
#include <stdio.h>

#include "protocol.h"

#define RX_ENTRIES 16u
#define TX_ENTRIES 8u
#define STAGING 2u
#define FRAG_MAX 4096u

static struct pimnic_dma_desc h2n_ring[8] __attribute__((aligned(16)));
static struct pimnic_dma_desc n2h_ring[8] __attribute__((aligned(16)));
static struct pimnic_net_txdesc tx_ring[TX_ENTRIES] __attribute__((aligned(16)));
static struct pimnic_net_rxdesc rx_ring[RX_ENTRIES] __attribute__((aligned(16)));
static uint8_t rx_buffers[RX_ENTRIES][FRAG_MAX + 32] __attribute__((aligned(32)));
static uint8_t staging[STAGING][FRAG_MAX] __attribute__((aligned(32)));
static uint32_t staging_ticket[STAGING];
extern char _end[];

static struct pimnic_dma h2n, n2h;
static struct pimnic_net port;

/* Posted receives, matched per source node in posting order (messages from one source arrive in
 * order). Any node of the machine may be a source (the ring runs 1,024 nodes), so instead of a
 * table per source there is one pool of POSTED_MAX entries (the host never has more than
 * PP_CMD_ENTRIES commands without a completion) hashed by source into POSTED_BUCKETS FIFO chains:
 * about 1.4 KiB of SRAM for any number of nodes, and with at most POSTED_BUCKETS nodes every
 * chain holds one source, so the entry a packet needs is its chain's first. */
#define POSTED_MAX PP_CMD_ENTRIES
#define POSTED_BUCKETS 64u /* power of two */
#define POSTED_NONE 0xFFu
struct posted_recv {
  uint32_t host_addr, length, tag, src;
  uint8_t next;
};
static struct posted_recv posted[POSTED_MAX];
static uint8_t bucket_head[POSTED_BUCKETS], bucket_tail[POSTED_BUCKETS], free_list;
static uint32_t node_count;

static void posted_init(void) {
  for (uint32_t i = 0; i < POSTED_BUCKETS; ++i) bucket_head[i] = bucket_tail[i] = POSTED_NONE;
  for (uint32_t i = 0; i < POSTED_MAX; ++i) posted[i].next = (uint8_t)(i + 1 < POSTED_MAX ? i + 1 : POSTED_NONE);
  free_list = 0;
}
/* Append a receive to its source's chain; 0 if the pool is full. */
static int posted_add(const struct pp_cmd* c) {
  uint8_t e = free_list;
  if (e == POSTED_NONE) return 0;
  free_list = posted[e].next;
  posted[e] = (struct posted_recv){c->host_addr, c->length, c->tag, c->peer, POSTED_NONE};
  uint32_t b = c->peer & (POSTED_BUCKETS - 1);
  if (bucket_head[b] == POSTED_NONE) bucket_head[b] = e;
  else posted[bucket_tail[b]].next = e;
  bucket_tail[b] = e;
  return 1;
}
/* The oldest receive posted for src, or POSTED_NONE; *prev gets its predecessor in the chain. */
static uint8_t posted_find(uint32_t src, uint8_t* prev) {
  uint8_t p = POSTED_NONE;
  for (uint8_t e = bucket_head[src & (POSTED_BUCKETS - 1)]; e != POSTED_NONE; p = e, e = posted[e].next)
    if (posted[e].src == src) {
      *prev = p;
      return e;
    }
  return POSTED_NONE;
}
static void posted_remove(uint8_t e, uint8_t prev) {
  uint32_t b = posted[e].src & (POSTED_BUCKETS - 1);
  if (prev == POSTED_NONE) bucket_head[b] = posted[e].next;
  else posted[prev].next = posted[e].next;
  if (bucket_tail[b] == e) bucket_tail[b] = prev;
  posted[e].next = free_list;
  free_list = e;
}

static void do_send(const struct pp_cmd* c, uint32_t frag_max) {
  uint32_t off = 0, k = 0;
  do {
    uint32_t n = c->length - off < frag_max ? c->length - off : frag_max;
    /* The staging buffer is free once the packet that used it has left the port. */
    while ((int32_t)(pimnic_mmio_read32(PIMNIC_NET_BASE + NET_TX_HEAD) - staging_ticket[k]) <= 0 &&
           staging_ticket[k] != 0xFFFFFFFFu) {
    }
    if (n) pimnic_dma_wait(&h2n, pimnic_dma_post(&h2n, c->host_addr + off, (uint32_t)(uintptr_t)staging[k], n));
    uint32_t header[PIMNIC_NET_HEADER_WORDS] = {PP_MAGIC, c->tag, c->length, off};
    staging_ticket[k] = pimnic_net_send(&port, c->peer, header, (uint32_t)(uintptr_t)staging[k], n);
    off += n;
    k = (k + 1) % STAGING;
  } while (off < c->length);
  pimnic_hif_complete(PP_SENT, c->tag, c->length, c->peer);
}

/* One arrived fragment for the oldest receive posted for its source, posted[e] (the caller found it). */
static void do_receive(struct pimnic_net_rxdesc* d, uint8_t e, uint8_t prev) {
  const uint32_t* h = (const uint32_t*)(uintptr_t)d->buffer;
  const uint32_t s = d->src_node;
  pimnic_trace_mark_value("match found", h[PP_H_TAG]);
  const struct posted_recv* r = &posted[e];
  uint32_t msg_len = h[PP_H_MSG_LEN], off = h[PP_H_OFFSET], n = d->payload_len;
  if (h[PP_H_MAGIC] != PP_MAGIC || off + n > r->length) {
    printf("pingpong-nic: bad fragment (magic %08x, offset %u, length %u, posted %u)\n", (unsigned)h[PP_H_MAGIC],
           (unsigned)off, (unsigned)n, (unsigned)r->length);
    pimnic_hif_complete(0, 0, 0, 0);
  } else if (n) {
    pimnic_dma_wait(&n2h, pimnic_dma_post(&n2h, r->host_addr + off, d->buffer + 32, n));
  }
  const uint32_t tag = h[PP_H_TAG];
  pimnic_net_release(&port);
  if (off + n >= msg_len) {
    posted_remove(e, prev);
    pimnic_hif_complete(PP_RECEIVED, tag, msg_len, s);
    pimnic_trace_mark_value("message received", tag);
  }
}

int main(void) {
  if ((uintptr_t)_end > PP_CMD_RING_SRAM) {
    printf("pingpong-nic: image too large for the command ring at 0x%x\n", (unsigned)PP_CMD_RING_SRAM);
    return 1;
  }
  pimnic_dma_init(&h2n, PIMNIC_DMA_H2N_BASE, h2n_ring, 8);
  pimnic_dma_init(&n2h, PIMNIC_DMA_N2H_BASE, n2h_ring, 8);
  pimnic_net_init(&port, tx_ring, TX_ENTRIES, rx_ring, RX_ENTRIES, &rx_buffers[0][0], FRAG_MAX + 32);
  for (uint32_t k = 0; k < STAGING; ++k) staging_ticket[k] = 0xFFFFFFFFu;
  posted_init();
  node_count = pimnic_node_count();
  uint32_t frag_max = pimnic_net_max_payload();
  if (frag_max > FRAG_MAX) frag_max = FRAG_MAX;
  const volatile struct pp_cmd* ring = (const volatile struct pp_cmd*)(uintptr_t)PP_CMD_RING_SRAM;
  struct pimnic_net_rxdesc* last_seen = 0;
  for (;;) {
    if (pimnic_hif_doorbells()) {
      uint32_t seq = pimnic_hif_pop_doorbell();
      const volatile struct pp_cmd* v = &ring[seq % PP_CMD_ENTRIES];
      struct pp_cmd c = {v->op, v->host_addr, v->length, v->peer, v->tag, {0, 0, 0}};
      if (c.op == PP_SEND) {
        pimnic_trace_begin("send");
        do_send(&c, frag_max);
        pimnic_trace_end();
      }
      else if (c.op != PP_RECV || c.peer >= node_count || !posted_add(&c))
        pimnic_hif_complete(0, c.tag, 0, c.peer); /* refused: the host sees an unexpected completion */
    }
    /* The oldest packet waits until a receive from its source is posted (the host posts them). */
    struct pimnic_net_rxdesc* d = pimnic_net_poll(&port);
    if (d && d != last_seen) {  /* a packet's header, looked at for the first time */
      pimnic_trace_mark_value("header arrived", d->src_node);
      last_seen = d;
    }
    uint8_t e, prev;
    if (d && (e = posted_find(d->src_node, &prev)) != POSTED_NONE) {
      do_receive(d, e, prev);
      last_seen = 0;  /* (its descriptor is the engine's again) */
    }
  }
}
