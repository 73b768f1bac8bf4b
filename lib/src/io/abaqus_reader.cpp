// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/abaqus_reader.hpp"

#include <set>

#include "abaqus/assembly.hpp"
#include "abaqus/deck.hpp"
#include "abaqus/mesh_cards.hpp"
#include "abaqus/model.hpp"
#include "abaqus/set_cards.hpp"
#include "abaqus/surface_cards.hpp"

namespace fecontact {
namespace {

using namespace detail::abaqus;

// Sets sorted and unique (Abaqus sorts sets too); surfaces in first-seen order, each face once.
void tidy(Mesh& mesh) {
  for (NodeSet& set : mesh.node_sets) sort_members(set.nodes);
  for (ElementSet& set : mesh.element_sets) sort_members(set.elements);
  for (SurfaceDefinition& surface : mesh.surfaces) remove_repeats(surface);
}

void warn_skipped(Model& model) {
  if (model.generate_holes > 0)
    model.mesh.warnings.push_back("GENERATE ranges named " + std::to_string(model.generate_holes) +
                                  " numbers with no node or element; they were skipped");
  if (model.skipped.empty()) return;
  std::string list;
  for (const auto& [keyword, count] : model.skipped)
    list += (list.empty() ? "*" : ", *") + keyword + " (" + std::to_string(count) + ")";
  model.mesh.warnings.push_back("keywords skipped (not part of the mesh): " + list);
}

const std::set<std::string> read_keywords = {
    "NODE", "ELEMENT",  "NSET",     "ELSET",        "SURFACE",  "CONTACT PAIR",
    "PART", "END PART", "ASSEMBLY", "END ASSEMBLY", "INSTANCE", "END INSTANCE"};

}  // namespace

// One pass over the cards per kind of definition, so that a card may use what is defined
// further down, as CalculiX allows (cycliccontact.inp pairs surfaces defined 700 lines later):
// nodes, elements (which need every node), sets (in file order: a set may name an earlier set),
// surfaces (which need every set), contact pairs (which need every surface).
Mesh read_abaqus(const std::filesystem::path& path) {
  const Deck deck = read_deck(path);
  const Assembly assembly = plan_assembly(deck);
  for (const Card& card : deck.cards)
    if (const Parameter* input = card.find("INPUT"); input && read_keywords.contains(card.keyword))
      card.fail("INPUT= on *" + card.keyword + " is not supported (use *INCLUDE)", input);
  Model model;
  const auto pass = [&](const auto& read) {
    for (const Visit& visit : assembly.visits)
      read(deck.cards[visit.card], assembly.scopes[visit.scope]);
  };
  pass([&](const Card& card, const Scope& scope) {
    if (card.keyword == "NODE") read_nodes(model, card, scope);
  });
  model.nodes = IdLookup(model.mesh.node_index);
  pass([&](const Card& card, const Scope& scope) {
    if (card.keyword == "ELEMENT") read_elements(model, card, scope);
  });
  pass([&](const Card& card, const Scope& scope) {
    if (card.keyword == "NSET") read_node_set(model, card, scope, assembly);
    if (card.keyword == "ELSET") read_element_set(model, card, scope, assembly);
  });
  pass([&](const Card& card, const Scope& scope) {
    if (card.keyword == "SURFACE") read_surface(model, card, scope);
  });
  pass([&](const Card& card, const Scope& scope) {
    if (card.keyword == "CONTACT PAIR") read_contact_pair(model, card, scope);
  });
  for (const Card& card : deck.cards)
    if (!read_keywords.contains(card.keyword)) ++model.skipped[card.keyword];
  tidy(model.mesh);
  warn_skipped(model);
  return std::move(model.mesh);
}

}  // namespace fecontact
