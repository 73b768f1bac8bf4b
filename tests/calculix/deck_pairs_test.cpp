// SPDX-License-Identifier: BSD-3-Clause
// The contact pairs found on the CalculiX decks of FECONTACT_SHARED_DATA/calculix beside the
// decks' own *CONTACT PAIR definitions, deck by deck: each deck pair must be found between the
// same two components and each found pair be one of the deck's; on each side the deck's surface and
// the found one share faces (a node surface of NODE TO SURFACE: nodes). Where they differ, the
// geometry says why: a deck face that was not found has no face of the other component within the
// distance facing it (tried against every face of that component, detection_brute_force.hpp); the
// found surface may hold more faces than the deck's (every face within the distance that faces
// the other component). The table goes to stdout.

#include <algorithm>
#include <iomanip>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "calculix_tools.hpp"
#include "detection_brute_force.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/contact_detection.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fs = std::filesystem;
using namespace fecontact;

namespace {

/// What a deck needs beyond the defaults, and why.
struct DeckCase {
  std::optional<double> distance;  // the default (a quarter of the mean face size) when absent
  bool one_component = false;      // the deck's contact is within one connected component
};

const std::map<std::string, DeckCase> special_decks = {
    // The two blocks start 0.5 apart (thermal expansion closes the gap): D just above it.
    {"contact2.inp", {0.6, false}},
    // The ball falls 70 onto the floor (an explicit dynamic step): D just above its height.
    {"ball.inp", {75.0, false}},
    // Contact of a sector with the next one across its cyclic-symmetry boundary: one component,
    // nothing to find between components.
    {"cycliccontact.inp", {std::nullopt, true}},
};

/// The component holding every element (faces) or node of a deck surface; -1 when none holds all.
Index component_of(const Mesh& mesh, const ContactDetection& d, const ContactSurface& surface) {
  std::map<std::pair<Index, Index>, Index> element_component;
  std::vector<Index> node_component(static_cast<std::size_t>(mesh.node_count()), -1);
  for (Index b = 0; b < static_cast<Index>(d.components.size()); ++b)
    for (const ElementRef& e : d.components[static_cast<std::size_t>(b)].elements) {
      element_component[{e.block, e.element}] = b;
      for (const Index n : mesh.blocks[static_cast<std::size_t>(e.block)].element(e.element))
        node_component[static_cast<std::size_t>(n)] = b;
    }
  std::set<Index> components;
  if (surface.nodes_only) {
    for (const Index n : surface.nodes) components.insert(node_component[static_cast<std::size_t>(n)]);
  } else {
    for (const SurfaceFace& f : surface.surface.faces) {
      const auto found = element_component.find({f.owner.element.block, f.owner.element.element});
      components.insert(found == element_component.end() ? -1 : found->second);
    }
  }
  return components.size() == 1 ? *components.begin() : -1;
}

struct SideComparison {
  std::size_t deck = 0, found = 0, common = 0;  // faces, or nodes for a node surface
  bool nodes = false;
  std::vector<SurfaceFace> not_found;  // faces of the deck's surface
};

SideComparison compare(const ContactSurface& deck, const Surface& skin, const std::vector<Index>& found) {
  SideComparison c;
  c.nodes = deck.nodes_only;
  Surface found_faces;
  for (const Index f : found) found_faces.faces.push_back(skin.faces[static_cast<std::size_t>(f)]);
  if (deck.nodes_only) {
    const std::vector<Index> found_nodes = surface_nodes(found_faces);
    c.deck = deck.nodes.size();
    c.found = found_nodes.size();
    for (const Index n : deck.nodes) c.common += std::binary_search(found_nodes.begin(), found_nodes.end(), n) ? 1 : 0;
    return c;
  }
  const auto key = [](const FaceRef& r) { return std::tuple(r.element.block, r.element.element, r.local_face); };
  std::set<std::tuple<Index, Index, int>> found_refs;
  for (const SurfaceFace& f : found_faces.faces) found_refs.insert(key(f.owner));
  c.deck = deck.surface.faces.size();
  c.found = found.size();
  for (const SurfaceFace& f : deck.surface.faces) {
    c.common += found_refs.count(key(f.owner));
    if (found_refs.count(key(f.owner)) == 0) c.not_found.push_back(f);
  }
  return c;
}

std::string describe(const SideComparison& c) {
  return std::to_string(c.deck) + (c.nodes ? " nodes" : "") + " / " + std::to_string(c.found) + " / " +
         std::to_string(c.common);
}

}  // namespace

BOOST_AUTO_TEST_CASE(deck_pairs) {
  const auto decks = test::calculix_decks();
  if (decks.empty()) return;
  std::cout << "deck: deck pair (slave -> master) | found pair | slave side, master side as deck / found / common "
               "faces (or nodes) | master agrees\n";
  for (const fs::path& path : decks) {
    BOOST_TEST_CONTEXT(path.filename().string()) {
      const Mesh mesh = read_abaqus(path);
      const auto special = special_decks.find(path.filename().string());
      const DeckCase deck_case = special == special_decks.end() ? DeckCase{} : special->second;
      DetectionOptions options;
      options.distance = deck_case.distance;
      const ContactDetection d = detect_contact(mesh, connected_components(mesh), options);
      std::cout << path.filename().string() << ": " << d.components.size() << " components, distance " << d.distance << ", "
                << d.pairs.size() << " pairs found\n";
      BOOST_TEST(!mesh.contact_pairs.empty());
      std::set<std::size_t> used;
      for (const ContactPairDefinition& deck_pair : mesh.contact_pairs) {
        const ContactSurface slave = contact_surface(mesh, *find_surface_definition(mesh, deck_pair.slave));
        const ContactSurface master = contact_surface(mesh, *find_surface_definition(mesh, deck_pair.master));
        const Index slave_component = component_of(mesh, d, slave), master_component = component_of(mesh, d, master);
        BOOST_TEST(slave_component >= 0);
        BOOST_TEST(master_component >= 0);
        std::cout << "  " << deck_pair.slave << " -> " << deck_pair.master << " (components "
                  << (slave_component >= 0 ? d.components[static_cast<std::size_t>(slave_component)].name : "?") << ", "
                  << (master_component >= 0 ? d.components[static_cast<std::size_t>(master_component)].name : "?") << "): ";
        if (deck_case.one_component) {
          BOOST_TEST(slave_component == master_component);
          BOOST_TEST(d.pairs.empty());
          std::cout << "one component, not a pair between components\n";
          continue;
        }
        std::size_t k = 0;
        while (k < d.pairs.size() &&
               !(std::set<Index>{d.pairs[k].components[0], d.pairs[k].components[1]} == std::set<Index>{slave_component, master_component}))
          ++k;
        BOOST_TEST_REQUIRE(k < d.pairs.size(), "no pair found between the components of " << deck_pair.slave << " and "
                                                                                      << deck_pair.master);
        used.insert(k);
        const DetectedPair& found = d.pairs[k];
        const int slave_side = found.components[0] == slave_component ? 0 : 1;
        const auto side = [&](int s) {
          return compare(s == slave_side ? slave : master, d.components[static_cast<std::size_t>(found.components[static_cast<std::size_t>(s)])].skin,
                         found.faces[static_cast<std::size_t>(s)]);
        };
        const SideComparison on_slave = side(slave_side), on_master = side(1 - slave_side);
        const bool master_agrees = found.master == 1 - slave_side;
        std::cout << found.surfaces[static_cast<std::size_t>(1 - found.master)] << " -> "
                  << found.surfaces[static_cast<std::size_t>(found.master)] << " | " << describe(on_slave) << ", "
                  << describe(on_master) << " | " << (master_agrees ? "yes" : "no") << "\n";
        BOOST_TEST(on_slave.common > 0u);
        BOOST_TEST(on_master.common > 0u);
        for (const int s : {0, 1}) {
          const SideComparison& c = s == slave_side ? on_slave : on_master;
          const Surface& other = d.components[static_cast<std::size_t>(found.components[static_cast<std::size_t>(1 - s)])].skin;
          for (const SurfaceFace& missed : c.not_found)
            for (const SurfaceFace& across : other.faces)
              BOOST_TEST(!test::partners(mesh, missed, across, d.distance, d.angle_degrees),
                         "deck face of element " << mesh.blocks[static_cast<std::size_t>(missed.owner.element.block)]
                                                        .element_ids[static_cast<std::size_t>(missed.owner.element.element)]
                                                 << " has a partner but was not found");
        }
      }
      if (!deck_case.one_component) BOOST_TEST(used.size() == d.pairs.size());  // no pair that the deck lacks
    }
  }
}
