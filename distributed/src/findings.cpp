// SPDX-License-Identifier: BSD-3-Clause
// The coordinates of the items go to the ranks of the pattern; what the local searches find for
// them comes back to their owner, who merges it with its own findings: a node's contact is the
// closest face of all ranks' (equal distances: the lowest face id, the serial search's rule with
// ids for indices), its pairs the union of all ranks', in ascending order.
#include <algorithm>
#include <cmath>

#include "interface_state.hpp"

namespace fecontact::detail::distributed {
namespace {

using ContactFinding = InterfaceState::ContactFinding;
using PairFinding = InterfaceState::PairFinding;

// One results message per rank that sent ghosts, in sections of records each led by its count:
// [contacts][pairs], and with track_slip [previous faces] (slip.cpp).
void begin_results(InterfaceState& s) {
  const std::size_t sources = s.pattern.receive_ranks.size();
  s.results_out.resize(sources);
  s.record_counts.assign(sources, 0);
  s.section_at.assign(sources, 0);
  for (Message& message : s.results_out) {
    message.clear();
    put(message, std::uint32_t{0});
  }
}

void write_count(Message& message, std::size_t at, std::uint32_t count) {
  std::memcpy(message.data() + at, &count, sizeof count);
}

// Closes the open section of every message (its count written) and opens the next.
void begin_section(InterfaceState& s) {
  for (std::size_t i = 0; i < s.results_out.size(); ++i) {
    write_count(s.results_out[i], s.section_at[i], s.record_counts[i]);
    s.record_counts[i] = 0;
    s.section_at[i] = s.results_out[i].size();
    put(s.results_out[i], std::uint32_t{0});
  }
}

void end_sections(InterfaceState& s) {
  for (std::size_t i = 0; i < s.results_out.size(); ++i) write_count(s.results_out[i], s.section_at[i], s.record_counts[i]);
}

// The message of `ghost`'s owner, with one more record in it.
Message& record_for(InterfaceState& s, const Ghost& ghost) {
  const auto source = static_cast<std::size_t>(ghost.source);
  ++s.record_counts[source];
  put(s.results_out[source], ghost.position);
  return s.results_out[source];
}

// Contact k of the local search as the finding of `item`, its master nodes as global ids.
ContactFinding finding(const InterfaceState& s, Index item, const NodeContacts& c, std::size_t k) {
  ContactFinding f{item, s.master_ids[static_cast<std::size_t>(c.face[k])], s.rank, c.gap[k], c.normal[k], c.point[k],
                   c.local[k], c.feature[k], c.feature_index[k], c.tangent1[k], c.tangent2[k], {}, c.weights[k]};
  for (std::size_t i = 0; i < f.master_nodes.size(); ++i) {
    const Index node = c.master_nodes[k][i];
    f.master_nodes[i] = node < 0 ? GlobalId{-1} : s.node_ids[static_cast<std::size_t>(node)];
  }
  return f;
}

void put_contact(Message& m, const ContactFinding& f) {
  put(m, f.face);
  put(m, f.gap);
  put(m, f.normal);
  put(m, f.point);
  put(m, f.local);
  put(m, f.feature);
  put(m, f.feature_index);
  put(m, f.tangent1);
  put(m, f.tangent2);
  put(m, f.master_nodes);
  put(m, f.weights);
}

ContactFinding get_contact(MessageReader& m, Index item, int rank) {
  ContactFinding f{item, m.get<GlobalId>(), rank, m.get<double>(), {}, {}, {}, {}, 0, {}, {}, {}, {}};
  f.normal = m.get_vector<3>();
  f.point = m.get_vector<3>();
  f.local = m.get_vector<2>();
  f.feature = m.get<FaceFeature>();
  f.feature_index = m.get<int>();
  f.tangent1 = m.get_vector<3>();
  f.tangent2 = m.get_vector<3>();
  f.master_nodes = m.get<std::array<GlobalId, 9>>();
  f.weights = m.get<std::array<double, 9>>();
  return f;
}

// The ghost (index into pattern.ghosts) in slot face `face` of a local slave surface, or −1.
Index ghost_of_face(const InterfaceState& s, Index face) {
  for (std::size_t p = 1; p < pool_count; ++p)
    if (face >= s.first_face[p] && face < s.first_face[p] + s.capacity[p])
      return s.ghost_of_slot[p][static_cast<std::size_t>(face - s.first_face[p])];
  return -1;
}

bool shares_node(const InterfaceState& s, const Ghost& ghost, const SurfaceFace& face) {
  const int count = nodes_per_item(static_cast<std::size_t>(ghost.pool));
  for (int k = 0; k < count; ++k) {
    const GlobalId id = s.pattern.ghost_node_ids[static_cast<std::size_t>(ghost.node_ids_at + k)];
    for (const Index n : face.nodes())
      if (s.node_ids[static_cast<std::size_t>(n)] == id) return true;
  }
  return false;
}

// Node-to-surface: contacts and pairs of this rank's slave nodes kept, those of ghosts written.
void sort_node_findings(InterfaceState& s) {
  const InterfaceResult& r = s.local[0];
  const Index first_slot = s.first_node[0];
  const auto ghost_of_node = [&](Index node) {
    return node < first_slot ? -1 : s.ghost_of_slot[0][static_cast<std::size_t>(node - first_slot)];
  };
  for (std::size_t k = 0; k < r.contacts.size(); ++k) {
    const Index node = r.contacts.node[k];
    if (node < first_slot) {
      s.contact_findings.push_back(finding(s, s.item_of_node[static_cast<std::size_t>(node)], r.contacts, k));
    } else if (const Index g = ghost_of_node(node); g >= 0) {
      put_contact(record_for(s, s.pattern.ghosts[static_cast<std::size_t>(g)]), finding(s, -1, r.contacts, k));
    }
  }
  begin_section(s);
  for (std::size_t k = 0; k < r.pair_slave.size(); ++k) {
    const Index node = r.pair_slave[k];
    const GlobalId face = s.master_ids[static_cast<std::size_t>(r.pair_master[k])];
    if (node < first_slot) {
      s.pair_findings.push_back({s.item_of_node[static_cast<std::size_t>(node)], face, s.rank, r.pair_distance[k]});
    } else if (const Index g = ghost_of_node(node); g >= 0) {
      Message& m = record_for(s, s.pattern.ghosts[static_cast<std::size_t>(g)]);
      put(m, face);
      put(m, r.pair_distance[k]);
    }
  }
}

// track_slip: for each ghost node whose previous contact face is this rank's, that face's nodes
// at this step's coordinates (slip.cpp).
void write_previous_faces(InterfaceState& s) {
  begin_section(s);
  for (const Ghost& ghost : s.pattern.ghosts) {
    const Index face = ghost.previous_face < 0 ? -1 : own_face(s, ghost.previous_face);
    if (face < 0) continue;
    const FaceNodes nodes = gather_face_nodes(s.master.faces[static_cast<std::size_t>(face)], s.coordinates);
    Message& m = record_for(s, ghost);
    put(m, nodes.type);
    for (int i = 0; i < node_count(nodes.type); ++i) put(m, nodes.x[static_cast<std::size_t>(i)]);
  }
}

// Face pairs: those of this rank's faces kept, those of ghosts written. `across` marks the
// self-contact pairs of a ghost face with a face of this rank: reported by the rank of the
// higher id (the serial search's pair (lower, higher) measured in that order), not when the
// faces share a node.
void sort_pair_findings(InterfaceState& s, const InterfaceResult& r, Index owned, bool across) {
  for (std::size_t k = 0; k < r.pair_slave.size(); ++k) {
    const Index slave = r.pair_slave[k];
    const GlobalId master = s.master_ids[static_cast<std::size_t>(r.pair_master[k])];
    if (slave < owned) {
      s.pair_findings.push_back({slave, master, s.rank, r.pair_distance[k]});
      continue;
    }
    const Index g = ghost_of_face(s, slave);
    if (g < 0) continue;
    const Ghost& ghost = s.pattern.ghosts[static_cast<std::size_t>(g)];
    if (across && (ghost.id > master || shares_node(s, ghost, s.master.faces[static_cast<std::size_t>(r.pair_master[k])])))
      continue;
    Message& m = record_for(s, ghost);
    put(m, master);
    put(m, r.pair_distance[k]);
  }
}

void read_findings(InterfaceState& s) {
  const CommunicationPattern& pattern = s.pattern;
  for (std::size_t i = 0; i < pattern.send_ranks.size(); ++i) {
    const auto items = pattern.send_items.row(static_cast<Index>(i));
    const int rank = pattern.send_ranks[i];
    MessageReader m(s.results_in[i]);
    for (auto contacts = m.get<std::uint32_t>(); contacts > 0; --contacts) {
      const Index item = items[static_cast<std::size_t>(m.get<Index>())];
      s.contact_findings.push_back(get_contact(m, item, rank));
    }
    for (auto pairs = m.get<std::uint32_t>(); pairs > 0; --pairs) {
      const Index item = items[static_cast<std::size_t>(m.get<Index>())];
      const GlobalId master = m.get<GlobalId>();
      s.pair_findings.push_back({item, master, rank, m.get<double>()});
    }
    if (!tracks_slip(s)) continue;
    for (auto faces = m.get<std::uint32_t>(); faces > 0; --faces) {
      InterfaceState::PreviousContact& previous = s.previous[static_cast<std::size_t>(items[static_cast<std::size_t>(m.get<Index>())])];
      previous.nodes.type = m.get<ElementType>();
      for (int k = 0; k < node_count(previous.nodes.type); ++k) previous.nodes.x[static_cast<std::size_t>(k)] = m.get_vector<3>();
      previous.evaluated = true;
    }
  }
}

// The findings, sorted, into the result: per node the closest face (|gap| is the distance), then
// the lowest id; pairs ascending (slave, master).
void write_result(InterfaceState& s, DistributedResult& r) {
  std::sort(s.contact_findings.begin(), s.contact_findings.end(), [](const ContactFinding& a, const ContactFinding& b) {
    const double da = std::abs(a.gap), db = std::abs(b.gap);
    return a.item != b.item ? a.item < b.item : da != db ? da < db : a.face < b.face;
  });
  DistributedContacts& c = r.contacts;
  for (std::size_t k = 0; k < s.contact_findings.size(); ++k) {
    const ContactFinding& f = s.contact_findings[k];
    if (k > 0 && s.contact_findings[k - 1].item == f.item) continue;
    c.node.push_back(s.item_ids[static_cast<std::size_t>(f.item)]);
    c.face.push_back(f.face);
    c.face_rank.push_back(f.rank);
    c.gap.push_back(f.gap);
    c.normal.push_back(f.normal);
    c.point.push_back(f.point);
    c.local.push_back(f.local);
    c.feature.push_back(f.feature);
    c.feature_index.push_back(f.feature_index);
    c.tangent1.push_back(f.tangent1);
    c.tangent2.push_back(f.tangent2);
    c.master_nodes.push_back(f.master_nodes);
    c.weights.push_back(f.weights);
  }
  if (tracks_slip(s)) write_slip(s, c);
  std::sort(s.pair_findings.begin(), s.pair_findings.end(), [](const PairFinding& a, const PairFinding& b) {
    return a.item != b.item ? a.item < b.item : a.master < b.master;
  });
  for (const PairFinding& f : s.pair_findings) {
    r.pair_slave.push_back(s.item_ids[static_cast<std::size_t>(f.item)]);
    r.pair_master.push_back(f.master);
    r.pair_master_rank.push_back(f.rank);
    r.pair_distance.push_back(f.distance);
  }
}

}  // namespace

void send_coordinates(InterfaceState& s, MPI_Comm comm, ExchangeStatistics& statistics) {
  const CommunicationPattern& pattern = s.pattern;
  for (std::size_t i = 0; i < pattern.send_ranks.size(); ++i) {
    Message& message = s.coordinates_out[i];
    message.clear();
    for (const Index item : pattern.send_items.row(static_cast<Index>(i))) {
      for (const Index node : s.item_nodes.row(item)) put(message, s.coordinates[static_cast<std::size_t>(node)]);
      if (tracks_slip(s)) put_previous_contact(message, s, item);
    }
  }
  exchange_known_sizes(comm, message_tag(s.index, MessageKind::coordinates), pattern.send_ranks, s.coordinates_out,
                       pattern.receive_ranks, s.coordinates_in, s.requests, statistics);
  write_ghost_coordinates(s);
}

void return_findings(InterfaceState& s, MPI_Comm comm, DistributedResult& r) {
  s.contact_findings.clear();
  s.pair_findings.clear();
  begin_results(s);
  for (const InterfaceResult& local : s.local) {
    r.counters += local.counters;
    r.rebuilt = r.rebuilt || local.rebuilt;
  }
  const InterfaceResult& own = s.local[0];
  for (const Index f : own.degenerate_master_faces) r.degenerate_master_faces.push_back(s.master_ids[static_cast<std::size_t>(f)]);
  switch (s.mode) {
    case ContactMode::node_to_surface:
      sort_node_findings(s);
      if (tracks_slip(s)) {
        evaluate_own_previous_faces(s);
        write_previous_faces(s);
      }
      break;
    case ContactMode::surface_to_surface: {
      const auto owned = static_cast<Index>(s.owned_faces.size());
      for (const Index f : own.degenerate_slave_faces)
        if (f < owned) r.degenerate_slave_faces.push_back(s.item_ids[static_cast<std::size_t>(f)]);
      begin_section(s);
      sort_pair_findings(s, own, owned, false);
      break;
    }
    case ContactMode::self:
      begin_section(s);
      sort_pair_findings(s, own, s.master.size(), false);
      sort_pair_findings(s, s.local[1], 0, true);
      break;
  }
  end_sections(s);
  s.results_in.resize(s.pattern.send_ranks.size());
  exchange(comm, message_tag(s.index, MessageKind::results), s.pattern.receive_ranks, s.results_out,
           s.pattern.send_ranks, s.results_in, s.requests, r.exchange);
  read_findings(s);
  write_result(s, r);
}

}  // namespace fecontact::detail::distributed
