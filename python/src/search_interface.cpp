// SPDX-License-Identifier: BSD-3-Clause
#include "search_interface.hpp"

#include <cmath>
#include <limits>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "mesh_arrays.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

BvKind bv_argument(const std::string& bv) {
  if (const auto named = bv_kind_named(bv)) return *named;
  throw py::value_error("bv: expected " + bv_kind_names() + ", got '" + bv + "'");
}

double distance_argument(double value, const char* name) {
  if (!(std::isfinite(value) && value >= 0))
    throw py::value_error(std::string(name) + " = " + detail::number_text(value) + ": expected a finite value >= 0");
  return value;
}

// A list or tuple of 2-D arrays: faces of several types, one array each.
bool several_face_arrays(const py::object& side) {
  return (py::isinstance<py::list>(side) || py::isinstance<py::tuple>(side)) && py::len(side) > 0 &&
         py::module_::import("numpy").attr("ndim")(side[py::int_(0)]).cast<int>() == 2;
}

// Faces given as one (f, k) array or a list of them (k = 3, 4, 6, 8, 9 nodes: tri3, quad4, tri6,
// quad8, quad9), in that order.
Surface faces_argument(const py::object& faces, Index node_count, const std::string& where) {
  const py::module_ numpy = py::module_::import("numpy");
  const bool several = several_face_arrays(faces);
  std::vector<py::object> arrays;
  if (several) {
    for (const py::handle a : faces) arrays.push_back(py::reinterpret_borrow<py::object>(a));
  } else {
    arrays.push_back(faces);
  }
  std::vector<Index> offsets{0};
  std::vector<Index> nodes;
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    const std::string name = where + (several ? "[" + std::to_string(a) + "]" : "");
    const py::array array = numpy.attr("asarray")(arrays[a]);
    const py::ssize_t k = array.ndim() == 2 ? array.shape(1) : 0;
    if (k != 3 && k != 4 && k != 6 && k != 8 && k != 9 && array.size() != 0)
      throw py::value_error(name + ": expected faces (f, k) with k = 3, 4, 6, 8 or 9 nodes " +
                            "(tri3, quad4, tri6, quad8, quad9)");
    const IdArray f = index_array(array, name.c_str(), {any_size, k == 0 ? 3 : k}, 0, node_count);
    for (py::ssize_t i = 0; i < f.size(); ++i) {
      nodes.push_back(static_cast<Index>(f.data()[i]));
      if ((i + 1) % f.shape(1) == 0) offsets.push_back(static_cast<Index>(nodes.size()));
    }
  }
  return surface_from_arrays(offsets, nodes);
}

// One side of an interface as the library takes it: a named surface of the mesh, slave nodes
// (a 1-D array), or faces.
ContactSurface side_argument(const py::object& side, const Mesh* mesh, Index node_count, const std::string& where) {
  if (py::isinstance<py::str>(side)) {
    if (!mesh) throw py::value_error(where + ": a surface name needs a search built from a Mesh");
    return named_contact_surface(*mesh, side.cast<std::string>());
  }
  ContactSurface surface;
  if (!several_face_arrays(side) && py::module_::import("numpy").attr("ndim")(side).cast<int>() == 1) {
    surface.nodes = as_indices(index_array(side, where.c_str(), {any_size}, 0, node_count));
    surface.nodes_only = true;
    return surface;
  }
  surface.surface = faces_argument(side, node_count, where);
  surface.nodes = surface_nodes(surface.surface);
  return surface;
}

}  // namespace

Interface make_interface(py::object slave, py::object master, const std::string& mode, double tolerance,
                         const std::string& bv, double skin, bool relative, const std::string& leaves,
                         Index patch_faces, double rebuild_factor, bool track_slip) {
  Interface interface;
  interface.mode = contact_mode_argument(mode);
  if (master.is_none()) throw py::value_error("Interface: master is required");
  if (interface.mode == ContactMode::self && !slave.is_none())
    throw py::value_error("Interface: self contact takes the master surface only (slave=None)");
  if (interface.mode != ContactMode::self && slave.is_none())
    throw py::value_error(std::string("Interface: ") + mode + " contact needs a slave");
  interface.slave = std::move(slave);
  interface.master = std::move(master);
  SearchOptions& o = interface.options;
  o.tolerance = distance_argument(tolerance, "tolerance");
  o.relative = relative;
  o.bv = bv_argument(bv);
  o.skin = distance_argument(skin, "skin");
  const auto unit = leaf_unit_named(leaves);
  if (!unit) throw py::value_error("leaves: expected " + leaf_unit_names() + ", got '" + leaves + "'");
  o.leaves = *unit;
  if (patch_faces < 1) throw py::value_error("patch_faces: expected >= 1");
  o.patch_faces = patch_faces;
  if (!(rebuild_factor >= 1 && std::isfinite(rebuild_factor)))
    throw py::value_error("rebuild_factor: expected a finite value >= 1");
  o.rebuild_factor = rebuild_factor;
  o.track_slip = track_slip;
  return interface;
}

bool named(const py::object& side) { return py::isinstance<py::str>(side); }

ContactInterface contact_interface(const Interface& interface, const Mesh* mesh, Index node_count, std::size_t k) {
  const std::string where = "interface " + std::to_string(k) + " ";
  ContactSurface master = side_argument(interface.master, mesh, node_count, where + "master");
  ContactSurface slave = interface.mode == ContactMode::self
                             ? ContactSurface{}
                             : side_argument(interface.slave, mesh, node_count, where + "slave");
  const auto label = [&](const py::object& side, const char* role) {
    return named(side) ? side.cast<std::string>() : where + role;
  };
  return make_contact_interface(interface.mode, std::move(slave), label(interface.slave, "slave"),
                                std::move(master), label(interface.master, "master"), interface.options);
}

FaceIds face_ids(const Surface& surface, const Mesh* mesh, bool owned) {
  FaceIds ids;
  for (const SurfaceFace& face : surface.faces) {
    if (!owned || !mesh) {
      ids.element_id.push_back(-1);
      ids.local_face.push_back(-1);
      continue;
    }
    const ElementBlock& block = mesh->blocks[static_cast<std::size_t>(face.owner.element.block)];
    ids.element_id.push_back(block.element_ids[static_cast<std::size_t>(face.owner.element.element)]);
    ids.local_face.push_back(face.owner.local_face);
  }
  return ids;
}

}  // namespace fecontact::python
