# SPDX-License-Identifier: BSD-3-Clause
"""fecontact: contact search and mass properties for finite-element meshes, numpy in and out.

Read a mesh (``read_mesh``) or make one from arrays (``Mesh``, ``from_meshio``); get the mass
properties of its bodies (``mass_properties``); build a ``ContactSearch`` of ``Interface``s once
and call ``search(coordinates)`` at every step. Conventions (node order, face orientation, the
inertia tensor's sign, eigenvector signs) are those of the C++ library's README.
"""

from ._fecontact import (
    Aabb,
    Block,
    ClosestFaceSearch,
    ContactSearch,
    Interface,
    MassProperties,
    Mesh,
    MortarIntegration,
    MortarResult,
    Obb,
    ReadError,
    SearchResult,
    eigen_symmetric3,
    fit_aabb,
    fit_obb,
    mass_properties,
    mortar_integration,
    read_mesh,
    write_vtu,
)
from ._meshio import from_meshio, to_meshio

__all__ = [
    "Aabb",
    "Block",
    "ClosestFaceSearch",
    "ContactSearch",
    "Interface",
    "MassProperties",
    "Mesh",
    "MortarIntegration",
    "MortarResult",
    "Obb",
    "ReadError",
    "SearchResult",
    "eigen_symmetric3",
    "fit_aabb",
    "fit_obb",
    "from_meshio",
    "mass_properties",
    "mortar_integration",
    "read_mesh",
    "to_meshio",
    "write_vtu",
]
