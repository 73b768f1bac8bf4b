// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/exodus_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <exodusII.h>

#include "exodus_element_type.hpp"
#include "exodus_file.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact {
namespace {

using detail::ExodusFile;
using detail::ExodusTopology;

// A file's blocks as the side sets number their elements: 1.. over all blocks in file order,
// the skipped ones included.
struct FileBlock {
  std::string name;
  std::int64_t first_element = 0;  ///< 0-based, over all blocks
  std::int64_t element_count = 0;
  std::optional<ExodusTopology> topology;  ///< empty: skipped
  Index mesh_block = -1;
};

class Reader {
 public:
  explicit Reader(const std::filesystem::path& path) : path_(path), file_(open(path)) {}

  Mesh read(ExodusStep step) {
    ex_init_params init{};
    check(ex_get_init_ext(id(), &init), "cannot read the file's sizes");
    dimension_ = static_cast<int>(init.num_dim);
    if (dimension_ < 1 || dimension_ > 3) fail("num_dim is " + std::to_string(dimension_) + "; expected 1, 2 or 3");
    node_count_ = count(init.num_nodes, "nodes");
    element_count_ = count(init.num_elem, "elements");
    read_nodes();
    read_blocks(count(init.num_elem_blk, "element blocks"));
    read_node_sets(count(init.num_node_sets, "node sets"));
    read_side_sets(count(init.num_side_sets, "side sets"));
    if (step.step != 0) add_displacements(step.step);
    return std::move(mesh_);
  }

 private:
  static ExodusFile open(const std::filesystem::path& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
      throw ReadError(path.string(), 0, 0, "cannot open: not a readable file");
    try {
      return ExodusFile(path, ExodusFile::Mode::read);
    } catch (const std::runtime_error& e) {
      throw ReadError(path.string(), 0, 0, std::string("not a readable Exodus II file: ") + e.what());
    }
  }

  int id() const { return file_.id(); }
  [[noreturn]] void fail(const std::string& message) const { throw ReadError(path_.string(), 0, 0, message); }
  void check(int status, const std::string& what) const {
    if (status < 0) fail(what + ": " + detail::exodus_error_message());
  }
  Index count(std::int64_t n, const char* what) const {
    if (n < 0 || n > std::numeric_limits<Index>::max())
      fail("the file announces " + std::to_string(n) + " " + what + "; at most 2147483647 (2^31 - 1)");
    return static_cast<Index>(n);
  }

  void read_nodes() {
    const auto n = static_cast<std::size_t>(node_count_);
    mesh_.coordinates.assign(n, Eigen::Vector3d::Zero());
    std::vector<double> values(n);
    for (int axis = 0; axis < dimension_; ++axis) {
      double* component[3] = {nullptr, nullptr, nullptr};
      component[axis] = values.data();
      check(ex_get_coord(id(), component[0], component[1], component[2]), "cannot read the coordinates");
      for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(values[i]))
          fail("node " + std::to_string(i + 1) + ": coordinate " + "xyz"[axis] + " is not finite");
        mesh_.coordinates[i][axis] = values[i];
      }
    }
    mesh_.node_ids.resize(n);
    if (n > 0) check(ex_get_id_map(id(), EX_NODE_MAP, mesh_.node_ids.data()), "cannot read the node number map");
    mesh_.node_index.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      const FileId node = mesh_.node_ids[i];
      if (node <= 0) fail("node number map: id " + std::to_string(node) + " of node " + std::to_string(i + 1) + "; expected a positive id");
      if (!mesh_.node_index.emplace(node, static_cast<Index>(i)).second)
        fail("node number map: id " + std::to_string(node) + " twice");
    }
  }

  std::vector<std::int64_t> ids(ex_entity_type type, Index n, const char* what) const {
    std::vector<std::int64_t> result(static_cast<std::size_t>(n));
    if (n > 0) check(ex_get_ids(id(), type, result.data()), std::string("cannot read the ") + what + " ids");
    return result;
  }

  // `count` names read by `get` (the Exodus library's fixed-size, NUL-terminated buffers), their
  // trailing blanks removed.
  template <class Get>
  std::vector<std::string> read_names(std::size_t count, Get get, const std::string& what) const {
    const auto length = std::max<std::int64_t>(32, ex_inquire_int(id(), EX_INQ_DB_MAX_USED_NAME_LENGTH));
    ex_set_max_name_length(id(), static_cast<int>(length));
    std::vector<std::vector<char>> storage(count, std::vector<char>(static_cast<std::size_t>(length) + 1, '\0'));
    std::vector<char*> pointers;
    for (auto& s : storage) pointers.push_back(s.data());
    if (count > 0) check(get(pointers.data()), "cannot read the names of the " + what);
    std::vector<std::string> result;
    for (const auto& s : storage) {
      std::string name(s.data());
      name.erase(name.find_last_not_of(' ') + 1);
      result.push_back(std::move(name));
    }
    return result;
  }

  // The names of the blocks or sets of `type`, or "<fallback>_<id>" for an unnamed one.
  std::vector<std::string> names(ex_entity_type type, const std::vector<std::int64_t>& ids, const char* fallback) const {
    auto result = read_names(ids.size(), [&](char** names) { return ex_get_names(id(), type, names); },
                             std::string(fallback) + "s");
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (result[k].empty()) result[k] = std::string(fallback) + "_" + std::to_string(ids[k]);
    return result;
  }

  void read_blocks(Index block_count) {
    const auto block_ids = ids(EX_ELEM_BLOCK, block_count, "element block");
    const auto block_names = names(EX_ELEM_BLOCK, block_ids, "block");
    std::vector<FileId> element_ids(static_cast<std::size_t>(element_count_));
    if (!element_ids.empty()) check(ex_get_id_map(id(), EX_ELEM_MAP, element_ids.data()), "cannot read the element number map");
    std::int64_t first = 0;
    for (std::size_t b = 0; b < block_ids.size(); ++b) {
      const std::string where = "block '" + block_names[b] + "' (id " + std::to_string(block_ids[b]) + ")";
      ex_block block{};
      block.id = block_ids[b];
      block.type = EX_ELEM_BLOCK;
      check(ex_get_block_param(id(), &block), where + ": cannot read its parameters");
      FileBlock fb{block_names[b], first, block.num_entry, std::nullopt, -1};
      if (block.num_entry < 0 || first + block.num_entry > element_count_)
        fail(where + ": " + std::to_string(block.num_entry) + " elements, beyond the file's " +
             std::to_string(element_count_));
      first += block.num_entry;
      fb.topology = detail::exodus_topology(block.topology, static_cast<int>(block.num_nodes_per_entry), dimension_);
      if (!fb.topology) {
        mesh_.warnings.push_back(where + ": element type " + block.topology + " with " +
                                 std::to_string(block.num_nodes_per_entry) + " nodes is not read; skipped");
      } else if (block.num_entry > 0) {
        fb.mesh_block = static_cast<Index>(mesh_.blocks.size());
        mesh_.blocks.push_back(read_block(block, *fb.topology, fb, element_ids, where));
      }
      blocks_.push_back(std::move(fb));
    }
  }

  ElementBlock read_block(const ex_block& block, const ExodusTopology& topology, const FileBlock& fb,
                          const std::vector<FileId>& element_ids, const std::string& where) const {
    ElementBlock result;
    result.name = fb.name;
    result.type = topology.type;
    const auto nodes = static_cast<std::size_t>(block.num_nodes_per_entry);
    const auto elements = static_cast<std::size_t>(count(block.num_entry, "elements in a block"));
    std::vector<Index> connectivity(elements * nodes);
    check(ex_get_conn(id(), EX_ELEM_BLOCK, block.id, connectivity.data(), nullptr, nullptr),
          where + ": cannot read the connectivity");
    for (std::size_t k = 0; k < connectivity.size(); ++k)
      if (connectivity[k] < 1 || connectivity[k] > node_count_)
        fail(where + ": element " + std::to_string(k / nodes + 1) + " refers to node " + std::to_string(connectivity[k]) +
             "; the file has " + std::to_string(node_count_) + " nodes");
    const auto& order = topology.to_internal;
    const bool identity = std::is_sorted(order.begin(), order.end());
    if (identity) {
      for (Index& node : connectivity) --node;
      result.connectivity = std::move(connectivity);
    } else {
      result.connectivity.resize(connectivity.size());
      for (std::size_t e = 0; e < elements; ++e)
        for (std::size_t i = 0; i < nodes; ++i)
          result.connectivity[e * nodes + i] = connectivity[e * nodes + order[i]] - 1;
    }
    const auto begin = element_ids.begin() + fb.first_element;
    result.element_ids.assign(begin, begin + static_cast<std::ptrdiff_t>(elements));
    return result;
  }

  // Entries of a set: its size from the file, then the list(s).
  Index set_size(ex_entity_type type, std::int64_t set, const std::string& where) const {
    int entries = 0, factors = 0;
    check(ex_get_set_param(id(), type, set, &entries, &factors), where + ": cannot read its size");
    return count(entries, "entries in a set");
  }

  void read_node_sets(Index set_count) {
    const auto set_ids = ids(EX_NODE_SET, set_count, "node set");
    const auto set_names = names(EX_NODE_SET, set_ids, "nodelist");
    for (std::size_t s = 0; s < set_ids.size(); ++s) {
      const std::string where = "node set '" + set_names[s] + "' (id " + std::to_string(set_ids[s]) + ")";
      std::vector<Index> nodes(static_cast<std::size_t>(set_size(EX_NODE_SET, set_ids[s], where)));
      if (!nodes.empty()) check(ex_get_set(id(), EX_NODE_SET, set_ids[s], nodes.data(), nullptr), where + ": cannot read it");
      for (Index& node : nodes) {
        if (node < 1 || node > node_count_)
          fail(where + ": node " + std::to_string(node) + "; the file has " + std::to_string(node_count_) + " nodes");
        --node;
      }
      std::sort(nodes.begin(), nodes.end());
      nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
      mesh_.node_sets.push_back({set_names[s], std::move(nodes)});
    }
  }

  void read_side_sets(Index set_count) {
    const auto set_ids = ids(EX_SIDE_SET, set_count, "side set");
    const auto set_names = names(EX_SIDE_SET, set_ids, "surface");
    for (std::size_t s = 0; s < set_ids.size(); ++s) {
      const std::string where = "side set '" + set_names[s] + "' (id " + std::to_string(set_ids[s]) + ")";
      const auto n = static_cast<std::size_t>(set_size(EX_SIDE_SET, set_ids[s], where));
      std::vector<Index> elements(n), sides(n);
      if (n > 0) check(ex_get_set(id(), EX_SIDE_SET, set_ids[s], elements.data(), sides.data()), where + ": cannot read it");
      SurfaceDefinition surface{set_names[s], SurfaceDefinition::Kind::element_faces, {}, {}};
      std::size_t edges = 0, skipped = 0;
      for (std::size_t k = 0; k < n; ++k) {
        const std::int64_t element = elements[k];
        if (element < 1 || element > element_count_ || blocks_.empty())
          fail(where + ": element " + std::to_string(element) + "; the file has " + std::to_string(element_count_) + " elements");
        const auto block = std::upper_bound(blocks_.begin(), blocks_.end(), element - 1,
                                            [](std::int64_t e, const FileBlock& b) { return e < b.first_element; }) - 1;
        if (element - 1 - block->first_element >= block->element_count)  // num_elem beyond the blocks
          fail(where + ": element " + std::to_string(element) + " is in no element block");
        if (!block->topology) {
          ++skipped;
          continue;
        }
        const auto& side_faces = block->topology->side_faces;
        if (sides[k] < 1 || static_cast<std::size_t>(sides[k]) > side_faces.size())
          fail(where + ": side " + std::to_string(sides[k]) + " of element " + std::to_string(element) + " (" +
               std::string(name(block->topology->type)) + " in block '" + block->name + "'); expected 1 to " +
               std::to_string(side_faces.size()));
        const int face = side_faces[static_cast<std::size_t>(sides[k] - 1)];
        if (face < 0) {
          ++edges;
          continue;
        }
        surface.faces.push_back({{block->mesh_block, static_cast<Index>(element - 1 - block->first_element)}, face});
      }
      if (edges > 0) mesh_.warnings.push_back(where + ": " + std::to_string(edges) + " sides are edges, not faces; left out");
      if (skipped > 0)
        mesh_.warnings.push_back(where + ": " + std::to_string(skipped) + " sides of elements of skipped blocks; left out");
      mesh_.surfaces.push_back(std::move(surface));
    }
  }

  // Adds the nodal displacements of `step` (−1: the last) to the coordinates.
  void add_displacements(int step) {
    const auto steps = ex_inquire_int(id(), EX_INQ_TIME);
    const std::int64_t k = step < 0 ? steps : step;
    if (k < 1 || k > steps)
      fail("time step " + (step < 0 ? std::string("last") : std::to_string(step)) + " asked for; the file has " +
           std::to_string(std::max<std::int64_t>(steps, 0)) + " time steps");
    int variables = 0;
    check(ex_get_variable_param(id(), EX_NODAL, &variables), "cannot read the nodal variables");
    const auto variable_names = read_names(
        static_cast<std::size_t>(std::max(variables, 0)),
        [&](char** names) { return ex_get_variable_names(id(), EX_NODAL, variables, names); }, "nodal variables");
    std::vector<double> values(static_cast<std::size_t>(node_count_));
    for (int axis = 0; axis < dimension_; ++axis) {
      const auto found = std::find_if(variable_names.begin(), variable_names.end(), [&](const std::string& name) {
        return detail::equals_ignoring_case(name, std::string("DISP_") + "XYZ"[axis]) ||
               detail::equals_ignoring_case(name, std::string("DISP") + "XYZ"[axis]);
      });
      if (found == variable_names.end())
        fail(std::string("no nodal displacement DISP_") + "XYZ"[axis] + " (or DISP" + "XYZ"[axis] + ") among the file's " +
             std::to_string(variable_names.size()) + " nodal variables");
      const int index = static_cast<int>(found - variable_names.begin()) + 1;
      check(ex_get_var(id(), static_cast<int>(k), EX_NODAL, index, 1, node_count_, values.data()),
            "cannot read nodal variable '" + *found + "' at time step " + std::to_string(k));
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i]))
          fail("nodal variable '" + *found + "' at time step " + std::to_string(k) + ": node " + std::to_string(i + 1) +
               " is not finite");
        mesh_.coordinates[i][axis] += values[i];
      }
    }
  }

  std::filesystem::path path_;
  ExodusFile file_;
  int dimension_ = 3;
  Index node_count_ = 0;
  std::int64_t element_count_ = 0;
  std::vector<FileBlock> blocks_;
  Mesh mesh_;
};

}  // namespace

Mesh read_exodus(const std::filesystem::path& path, ExodusStep step) { return Reader(path).read(step); }

}  // namespace fecontact
