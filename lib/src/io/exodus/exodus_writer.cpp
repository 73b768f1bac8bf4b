// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/exodus_writer.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <exodusII.h>

#include "exodus_element_type.hpp"
#include "exodus_file.hpp"

namespace fecontact {
namespace {

using detail::ExodusFile;

// Names as the Exodus library takes them: an array of C strings.
class CStrings {
 public:
  void add(const std::string& s) { strings_.push_back(s); }
  char** get() {
    pointers_.clear();
    for (auto& s : strings_) pointers_.push_back(s.data());
    return pointers_.data();
  }
  std::size_t size() const { return strings_.size(); }
  std::size_t longest() const {
    std::size_t n = 0;
    for (const auto& s : strings_) n = std::max(n, s.size());
    return n;
  }

 private:
  std::vector<std::string> strings_;
  std::vector<char*> pointers_;
};

struct SideSet {
  std::vector<int> elements, sides;
};

class Writer {
 public:
  Writer(const std::filesystem::path& path, const Mesh& mesh, std::span<const Eigen::Vector3d> coordinates,
         std::span<const NodalVariable> variables)
      : mesh_(mesh), coordinates_(coordinates.empty() ? std::span<const Eigen::Vector3d>(mesh.coordinates) : coordinates),
        variables_(variables), file_(path, ExodusFile::Mode::create, needs_wide_ids(mesh)) {}

  void write() {
    std::int64_t elements = 0;
    for (const auto& block : mesh_.blocks) {
      first_element_.push_back(static_cast<int>(elements));
      elements += block.size();
    }
    if (elements > std::numeric_limits<int>::max()) throw std::runtime_error("more than 2^31 - 1 elements");
    collect_sets();
    const auto node_sets = static_cast<std::int64_t>(node_sets_.size());
    const auto side_sets = static_cast<std::int64_t>(side_sets_.size());
    check(ex_put_init(id(), "fecontact", 3, mesh_.node_count(), elements, static_cast<std::int64_t>(mesh_.blocks.size()),
                      node_sets, side_sets), "cannot write the sizes");
    check(ex_set_max_name_length(id(), static_cast<int>(std::max<std::size_t>(32, longest_name()))),
          "cannot set the name length");
    write_nodes();
    write_blocks();
    write_sets();
    if (!variables_.empty()) write_variables();
    file_.close();
  }

 private:
  static bool needs_wide_ids(const Mesh& mesh) {
    const auto wide = [](FileId id) { return id > std::numeric_limits<int>::max(); };
    if (std::any_of(mesh.node_ids.begin(), mesh.node_ids.end(), wide)) return true;
    for (const auto& block : mesh.blocks)
      if (std::any_of(block.element_ids.begin(), block.element_ids.end(), wide)) return true;
    return false;
  }

  int id() const { return file_.id(); }
  void check(int status, const std::string& what) const { file_.check(status, what); }

  std::size_t longest_name() const {
    std::size_t n = 0;
    for (const auto& block : mesh_.blocks) n = std::max(n, block.name.size());
    return std::max({n, node_set_names_.longest(), side_set_names_.longest()});
  }

  // The node sets (the mesh's, then its node surfaces) and the side sets (its face surfaces).
  void collect_sets() {
    for (const auto& set : mesh_.node_sets) {
      node_set_names_.add(set.name);
      node_sets_.push_back(one_based(set.nodes));
    }
    for (const auto& surface : mesh_.surfaces) {
      if (surface.kind == SurfaceDefinition::Kind::nodes) {
        node_set_names_.add(surface.name);
        node_sets_.push_back(one_based(surface.nodes));
        continue;
      }
      SideSet set;
      for (const FaceRef& face : surface.faces) {
        const auto& block = mesh_.blocks[static_cast<std::size_t>(face.element.block)];
        set.elements.push_back(first_element_[static_cast<std::size_t>(face.element.block)] + face.element.element + 1);
        set.sides.push_back(detail::exodus_side(block.type, face.local_face));
      }
      side_set_names_.add(surface.name);
      side_sets_.push_back(std::move(set));
    }
  }

  static std::vector<int> one_based(std::span<const Index> nodes) {
    std::vector<int> result(nodes.begin(), nodes.end());
    for (int& n : result) ++n;
    return result;
  }

  void write_nodes() {
    std::vector<double> x, y, z;
    for (const auto& p : coordinates_) {
      x.push_back(p.x());
      y.push_back(p.y());
      z.push_back(p.z());
    }
    if (!x.empty()) check(ex_put_coord(id(), x.data(), y.data(), z.data()), "cannot write the coordinates");
    CStrings axes;
    for (const char* axis : {"x", "y", "z"}) axes.add(axis);
    check(ex_put_coord_names(id(), axes.get()), "cannot write the coordinate names");
    std::vector<std::int64_t> ids(mesh_.node_ids.begin(), mesh_.node_ids.end());
    if (!ids.empty()) check(ex_put_id_map(id(), EX_NODE_MAP, ids.data()), "cannot write the node number map");
  }

  void write_blocks() {
    std::vector<std::int64_t> element_ids;
    CStrings names;
    for (std::size_t b = 0; b < mesh_.blocks.size(); ++b) {
      const auto& block = mesh_.blocks[b];
      const auto block_id = static_cast<std::int64_t>(b + 1);
      const std::string where = "block '" + block.name + "'";
      const int nodes = node_count(block.type);
      const std::string type(detail::exodus_name(block.type));
      check(ex_put_block(id(), EX_ELEM_BLOCK, block_id, type.c_str(), block.size(), nodes, 0, 0, 0),
            where + ": cannot write its parameters");
      const auto topology = detail::exodus_topology(type, nodes, 3);
      std::vector<int> connectivity(block.connectivity.size());
      const auto n = static_cast<std::size_t>(nodes);
      for (std::size_t e = 0; e < static_cast<std::size_t>(block.size()); ++e)
        for (std::size_t i = 0; i < n; ++i)
          connectivity[e * n + topology->to_internal[i]] = block.connectivity[e * n + i] + 1;
      if (block.size() > 0)
        check(ex_put_conn(id(), EX_ELEM_BLOCK, block_id, connectivity.data(), nullptr, nullptr),
              where + ": cannot write its connectivity");
      element_ids.insert(element_ids.end(), block.element_ids.begin(), block.element_ids.end());
      names.add(block.name);
    }
    if (!element_ids.empty())
      check(ex_put_id_map(id(), EX_ELEM_MAP, element_ids.data()), "cannot write the element number map");
    if (names.size() > 0) check(ex_put_names(id(), EX_ELEM_BLOCK, names.get()), "cannot write the block names");
  }

  void write_sets() {
    for (std::size_t s = 0; s < node_sets_.size(); ++s) {
      const auto set_id = static_cast<std::int64_t>(s + 1);
      auto& nodes = node_sets_[s];
      check(ex_put_set_param(id(), EX_NODE_SET, set_id, static_cast<std::int64_t>(nodes.size()), 0),
            "node set " + std::to_string(set_id) + ": cannot write its size");
      if (!nodes.empty())
        check(ex_put_set(id(), EX_NODE_SET, set_id, nodes.data(), nullptr), "node set " + std::to_string(set_id) + ": cannot write it");
    }
    if (node_set_names_.size() > 0) check(ex_put_names(id(), EX_NODE_SET, node_set_names_.get()), "cannot write the node set names");
    for (std::size_t s = 0; s < side_sets_.size(); ++s) {
      const auto set_id = static_cast<std::int64_t>(s + 1);
      auto& set = side_sets_[s];
      check(ex_put_set_param(id(), EX_SIDE_SET, set_id, static_cast<std::int64_t>(set.elements.size()), 0),
            "side set " + std::to_string(set_id) + ": cannot write its size");
      if (!set.elements.empty())
        check(ex_put_set(id(), EX_SIDE_SET, set_id, set.elements.data(), set.sides.data()),
              "side set " + std::to_string(set_id) + ": cannot write it");
    }
    if (side_set_names_.size() > 0) check(ex_put_names(id(), EX_SIDE_SET, side_set_names_.get()), "cannot write the side set names");
  }

  void write_variables() {
    CStrings names;
    for (const auto& v : variables_) names.add(v.name);
    check(ex_put_variable_param(id(), EX_NODAL, static_cast<int>(variables_.size())), "cannot write the nodal variables");
    check(ex_put_variable_names(id(), EX_NODAL, static_cast<int>(variables_.size()), names.get()),
          "cannot write the nodal variable names");
    const double time = 0;
    check(ex_put_time(id(), 1, &time), "cannot write the time step");
    for (std::size_t k = 0; k < variables_.size(); ++k)
      check(ex_put_var(id(), 1, EX_NODAL, static_cast<int>(k + 1), 1, mesh_.node_count(), variables_[k].values.data()),
            "nodal variable '" + variables_[k].name + "': cannot write it");
  }

  const Mesh& mesh_;
  std::span<const Eigen::Vector3d> coordinates_;
  std::span<const NodalVariable> variables_;
  ExodusFile file_;
  std::vector<int> first_element_;
  CStrings node_set_names_, side_set_names_;
  std::vector<std::vector<int>> node_sets_;
  std::vector<SideSet> side_sets_;
};

}  // namespace

void write_exodus(const std::filesystem::path& path, const Mesh& mesh, std::span<const Eigen::Vector3d> coordinates,
                  std::span<const NodalVariable> variables) {
  if (!coordinates.empty() && coordinates.size() != mesh.coordinates.size())
    throw std::invalid_argument("write_exodus: " + std::to_string(coordinates.size()) + " coordinates for " +
                                std::to_string(mesh.coordinates.size()) + " nodes");
  for (const auto& v : variables)
    if (v.values.size() != mesh.coordinates.size())
      throw std::invalid_argument("write_exodus: nodal variable '" + v.name + "' has " + std::to_string(v.values.size()) +
                                  " values for " + std::to_string(mesh.coordinates.size()) + " nodes");
  try {
    Writer(path, mesh, coordinates, variables).write();
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot write " + path.string() + ": " + e.what());
  }
}

}  // namespace fecontact
