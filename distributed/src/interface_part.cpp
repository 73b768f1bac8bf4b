// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/distributed/interface_part.hpp"

#include <algorithm>

#include "fecontact/detail/assert.hpp"

namespace fecontact {

DistributedInterface interface_part(const ContactInterface& whole, std::span<const int> master_rank,
                                    std::span<const int> slave_rank, int rank) {
  FECONTACT_ASSERT(master_rank.size() == whole.master.faces.size(), "interface_part: one rank per master face");
  DistributedInterface part;
  part.mode = whole.mode;
  part.options = whole.options;
  for (std::size_t f = 0; f < whole.master.faces.size(); ++f)
    if (master_rank[f] == rank) {
      part.master.faces.push_back(whole.master.faces[f]);
      part.master_ids.push_back(static_cast<GlobalId>(f));
    }
  if (whole.mode == ContactMode::surface_to_surface) {
    FECONTACT_ASSERT(slave_rank.size() == whole.slave.faces.size(), "interface_part: one rank per slave face");
    for (std::size_t f = 0; f < whole.slave.faces.size(); ++f)
      if (slave_rank[f] == rank) {
        part.slave.faces.push_back(whole.slave.faces[f]);
        part.slave_ids.push_back(static_cast<GlobalId>(f));
      }
  }
  if (whole.mode == ContactMode::node_to_surface) {
    std::vector<Index> slaves = whole.slave_nodes;
    std::sort(slaves.begin(), slaves.end());
    slaves.erase(std::unique(slaves.begin(), slaves.end()), slaves.end());
    FECONTACT_ASSERT(slave_rank.size() == slaves.size(), "interface_part: one rank per slave node");
    for (std::size_t k = 0; k < slaves.size(); ++k)
      if (slave_rank[k] == rank) part.slave_nodes.push_back(slaves[k]);
  }
  return part;
}

}  // namespace fecontact
