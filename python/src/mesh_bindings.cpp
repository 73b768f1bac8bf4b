// SPDX-License-Identifier: BSD-3-Clause
// fecontact.Mesh and fecontact.Block: the mesh as read from a file or made from numpy arrays.
// A Mesh is immutable from Python: coordinates and node_ids are read-only views of its own
// arrays (no copy), everything else is handed out as new arrays.

#include <algorithm>
#include <limits>
#include <string>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "mesh_arrays.hpp"

namespace fecontact::python {

namespace {

using MeshHolder = std::shared_ptr<Mesh>;

Block block_of(const ElementBlock& b) {
  const auto k = static_cast<py::ssize_t>(node_count(b.type));
  IdArray connectivity({static_cast<py::ssize_t>(b.size()), k});
  std::copy(b.connectivity.begin(), b.connectivity.end(), connectivity.mutable_data());
  IdArray ids(static_cast<py::ssize_t>(b.size()));
  std::copy(b.element_ids.begin(), b.element_ids.end(), ids.mutable_data());
  return {b.name, b.type, std::move(connectivity), std::move(ids)};
}

const SurfaceDefinition& definition_named(const Mesh& mesh, const std::string& name) {
  if (const SurfaceDefinition* s = find_surface_definition(mesh, name)) return *s;
  throw py::value_error("no surface named '" + name + "' in the mesh");
}

IdArray surface_faces(const Mesh& mesh, const std::string& name) {
  const SurfaceDefinition& s = definition_named(mesh, name);
  if (s.kind == SurfaceDefinition::Kind::nodes)
    throw py::value_error("surface '" + name + "' is a node surface: see surface_nodes");
  IdArray rows({static_cast<py::ssize_t>(s.faces.size()), py::ssize_t{3}});
  std::int64_t* out = rows.mutable_data();
  for (const FaceRef& f : s.faces) {
    *out++ = f.element.block;
    *out++ = f.element.element;
    *out++ = f.local_face;
  }
  return rows;
}

std::string repr(const Mesh& mesh) {
  std::string text = "<fecontact.Mesh: " + std::to_string(mesh.node_count()) + " nodes, blocks";
  for (const ElementBlock& b : mesh.blocks)
    text += " " + b.name + " (" + std::to_string(b.size()) + " " + std::string(name(b.type)) + ")";
  if (!mesh.surfaces.empty()) text += ", surfaces";
  for (const SurfaceDefinition& s : mesh.surfaces) text += " " + s.name;
  return text + ">";
}

}  // namespace

void bind_mesh(py::module_& m) {
  py::class_<Block>(m, "Block",
                    "Elements of one type under one name. connectivity (e, k) int64 node indices in\n"
                    "fecontact's node order (VTK's; README 'Conventions'), element_ids (e,) file ids\n"
                    "(None: numbered on from the blocks before, when given to Mesh).")
      .def(py::init(&make_block), py::arg("name"), py::arg("type"), py::arg("connectivity"),
           py::arg("element_ids") = py::none())
      .def_readonly("name", &Block::name)
      .def_property_readonly("type", [](const Block& b) { return std::string(name(b.type)); })
      .def_readonly("connectivity", &Block::connectivity)
      .def_readonly("element_ids", &Block::element_ids)
      .def("__repr__", [](const Block& b) {
        return "Block('" + b.name + "', '" + std::string(name(b.type)) + "', " +
               std::to_string(b.connectivity.shape(0)) + " elements)";
      });

  py::class_<Mesh, MeshHolder>(m, "Mesh",
                               "An FE mesh: nodes, element blocks, sets, surfaces and contact pairs,\n"
                               "named as in the file. Immutable; coordinates and node_ids are\n"
                               "read-only views (copy them to change them).")
      .def(py::init(&make_mesh), py::arg("coordinates"), py::arg("blocks") = py::list(),
           py::arg("node_ids") = py::none(), py::arg("surfaces") = py::dict(),
           py::arg("node_sets") = py::dict(), py::arg("element_sets") = py::dict(),
           py::arg("contact_pairs") = py::list(),
           "A mesh from arrays: coordinates (n, 3); blocks [Block]; node_ids (n,) positive and\n"
           "unique (default 1..n); surfaces {name: (f, 3) rows [block, element, local_face], or\n"
           "(s,) node indices for a node surface}; node_sets {name: (s,)}; element_sets\n"
           "{name: (e, 2) rows [block, element]}; contact_pairs [(slave, master, mode)] with mode\n"
           "'node-to-surface' or 'surface-to-surface'. Raises ValueError naming the first bad entry.")
      .def_property_readonly("coordinates",
                             [](py::object self) {
                               const Mesh& mesh = self.cast<const Mesh&>();
                               return readonly_view(mesh.coordinates.empty() ? nullptr : mesh.coordinates.front().data(),
                                                    {mesh.node_count(), 3}, self);
                             },
                             "(n, 3) float64, a read-only view of the mesh's own array")
      .def_property_readonly("node_ids",
                             [](py::object self) {
                               const Mesh& mesh = self.cast<const Mesh&>();
                               return readonly_view(mesh.node_ids.data(), {mesh.node_count()}, self);
                             },
                             "(n,) int64 file ids, a read-only view")
      .def_property_readonly("node_count", &Mesh::node_count)
      .def_property_readonly("blocks",
                             [](const Mesh& mesh) {
                               py::list blocks;
                               for (const ElementBlock& b : mesh.blocks) blocks.append(block_of(b));
                               return blocks;
                             },
                             "[Block], new arrays at each access")
      .def_property_readonly("surfaces",
                             [](const Mesh& mesh) {
                               std::vector<std::string> names;
                               for (const auto& s : mesh.surfaces) names.push_back(s.name);
                               return names;
                             },
                             "names of the surfaces defined in the file")
      .def("surface_faces", &surface_faces, py::arg("name"),
           "(f, 3) int64 rows [block, element, local_face] of a surface as defined in the file")
      .def("surface_nodes",
           [](const Mesh& mesh, const std::string& name) { return to_numpy(named_contact_surface(mesh, name).nodes); },
           py::arg("name"),
           "Sorted node indices of a surface as contact uses it (its outward faces' nodes; a volume\n"
           "block's name stands for its exterior)")
      .def_property_readonly("node_sets",
                             [](const Mesh& mesh) {
                               py::dict sets;
                               for (const auto& s : mesh.node_sets) sets[py::str(s.name)] = to_numpy(s.nodes);
                               return sets;
                             })
      .def_property_readonly("element_sets",
                             [](const Mesh& mesh) {
                               py::dict sets;
                               for (const auto& s : mesh.element_sets) {
                                 IdArray rows({static_cast<py::ssize_t>(s.elements.size()), py::ssize_t{2}});
                                 std::int64_t* out = rows.mutable_data();
                                 for (const ElementRef& e : s.elements) {
                                   *out++ = e.block;
                                   *out++ = e.element;
                                 }
                                 sets[py::str(s.name)] = rows;
                               }
                               return sets;
                             },
                             "{name: (e, 2) int64 rows [block, element]}")
      .def_property_readonly("contact_pairs",
                             [](const Mesh& mesh) {
                               py::list pairs;
                               for (const auto& p : mesh.contact_pairs)
                                 pairs.append(py::make_tuple(p.slave, p.master, std::string(fecontact::name(p.mode))));
                               return pairs;
                             },
                             "[(slave, master, mode)] as in the file (Abaqus *CONTACT PAIR)")
      .def_readonly("warnings", &Mesh::warnings, "remarks of the reader that did not stop it")
      .def(
          "node_index",
          [](const Mesh& mesh, py::handle ids) {
            const IdArray id = index_array(ids, "ids", {any_size}, 1, std::numeric_limits<FileId>::max());
            IdArray index(id.size());
            for (py::ssize_t i = 0; i < id.size(); ++i) {
              const auto found = mesh.node_index.find(id.data()[i]);
              if (found == mesh.node_index.end())
                throw py::value_error("ids[" + std::to_string(i) + "] = " + std::to_string(id.data()[i]) +
                                      " is no node id of the mesh");
              index.mutable_data()[i] = found->second;
            }
            return index;
          },
          py::arg("ids"), "Node indices (n,) of the node file ids (n,)")
      .def("__repr__", &repr);

  m.def(
      "read_mesh",
      [](const py::object& path) {
        const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
        py::gil_scoped_release release;
        return std::make_shared<Mesh>(read_mesh(file));
      },
      py::arg("path"),
      "Reads a mesh by its extension: .msh (Gmsh 2.2/4.1), .inp (Abaqus/CalculiX), .e/.exo (Exodus II), .stl, .obj.\n"
      "Raises fecontact.ReadError (a ValueError) naming file and line on malformed input.");
}

}  // namespace fecontact::python
