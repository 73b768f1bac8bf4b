// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Parts, instances and the assembly: the order in which cards are read and the scope each is
// read in. A part's cards are read once per *INSTANCE of it, with the instance's name prefix,
// id tag and placement; cards outside parts are read once in the global scope.

#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "deck.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail::abaqus {

struct Scope {
  std::string prefix;  ///< "" globally, "<instance name>." inside an instance
  FileId tag = 0;      ///< added to node and element numbers: instance number << 32
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  ///< placement x -> R x + t
  Eigen::Vector3d translation = Eigen::Vector3d::Zero();

  /// The mesh-wide id of a number written in this scope; false when the number does not fit
  /// below the tag (2^32 or more inside an instance).
  bool tagged(FileId label, FileId& id) const;
};

struct Visit {
  std::size_t card = 0;   ///< index into Deck::cards
  std::size_t scope = 0;  ///< index into Assembly::scopes
};

struct Assembly {
  std::vector<Scope> scopes;                               ///< scopes[0] is the global scope
  std::vector<Visit> visits;                               ///< every card to read, in reading order
  std::unordered_map<std::string, std::size_t> instances;  ///< upper-case name -> scope

  /// The scope of the instance named by `card`'s parameter `key` (INSTANCE=), or nullptr when
  /// the card has no such parameter. Throws ReadError when the instance does not exist.
  const Scope* instance_parameter(const Card& card, std::string_view key) const;
};

/// Resolves *PART / *END PART, *ASSEMBLY / *END ASSEMBLY and *INSTANCE / *END INSTANCE.
/// Throws ReadError on unbalanced blocks, unknown parts and malformed placement lines.
Assembly plan_assembly(const Deck& deck);

}  // namespace fecontact::detail::abaqus
