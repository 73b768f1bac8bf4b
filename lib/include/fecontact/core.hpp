// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The public API of fecontact::core: geometry, meshes, readers and writers, mass properties,
// rigid bodies.

#include "fecontact/compressed_rows.hpp"
#include "fecontact/types.hpp"

#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/covariance.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/obb.hpp"
#include "fecontact/geometry/overlap.hpp"

#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/io/obj_reader.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "fecontact/io/stl_reader.hpp"

#include "fecontact/mass/body_mass.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mass/quadrature.hpp"
#include "fecontact/mass/surface_mass.hpp"

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/shape_functions.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "fecontact/mesh/weld.hpp"

#include "fecontact/rigid/integrators.hpp"
#include "fecontact/rigid/load.hpp"
#include "fecontact/rigid/rigid_body.hpp"
