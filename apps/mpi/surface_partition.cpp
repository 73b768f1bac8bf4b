// SPDX-License-Identifier: BSD-3-Clause
#include "surface_partition.hpp"

#include <algorithm>

#include <metis.h>

#include "fecontact/contact/face_adjacency.hpp"

namespace fecontact::cli {
namespace {

// METIS k-way on the faces of `surfaces` (one graph, no link between surfaces), with one
// balance constraint per surface; round-robin when METIS cannot (fewer faces than parts).
std::vector<int> partition_faces(const std::vector<const Surface*>& surfaces, int ranks) {
  std::vector<idx_t> xadj{0}, adjncy, weights;
  idx_t first = 0;
  const auto constraints = static_cast<idx_t>(surfaces.size());
  for (std::size_t s = 0; s < surfaces.size(); ++s) {
    const CompressedRows adjacency = face_adjacency(*surfaces[s]);
    for (Index f = 0; f < adjacency.size(); ++f) {
      for (const Index g : adjacency.row(f)) adjncy.push_back(first + g);
      xadj.push_back(static_cast<idx_t>(adjncy.size()));
      for (std::size_t c = 0; c < surfaces.size(); ++c) weights.push_back(c == s ? 1 : 0);
    }
    first += surfaces[s]->size();
  }
  idx_t vertices = first;
  std::vector<idx_t> part(static_cast<std::size_t>(vertices), 0);
  if (ranks == 1 || vertices == 0) return {part.begin(), part.end()};
  idx_t ncon = constraints, nparts = ranks, cut = 0;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = 1;
  const int status = vertices < nparts ? METIS_ERROR
                                       : METIS_PartGraphKway(&vertices, &ncon, xadj.data(), adjncy.data(), weights.data(),
                                                             nullptr, nullptr, &nparts, nullptr, nullptr, options, &cut,
                                                             part.data());
  if (status != METIS_OK)
    for (idx_t v = 0; v < vertices; ++v) part[static_cast<std::size_t>(v)] = v % nparts;
  return {part.begin(), part.end()};
}

}  // namespace

SurfacePartition partition_interface(const ContactInterface& in, const Surface& slave_faces, int ranks) {
  const Surface& slave = in.mode == ContactMode::surface_to_surface ? in.slave : slave_faces;
  std::vector<const Surface*> surfaces{&in.master};
  if (in.mode != ContactMode::self && !slave.faces.empty()) surfaces.push_back(&slave);
  const std::vector<int> part = partition_faces(surfaces, ranks);
  SurfacePartition p;
  p.master.assign(part.begin(), part.begin() + in.master.size());
  const std::vector<int> slave_part(part.begin() + in.master.size(), part.end());
  if (in.mode == ContactMode::surface_to_surface) p.slave = slave_part;
  if (in.mode != ContactMode::node_to_surface) return p;
  for (std::size_t k = 0; k < in.slave_nodes.size(); ++k) p.slave.push_back(static_cast<int>(k % static_cast<std::size_t>(ranks)));
  std::vector<char> placed(in.slave_nodes.size(), 0);
  for (std::size_t f = 0; f < slave_part.size(); ++f)
    for (const Index n : slave.faces[f].nodes()) {
      const auto at = std::lower_bound(in.slave_nodes.begin(), in.slave_nodes.end(), n) - in.slave_nodes.begin();
      if (at == std::ssize(in.slave_nodes) || in.slave_nodes[static_cast<std::size_t>(at)] != n || placed[static_cast<std::size_t>(at)])
        continue;
      placed[static_cast<std::size_t>(at)] = 1;
      p.slave[static_cast<std::size_t>(at)] = slave_part[f];
    }
  return p;
}

}  // namespace fecontact::cli
