# SPDX-License-Identifier: BSD-3-Clause
"""Conversion between fecontact.Mesh and meshio.Mesh.

Cell types: tet4 tetra, tet10 tetra10, hex8 hexahedron, hex20 hexahedron20, hex27 hexahedron27,
wedge6 wedge, wedge15 wedge15, pyramid5 pyramid, tri3 triangle, tri6 triangle6, quad4 quad,
quad8 quad8, quad9 quad9.

Node order: for each of these types meshio stores VTK's node order, which is fecontact's, so
connectivity passes unchanged (both convert Gmsh's tet10, hex20, hex27 and wedge15 orders to
it when reading .msh files; the tests compare the two readers on files Gmsh wrote).
"""

import numpy as np

from ._fecontact import Block, Mesh

FECONTACT_TO_MESHIO = {
    "tet4": "tetra",
    "tet10": "tetra10",
    "hex8": "hexahedron",
    "hex20": "hexahedron20",
    "hex27": "hexahedron27",
    "wedge6": "wedge",
    "wedge15": "wedge15",
    "pyramid5": "pyramid",
    "tri3": "triangle",
    "tri6": "triangle6",
    "quad4": "quad",
    "quad8": "quad8",
    "quad9": "quad9",
}
MESHIO_TO_FECONTACT = {v: k for k, v in FECONTACT_TO_MESHIO.items()}
_SURFACE_TYPES = {"tri3", "tri6", "quad4", "quad8", "quad9"}


def _skipped(cell_type):
    """Points and lines carry no volume or face: skipped, as the Gmsh reader skips them."""
    return cell_type == "vertex" or cell_type.startswith("line")


def _dimension(cell_type):
    if cell_type in MESHIO_TO_FECONTACT:
        return 2 if MESHIO_TO_FECONTACT[cell_type] in _SURFACE_TYPES else 3
    return 0 if cell_type == "vertex" else 1 if cell_type.startswith("line") else None


def _named_cell_sets(mesh):
    """{name: [cell indices per cell block]}: meshio's cell sets, or, as meshio reads Gmsh 2.2
    files, the cells of each physical group named in field_data ({name: [tag, dimension]})."""
    sets = {name: cells for name, cells in mesh.cell_sets.items() if not name.startswith("gmsh:")}
    physical = mesh.cell_data.get("gmsh:physical")
    if sets or physical is None:
        return sets
    for name, (tag, dimension) in mesh.field_data.items():
        sets[name] = [np.flatnonzero(np.asarray(tags) == tag) if _dimension(block.type) == dimension
                      else np.zeros(0, dtype=np.int64) for block, tags in zip(mesh.cells, physical)]
    return sets


def from_meshio(mesh):
    """The fecontact.Mesh of a meshio.Mesh.

    Blocks: one per (cell set, element type), named by the set (Gmsh physical groups arrive as
    meshio cell sets, or from Gmsh 2.2 files as cell data "gmsh:physical" named in field_data),
    volumes first; cells in no set form a block per meshio cell block, named
    "cells<i>". A cell set of surface elements is also a surface (as read_mesh makes of a Gmsh
    physical surface). Point sets become node sets. Node ids: point data "node_id" when present
    (to_meshio writes it), else 1..n; element ids: cell data "element_id" when present, else the
    cell's position in meshio's cells plus 1 (meshio does not keep Gmsh's element tags).
    Vertex and line cells are skipped; another cell type raises ValueError.
    """
    points = np.asarray(mesh.points, dtype=np.float64)
    if points.ndim != 2 or points.shape[1] not in (2, 3):
        raise ValueError(f"from_meshio: points of shape {points.shape}, expected (n, 2) or (n, 3)")
    if points.shape[1] == 2:
        points = np.hstack([points, np.zeros((len(points), 1))])
    node_ids = mesh.point_data.get("node_id")

    cells = []  # (fecontact type, connectivity, element ids) per meshio cell block, or None
    first_id = 1
    for i, block in enumerate(mesh.cells):
        data = np.asarray(block.data)
        if "element_id" in mesh.cell_data:
            ids = np.asarray(mesh.cell_data["element_id"][i], dtype=np.int64)
        else:
            ids = np.arange(first_id, first_id + len(data), dtype=np.int64)
        first_id += len(data)
        if _skipped(block.type):
            cells.append(None)
            continue
        if block.type not in MESHIO_TO_FECONTACT:
            raise ValueError(
                f"from_meshio: cell block {i} has type '{block.type}', which fecontact does not "
                f"support (supported: {', '.join(MESHIO_TO_FECONTACT)})"
            )
        cells.append((MESHIO_TO_FECONTACT[block.type], data, ids))

    # (name, type) -> lists of connectivity and ids, in the order first met.
    groups = {}
    in_a_set = [np.zeros(len(c[1]) if c else 0, dtype=bool) for c in cells]
    for name, per_block in _named_cell_sets(mesh).items():
        for i, selected in enumerate(per_block):
            if cells[i] is None or selected is None or len(selected) == 0:
                continue
            kind, data, ids = cells[i]
            selected = np.asarray(selected, dtype=np.int64)
            in_a_set[i][selected] = True
            group = groups.setdefault((name, kind), ([], []))
            group[0].append(data[selected])
            group[1].append(ids[selected])
    for i, c in enumerate(cells):
        if c is not None and not in_a_set[i].all():
            rest = ~in_a_set[i]
            groups[(f"cells{i}", c[0])] = ([c[1][rest]], [c[2][rest]])

    keys = sorted(groups, key=lambda key: key[1] in _SURFACE_TYPES)  # volumes first, stable
    blocks = [
        Block(name, kind, np.concatenate(groups[(name, kind)][0]), np.concatenate(groups[(name, kind)][1]))
        for name, kind in keys
    ]
    surfaces = {}
    for b, (name, kind) in enumerate(keys):
        if kind in _SURFACE_TYPES and not any(n == name and k not in _SURFACE_TYPES for n, k in keys):
            count = len(blocks[b].element_ids)
            rows = np.column_stack([np.full(count, b), np.arange(count), np.zeros(count, dtype=np.int64)])
            surfaces[name] = np.concatenate([surfaces[name], rows]) if name in surfaces else rows
    node_sets = {name: np.asarray(nodes, dtype=np.int64) for name, nodes in mesh.point_sets.items()}
    return Mesh(points, blocks, node_ids=node_ids, surfaces=surfaces, node_sets=node_sets)


def to_meshio(mesh):
    """The meshio.Mesh of a fecontact.Mesh: one cell block per block, a cell set per block name,
    point data "node_id" and cell data "element_id" (file ids), node sets as point sets.
    Surfaces made of faces of volume elements have no meshio counterpart and are left out."""
    import meshio

    blocks = mesh.blocks
    cells = [(FECONTACT_TO_MESHIO[b.type], b.connectivity) for b in blocks]
    cell_sets = {}
    for i, b in enumerate(blocks):
        cell_sets.setdefault(b.name, [np.zeros(0, dtype=np.int64) for _ in blocks])[i] = np.arange(
            len(b.element_ids), dtype=np.int64
        )
    return meshio.Mesh(
        np.array(mesh.coordinates),
        cells,
        point_data={"node_id": np.array(mesh.node_ids)},
        cell_data={"element_id": [b.element_ids for b in blocks]},
        point_sets=dict(mesh.node_sets),
        cell_sets=cell_sets,
    )
