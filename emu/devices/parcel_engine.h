// The parcel engine of a PIM NIC (docs/isa/pim.md, "Parcels"): sends what its PIM cores' `parcel`
// and `migrate` instructions describe over the network and, on the receiving node, starts a
// hardware thread for each arrival: the parcel's handler, or the migrated thread itself. Arrivals
// that find no free thread context wait in a FIFO and are retried.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "mem/address_space.h"
#include "net/packet.h"
#include "sim/event_queue.h"
#include "sim/parcel_port.h"
#include "sim/thread_contexts.h"

namespace pimnic {
class StatRegistry;
namespace net {
class Network;
}

class ParcelEngine : public ParcelPort {
 public:
  ParcelEngine(uint32_t node, EventQueue& events, net::Network& net, std::vector<ThreadContexts*> cores,
               AddressSpace& mem, Tick bus);
  bool send_parcel(uint32_t desc, Tick time) override;
  bool migrate(const Migration& m) override;
  // A packet on the parcel channel arrived for this node.
  void deliver(net::Packet&& p);
  void register_stats(StatRegistry& s, const std::string& prefix);

 private:
  bool start(const net::Packet& p);  // false: no free context yet
  void drain_pending();
  void send(net::Packet&& p, Tick time);

  uint32_t node_;
  EventQueue& events_;
  net::Network& net_;
  std::vector<ThreadContexts*> cores_;
  AddressSpace& mem_;
  Tick bus_;
  std::deque<net::Packet> pending_;
  bool retry_scheduled_ = false;
  uint64_t parcels_sent_ = 0, parcels_run_ = 0, migrations_out_ = 0, migrations_in_ = 0, rejected_ = 0;
  uint64_t waits_ = 0, max_pending_ = 0;
};

}  // namespace pimnic
