// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The parts of the _fecontact extension module, one binding function per part; module.cpp calls
// them in this order (later parts use the classes of earlier ones in their signatures).

#include <pybind11/pybind11.h>

namespace fecontact::python {

void bind_errors(pybind11::module_& m);    // ReadError and the exception translations
void bind_geometry(pybind11::module_& m);  // eigen_symmetric3, Aabb, Obb, fit_aabb, fit_obb
void bind_mesh(pybind11::module_& m);      // Mesh, Block, read_mesh
void bind_mass(pybind11::module_& m);      // MassProperties, mass_properties
void bind_search(pybind11::module_& m);    // Interface, ContactSearch, SearchResult
void bind_vtu(pybind11::module_& m);       // write_vtu
void bind_mortar(pybind11::module_& m);    // MortarResult, mortar_integration
void bind_closest_faces(pybind11::module_& m);  // ClosestFaceSearch

}  // namespace fecontact::python
