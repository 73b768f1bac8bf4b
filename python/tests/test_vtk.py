# SPDX-License-Identifier: BSD-3-Clause
"""The .vtu files of `fecontact` (the demo and `search --vtu`), of ContactSearch.write_vtu and of
write_vtu, read back by VTK's own vtkXMLUnstructuredGridReader: cell types, point and cell
arrays, and cell volumes by vtkCellSizeFilter against fecontact's mass properties and the
closed forms of the demo's geometry."""

import subprocess

import numpy as np
import pytest

import fecontact
from conftest import DEMO

vtk_xml = pytest.importorskip("vtkmodules.vtkIOXML")
vtk_verdict = pytest.importorskip("vtkmodules.vtkFiltersVerdict")
from vtkmodules.util.numpy_support import vtk_to_numpy  # noqa: E402

VTK_TYPE = {"tet10": 24, "tri6": 22, "hex8": 12, "quad4": 9}  # vtkCellType.h
LINE = 3
MESH_NODES = 9602
TOL = 0.02


def read_vtu(path):
    reader = vtk_xml.vtkXMLUnstructuredGridReader()
    reader.SetFileName(str(path))
    reader.Update()
    grid = reader.GetOutput()
    assert grid.GetNumberOfPoints() > 0, f"VTK read nothing from {path}"
    return grid


def arrays(data):
    return {data.GetArrayName(i): vtk_to_numpy(data.GetArray(i)) for i in range(data.GetNumberOfArrays())}


def cell_sizes(grid, measure):
    sizes = vtk_verdict.vtkCellSizeFilter()
    sizes.SetInputData(grid)
    for flag in ("VertexCount", "Length", "Area", "Volume"):
        getattr(sizes, f"SetCompute{flag}")(flag == measure)
    sizes.Update()
    return vtk_to_numpy(sizes.GetOutput().GetCellData().GetArray(measure))


def cells(grid):
    """The point ids of every cell, as a list of arrays."""
    connectivity = vtk_to_numpy(grid.GetCells().GetConnectivityArray())
    offsets = vtk_to_numpy(grid.GetCells().GetOffsetsArray())
    return [connectivity[a:b] for a, b in zip(offsets[:-1], offsets[1:])]


def faceted_tet10_volumes(x, tets):
    """The volume enclosed by each tet10's faces cut into four flat triangles at their mid-edge
    nodes (divergence theorem: the sum of p0 . (p1 x p2) / 6 over the triangles): what VTK's
    linear subdivision of a quadratic tetrahedron measures, whichever diagonal it splits the
    inner octahedron along. Curved tets come out smaller than their isoparametric volume."""
    mid = {(0, 1): 4, (1, 2): 5, (0, 2): 6, (0, 3): 7, (1, 3): 8, (2, 3): 9}  # VTK's tet10 edges
    m = lambda i, j: mid[(min(i, j), max(i, j))]
    triangles = []
    for a, b, c in [(0, 1, 2), (0, 3, 1), (1, 3, 2), (2, 3, 0)]:  # consistently oriented faces
        triangles += [(a, m(a, b), m(c, a)), (m(a, b), b, m(b, c)), (m(c, a), m(b, c), c),
                      (m(a, b), m(b, c), m(c, a))]
    total = sum(np.einsum("ij,ij->i", x[tets[:, i]], np.cross(x[tets[:, j]], x[tets[:, k]])) for i, j, k in triangles)
    return np.abs(total) / 6


def test_the_demo_vtu_reads_in_vtk(app, demo, tmp_path):
    subprocess.run([app], cwd=tmp_path, check=True, capture_output=True)
    grid = read_vtu(tmp_path / "fecontact-demo.vtu")
    assert (grid.GetNumberOfPoints(), grid.GetNumberOfCells()) == (10832, 6864)
    points, cell_data = arrays(grid.GetPointData()), arrays(grid.GetCellData())
    assert sorted(points) == ["contact_normal", "gap", "node_id"]
    assert sorted(cell_data) == ["block", "distance", "element_id", "interface", "kind"]
    kind, block = cell_data["kind"], cell_data["block"]
    types = vtk_to_numpy(grid.GetCellTypesArray())
    # Element cells: the mesh's elements, block after block, with VTK's type of each.
    elements = np.concatenate([np.full(len(b.connectivity), VTK_TYPE[b.type]) for b in demo.blocks])
    np.testing.assert_array_equal(types[kind == 0], elements)
    np.testing.assert_array_equal(block[kind == 0], np.repeat(np.arange(5), [len(b.connectivity) for b in demo.blocks]))
    np.testing.assert_array_equal(cell_data["element_id"][kind == 0],
                                  np.concatenate([b.element_ids for b in demo.blocks]))
    # Contacts and pairs: one line each, on two points of their own after the mesh's nodes.
    lines = np.flatnonzero(kind != 0)
    assert np.all(types[lines] == LINE) and set(kind[lines]) <= {1, 2}
    assert grid.GetNumberOfPoints() == MESH_NODES + 2 * len(lines)
    np.testing.assert_array_equal(vtk_to_numpy(grid.GetPoints().GetData())[:MESH_NODES], demo.coordinates)
    np.testing.assert_array_equal(points["node_id"][:MESH_NODES], demo.node_ids)
    np.testing.assert_array_equal(points["node_id"][MESH_NODES:], -1)
    # Volumes. VTK measures a tet10 as a faceted solid: straight-sided ones (the block, the
    # T-handle) exactly, the cylinder's curved ones below their isoparametric volume, which is
    # itself below pi r^2 L.
    volume = cell_sizes(grid, "Volume")
    mass = fecontact.mass_properties(demo)
    x = demo.coordinates
    for b, (name, closed_form) in enumerate([("block", 12.0), ("cylinder", np.pi * 0.25 * 3), ("t_handle", 0.8)]):
        vtk_volume = volume[(kind == 0) & (block == b)]
        np.testing.assert_allclose(vtk_volume, faceted_tet10_volumes(x, demo.blocks[b].connectivity), rtol=1e-11)
        if name == "cylinder":
            assert vtk_volume.sum() < mass[name].volume < closed_form
            assert mass[name].volume == pytest.approx(closed_form, rel=1e-4)
        else:
            assert vtk_volume.sum() == pytest.approx(mass[name].volume, rel=1e-13)
            assert mass[name].volume == pytest.approx(closed_form, rel=1e-13)
    # The block's top, 4 x 3, by VTK's areas of its flat tri6 cells.
    area = cell_sizes(grid, "Area")
    assert area[(kind == 0) & (block == 3)].sum() == pytest.approx(12.0, rel=1e-13)


def check_contact_grid(grid, demo, r):
    """The arrays of a contact .vtu against one node-to-surface result r."""
    points, cell_data = arrays(grid.GetPointData()), arrays(grid.GetCellData())
    gap = points["gap"][:MESH_NODES]
    np.testing.assert_array_equal(gap[r.node], r.gap)
    assert np.all(np.isnan(np.delete(gap, r.node)))
    np.testing.assert_array_equal(points["contact_normal"][r.node], r.normal)
    kind = cell_data["kind"]
    assert np.count_nonzero(kind == 1) == len(r) and np.count_nonzero(kind == 2) == len(r.pair_slave)
    np.testing.assert_array_equal(cell_data["distance"][kind == 1], r.gap)
    np.testing.assert_array_equal(cell_data["distance"][kind == 2], r.pair_distance)
    assert np.all(cell_data["interface"][kind != 0] == 0) and np.all(cell_data["interface"][kind == 0] == -1)
    # Each contact line runs from its slave node's position to its contact point.
    x = vtk_to_numpy(grid.GetPoints().GetData())
    lines = [c for c, k in zip(cells(grid), kind) if k == 1]
    np.testing.assert_array_equal(np.array([x[c[0]] for c in lines]), demo.coordinates[r.node])
    np.testing.assert_array_equal(np.array([x[c[1]] for c in lines]), r.point)


def test_search_vtu_of_the_program_and_of_python_agree_with_the_python_search(app, demo, tmp_path):
    search = fecontact.ContactSearch(demo, [fecontact.Interface(slave="cylinder_surface", master="block_top",
                                                                tolerance=TOL)])
    (r,) = search.search(demo.coordinates)
    subprocess.run([app, "search", str(DEMO), "--pair", "cylinder_surface:block_top", "--tolerance", str(TOL),
                    "--vtu", str(tmp_path / "program.vtu")], check=True, capture_output=True)
    search.write_vtu(tmp_path / "python.vtu")
    for name in ("program.vtu", "python.vtu"):
        check_contact_grid(read_vtu(tmp_path / name), demo, r)


def test_write_vtu_of_a_mesh_with_arrays_of_its_own(tmp_path):
    # Two unit hexahedra side by side and a quad on top, made from arrays.
    x = np.array([[i, j, k] for k in (0, 1) for j in (0, 1) for i in (0, 1, 2)], dtype=float)
    hexes = np.array([[0, 1, 4, 3, 6, 7, 10, 9], [1, 2, 5, 4, 7, 8, 11, 10]])
    mesh = fecontact.Mesh(x, [fecontact.Block("bricks", "hex8", hexes, [5, 6]),
                              fecontact.Block("lid", "quad4", [[6, 7, 10, 9]], [9])], node_ids=np.arange(11, 23))
    temperature = np.linspace(0, 1, 12)
    temperature[3] = np.nan  # NaN marks "no value"
    fecontact.write_vtu(tmp_path / "bricks.vtu", mesh,
                        point_data={"temperature": temperature, "velocity": x * 2},
                        cell_data={"material": np.array([1, 2, 3]), "stress": np.eye(3)})
    grid = read_vtu(tmp_path / "bricks.vtu")
    points, cell_data = arrays(grid.GetPointData()), arrays(grid.GetCellData())
    np.testing.assert_array_equal(vtk_to_numpy(grid.GetPoints().GetData()), x)
    np.testing.assert_array_equal(vtk_to_numpy(grid.GetCellTypesArray()), [12, 12, 9])
    for got, expected in zip(cells(grid), [*hexes, [6, 7, 10, 9]]):
        np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(points["node_id"], np.arange(11, 23))
    np.testing.assert_array_equal(points["temperature"], temperature)
    np.testing.assert_array_equal(points["velocity"], x * 2)
    np.testing.assert_array_equal(cell_data["element_id"], [5, 6, 9])
    np.testing.assert_array_equal(cell_data["block"], [0, 0, 1])
    assert cell_data["material"].dtype == np.int64 and list(cell_data["material"]) == [1, 2, 3]
    np.testing.assert_array_equal(cell_data["stress"], np.eye(3))
    np.testing.assert_allclose(cell_sizes(grid, "Volume")[:2], [1.0, 1.0], rtol=1e-14)
    with pytest.raises(ValueError, match=r"point_data\['t'\]"):
        fecontact.write_vtu(tmp_path / "bad.vtu", mesh, point_data={"t": np.zeros(5)})


def test_write_vtu_draws_the_coordinates_as_they_were_searched(demo, tmp_path):
    # The search copies the caller's array (it runs without the GIL): writing NaN into that
    # array afterwards must not reach what write_vtu draws by default.
    x = demo.coordinates.copy()
    search = fecontact.ContactSearch(demo, [fecontact.Interface(slave="cylinder_surface", master="block_top",
                                                                tolerance=TOL)])
    search.search(x)
    x[:] = np.nan
    search.write_vtu(tmp_path / "searched.vtu")
    grid = read_vtu(tmp_path / "searched.vtu")
    np.testing.assert_array_equal(vtk_to_numpy(grid.GetPoints().GetData())[:MESH_NODES], demo.coordinates)
