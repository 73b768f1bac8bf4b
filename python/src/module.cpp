// SPDX-License-Identifier: BSD-3-Clause
// The compiled part of the Python package fecontact (fecontact/__init__.py re-exports it).

#include "bindings.hpp"

PYBIND11_MODULE(_fecontact, m) {
  m.doc() = "fecontact: contact search and mass properties for FE meshes (numpy in and out)";
  using namespace fecontact::python;
  bind_errors(m);
  bind_geometry(m);
  bind_mesh(m);
  bind_mass(m);
  bind_search(m);
  bind_vtu(m);
  bind_mortar(m);
  bind_closest_faces(m);
}
