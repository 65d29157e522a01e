#include "port.h"

#include <cstring>

namespace nic {

void Port::init(uint8_t (*buffers)[kMaxFragment + 32]) {
  pimnic_net_init(&net_, tx_ring_, kTxRing, rx_ring_, kRxRing, &buffers[0][0], kMaxFragment + 32);
  for (uint32_t i = 0; i < kRxSpare; ++i) spare_[i] = uint32_t(uintptr_t(buffers[kRxRing + i]));
  spares_ = kRxSpare;
  node_ = pimnic_net_node();
  max_payload_ = pimnic_net_max_payload();
  if (max_payload_ > kMaxFragment) max_payload_ = kMaxFragment;
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_IRQ_ENABLE, 3);  // sent or received: wakes the idle core
}

uint32_t Port::send_header(uint32_t dst, const void* header, uint32_t payload, uint32_t length) {
  uint32_t words[PIMNIC_NET_HEADER_WORDS];
  __builtin_memcpy(words, header, sizeof words);  // eight word moves (a freestanding memcpy call is a byte loop)
  return pimnic_net_send(&net_, dst, words, payload, length);
}

uint32_t Port::hold() {
  if (!spares_) return 0;
  struct pimnic_net_rxdesc* d = &net_.rx[net_.rx_head & (net_.rx_entries - 1)];
  const uint32_t kept = d->buffer;
  d->buffer = spare_[--spares_];
  return kept;
}

}  // namespace nic
