// SPDX-License-Identifier: BSD-3-Clause
#include "assembly.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

#include "data_lines.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::detail::abaqus {
namespace {

constexpr int tag_shift = 32;

// *INSTANCE data lines (Abaqus Keywords Reference, *INSTANCE): line 1 is the translation; the
// optional line 2 is a point a, a point b and an angle in degrees: a rotation about the axis
// a->b (right-hand rule), applied after the translation, so x' = R (x + t - a) + a.
void read_placement(const Card& card, Scope& scope) {
  DataLines lines(card);
  DataLine line;
  std::size_t count = 0;
  while (lines.next(line)) {
    Fields fields(line);
    if (count == 0) {
      for (int i = 0; i < 3; ++i) scope.translation[i] = fields.next_number("a translation");
    } else if (count == 1) {
      Eigen::Vector3d a, b;
      for (int i = 0; i < 3; ++i) a[i] = fields.next_number("a coordinate of axis point a");
      for (int i = 0; i < 3; ++i) b[i] = fields.next_number("a coordinate of axis point b");
      const double degrees = fields.next_number("a rotation angle in degrees");
      if ((b - a).norm() == 0) fields.fail("the rotation axis needs two distinct points");
      scope.rotation =
          Eigen::AngleAxisd(degrees * std::numbers::pi / 180, (b - a).normalized()).matrix();
      scope.translation = scope.rotation * (scope.translation - a) + a;
    } else {
      line.fail(1, "*INSTANCE takes at most two data lines (translation, rotation)");
    }
    if (!fields.at_end()) fields.fail("unexpected field after the placement values");
    ++count;
  }
}

std::size_t find_end(const Deck& deck, std::size_t begin, const std::string& end_keyword) {
  const Card& opening = deck.cards[begin];
  for (std::size_t i = begin + 1; i < deck.cards.size(); ++i) {
    const std::string& keyword = deck.cards[i].keyword;
    if (keyword == end_keyword) return i;
    if (keyword == "PART" || keyword == "INSTANCE" || keyword == "ASSEMBLY")
      deck.cards[i].fail("expected *" + end_keyword + " (for the *" + opening.keyword +
                         " on line " + std::to_string(opening.line) + ") before *" + keyword);
  }
  opening.fail("*" + opening.keyword + " has no *" + end_keyword);
}

}  // namespace

bool Scope::tagged(FileId label, FileId& id) const {
  if (tag != 0 && label >= (FileId{1} << tag_shift)) return false;
  id = tag + label;
  return true;
}

const Scope* Assembly::instance_parameter(const Card& card, std::string_view key) const {
  const Parameter* parameter = card.find(key);
  if (parameter == nullptr) return nullptr;
  const auto found = instances.find(normalized(parameter->value));
  if (found == instances.end())
    card.fail("instance '" + parameter->value + "' is not defined", parameter);
  return &scopes[found->second];
}

Assembly plan_assembly(const Deck& deck) {
  Assembly assembly;
  assembly.scopes.emplace_back();
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> parts;
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    const Card& card = deck.cards[i];
    if (card.keyword == "PART") {
      const std::size_t end = find_end(deck, i, "END PART");
      parts[normalized(card.required("NAME"))] = {i + 1, end};
      i = end;
    } else if (card.keyword == "INSTANCE") {
      const std::string& name = card.required("NAME");
      const auto part = parts.find(normalized(card.required("PART")));
      if (part == parts.end())
        card.fail("part '" + card.required("PART") + "' is not defined before this *INSTANCE",
                  card.find("PART"));
      Scope scope;
      scope.prefix = name + ".";
      scope.tag = static_cast<FileId>(assembly.scopes.size()) << tag_shift;
      read_placement(card, scope);
      const std::size_t index = assembly.scopes.size();
      if (!assembly.instances.emplace(normalized(name), index).second)
        card.fail("instance '" + name + "' is defined twice", card.find("NAME"));
      assembly.scopes.push_back(std::move(scope));
      const std::size_t end = find_end(deck, i, "END INSTANCE");
      for (std::size_t k = part->second.first; k < part->second.second; ++k)
        assembly.visits.push_back({k, index});
      for (std::size_t k = i + 1; k < end; ++k) assembly.visits.push_back({k, index});
      i = end;
    } else if (card.keyword == "END PART" || card.keyword == "END INSTANCE") {
      card.fail("*" + card.keyword + " without a matching opening keyword");
    } else if (card.keyword != "ASSEMBLY" && card.keyword != "END ASSEMBLY") {
      assembly.visits.push_back({i, 0});
    }
  }
  return assembly;
}

}  // namespace fecontact::detail::abaqus
