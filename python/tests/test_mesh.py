# SPDX-License-Identifier: BSD-3-Clause
"""fecontact.read_mesh, Mesh and Block: what the readers give, views without copies, meshes
made from arrays, and every bad argument refused with a ValueError that names it."""

import gc

import numpy as np
import pytest

import fecontact
from conftest import DEMO, SOURCE_DIR


def test_demo_mesh_has_the_blocks_and_surfaces_of_its_geo_file(demo):
    # data/demo.geo: physical volumes block, cylinder, t_handle; physical surfaces block_top and
    # cylinder_surface (second-order tets, their faces tri6).
    assert demo.coordinates.shape == (9602, 3) and demo.coordinates.dtype == np.float64
    assert demo.node_ids.shape == (9602,) and demo.node_ids.dtype == np.int64
    assert [(b.name, b.type) for b in demo.blocks] == [
        ("block", "tet10"), ("cylinder", "tet10"), ("t_handle", "tet10"),
        ("block_top", "tri6"), ("cylinder_surface", "tri6")]
    for b in demo.blocks:
        assert b.connectivity.dtype == np.int64 and b.connectivity.shape[1] == (10 if b.type == "tet10" else 6)
        assert b.element_ids.shape == (len(b.connectivity),)
    assert demo.surfaces == ["block_top", "cylinder_surface"]
    assert demo.contact_pairs == []
    # The block is the box [-2, 2] x [-1.5, 1.5] x [-1, 0] of demo.geo.
    block = demo.blocks[0].connectivity
    np.testing.assert_array_equal(demo.coordinates[block].min(axis=(0, 1)), [-2, -1.5, -1])
    np.testing.assert_array_equal(demo.coordinates[block].max(axis=(0, 1)), [2, 1.5, 0])


def test_coordinates_and_node_ids_are_read_only_views_that_keep_the_mesh_alive():
    mesh = fecontact.read_mesh(DEMO)
    a, b = mesh.coordinates, mesh.coordinates
    assert np.shares_memory(a, b)  # the mesh's own array, not a copy per access
    assert not a.flags.writeable and not mesh.node_ids.flags.writeable
    with pytest.raises(ValueError):
        a[0, 0] = 1.0
    expected = np.array(a)
    del mesh, b
    gc.collect()
    np.testing.assert_array_equal(a, expected)  # the view still owns the mesh


def test_read_mesh_takes_path_objects(demo):
    assert fecontact.read_mesh(DEMO).node_count == demo.node_count
    assert fecontact.read_mesh(str(DEMO)).node_count == demo.node_count


def malformed_cases():
    """The corpus of tests/malformed: file | line | message fragment | comment."""
    cases = []
    for line in (SOURCE_DIR / "tests" / "malformed" / "expected.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            file, number, fragment, _ = (field.strip() for field in line.split("|"))
            cases.append((file, int(number), fragment))
    return cases


@pytest.mark.parametrize("file,line,fragment", malformed_cases())
def test_malformed_files_raise_read_error_naming_file_and_line(file, line, fragment, tmp_path):
    path = SOURCE_DIR / "tests" / "malformed" / file
    if file.startswith("directory."):
        path = tmp_path / file
        path.mkdir()
    with pytest.raises(fecontact.ReadError) as raised:
        fecontact.read_mesh(path)
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.file == str(path) and error.line == line
    assert fragment in error.message and fragment in str(error)
    assert str(error).startswith(f"{path}:{line}" if line else str(path))


def test_an_abaqus_deck_gives_its_sets_surfaces_and_contact_pairs(tmp_path):
    deck = tmp_path / "pair.inp"
    deck.write_text(
        "*NODE\n" + "".join(f"{i + 1}, {x}, {y}, {z}\n" for i, (x, y, z) in enumerate(
            [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)])) +
        "*ELEMENT, TYPE=C3D8, ELSET=cube\n7, 1, 2, 3, 4, 5, 6, 7, 8\n"
        "*NSET, NSET=top\n5, 6, 7, 8\n"
        "*SURFACE, NAME=cube_top\ncube, S2\n"
        "*SURFACE, NAME=top_nodes, TYPE=NODE\ntop\n"
        "*CONTACT PAIR, INTERACTION=i, TYPE=SURFACE TO SURFACE\ncube_top, cube_top\n")
    mesh = fecontact.read_mesh(deck)
    assert mesh.blocks[0].name == "cube" and mesh.blocks[0].type == "hex8"
    np.testing.assert_array_equal(mesh.blocks[0].element_ids, [7])
    np.testing.assert_array_equal(mesh.node_sets["top"], [4, 5, 6, 7])
    np.testing.assert_array_equal(mesh.surface_faces("cube_top"), [[0, 0, 1]])  # S2: local face 1
    np.testing.assert_array_equal(mesh.surface_nodes("top_nodes"), [4, 5, 6, 7])
    np.testing.assert_array_equal(mesh.surface_nodes("cube_top"), [4, 5, 6, 7])  # the face z = 1
    assert mesh.contact_pairs == [("cube_top", "cube_top", "surface-to-surface")]
    with pytest.raises(ValueError, match="node surface"):
        mesh.surface_faces("top_nodes")


def test_surface_nodes_of_a_volume_block_are_its_exterior(demo):
    # The block is a box: its exterior nodes are exactly its nodes on the box's six faces.
    nodes = np.unique(demo.blocks[0].connectivity)
    x = demo.coordinates[nodes]
    on_box = (np.isclose(np.abs(x[:, 0]), 2) | np.isclose(np.abs(x[:, 1]), 1.5) |
              np.isclose(x[:, 2], -1) | np.isclose(x[:, 2], 0))
    np.testing.assert_array_equal(demo.surface_nodes("block"), nodes[on_box])
    with pytest.raises(ValueError, match="no surface or volume block named 'nothing'.*block_top"):
        demo.surface_nodes("nothing")


def test_node_index_inverts_node_ids(demo):
    rows = np.array([0, 17, 9601])
    np.testing.assert_array_equal(demo.node_index(demo.node_ids[rows]), rows)
    with pytest.raises(ValueError, match="no node id"):
        demo.node_index([10**12])


def cube_arrays():
    corners = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                        [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
    return corners, np.arange(8)[None, :]


def test_a_mesh_from_arrays_keeps_what_it_was_given():
    x, hexes = cube_arrays()
    mesh = fecontact.Mesh(
        x, [fecontact.Block("cube", "hex8", hexes, [42]), fecontact.Block("lid", "quad4", [[4, 5, 6, 7]])],
        node_ids=np.arange(101, 109), surfaces={"lid": [[1, 0, 0]], "top": np.array([4, 5, 6, 7])},
        node_sets={"bottom": [0, 1, 2, 3]}, element_sets={"both": [[0, 0], [1, 0]]},
        contact_pairs=[("top", "lid", "node-to-surface")])
    np.testing.assert_array_equal(mesh.coordinates, x)
    np.testing.assert_array_equal(mesh.node_ids, np.arange(101, 109))
    np.testing.assert_array_equal(mesh.blocks[1].element_ids, [43])  # numbered on after 42
    np.testing.assert_array_equal(mesh.surface_faces("lid"), [[1, 0, 0]])
    np.testing.assert_array_equal(mesh.node_sets["bottom"], [0, 1, 2, 3])
    np.testing.assert_array_equal(mesh.element_sets["both"], [[0, 0], [1, 0]])
    assert mesh.contact_pairs == [("top", "lid", "node-to-surface")]
    np.testing.assert_array_equal(mesh.node_index([108, 101]), [7, 0])


@pytest.mark.parametrize("arguments,message", [
    (lambda x, h: ([[0, 0, np.nan]] + list(x[1:]), []), r"coordinates\[0, 2\] is nan"),
    (lambda x, h: (x[:, :2], []), r"coordinates: expected shape \(n, 3\), got \(8, 2\)"),
    (lambda x, h: (x.astype(complex), []), "coordinates: expected real numbers"),
    (lambda x, h: (x, [fecontact.Block("c", "hex8", h + 1)]), r"connectivity\[0, 7\] = 8: the mesh has 8 nodes"),
    (lambda x, h: (x, [], {"node_ids": [1, 2, 3, 4, 5, 6, 7, 1]}), r"node_ids\[7\] = 1 repeats"),
    (lambda x, h: (x, [], {"node_ids": np.arange(8)}), r"node_ids\[0\] = 0 is outside"),
    (lambda x, h: (x, [fecontact.Block("c", "hex8", h)], {"surfaces": {"s": [[0, 0, 6]]}}), "local face 6 of a hex8"),
    (lambda x, h: (x, [fecontact.Block("c", "hex8", h)], {"surfaces": {"s": [[1, 0, 0]]}}), "block 1 of 1"),
    (lambda x, h: (x, [fecontact.Block("c", "hex8", h)], {"element_sets": {"e": [[0, 1]]}}), "element 1 of block 'c'"),
    (lambda x, h: (x, [], {"contact_pairs": [("a", "b", "glued")]}), "unknown contact mode 'glued'"),
])
def test_bad_mesh_arrays_are_value_errors_naming_the_entry(arguments, message):
    x, hexes = cube_arrays()
    args = arguments(x, hexes)
    with pytest.raises(ValueError, match=message):
        fecontact.Mesh(args[0], args[1], **(args[2] if len(args) > 2 else {}))


@pytest.mark.parametrize("block,message", [
    (lambda: fecontact.Block("c", "hex9", [[0] * 9]), "unknown element type 'hex9'"),
    (lambda: fecontact.Block("c", "hex8", [[0] * 7]), r"connectivity: expected shape \(n, 8\), got \(1, 7\)"),
    (lambda: fecontact.Block("c", "hex8", [[0.0] * 8]), "connectivity: expected integers, got dtype float64"),
    (lambda: fecontact.Block("c", "hex8", [[-1] * 8]), r"connectivity\[0, 0\] = -1 is outside"),
    (lambda: fecontact.Block("c", "tet4", [[0, 1, 2, 3]], [0]), r"element_ids\[0\] = 0 is outside"),
    (lambda: fecontact.Block("c", "tet4", [[0, 1, 2, 3]], [1, 2]), r"element_ids: expected shape \(1,\)"),
])
def test_bad_blocks_are_value_errors(block, message):
    with pytest.raises(ValueError, match=message):
        block()


def test_a_block_changed_after_its_checks_is_checked_again():
    x, hexes = cube_arrays()
    block = fecontact.Block("c", "hex8", hexes.copy(), [1])
    block.connectivity[0, 3] = -4
    with pytest.raises(ValueError, match=r"connectivity\[0, 3\] = -4"):
        fecontact.Mesh(x, [block])
    block.connectivity[0, 3] = 3
    block.element_ids[0] = 0
    with pytest.raises(ValueError, match=r"element_ids\[0\] = 0"):
        fecontact.Mesh(x, [block])


def test_an_empty_mesh_is_a_mesh():
    mesh = fecontact.Mesh(np.zeros((0, 3)))
    assert mesh.node_count == 0 and mesh.coordinates.shape == (0, 3) and mesh.blocks == []


def test_read_mesh_reads_the_exodus_file_meshio_writes_of_the_demo(demo, tmp_path):
    # meshio (an independent writer) converts the Gmsh file to Exodus II; tet10 and tri6 keep
    # VTK's node order, which is Exodus's for them.
    meshio = pytest.importorskip("meshio")
    pytest.importorskip("netCDF4")
    gmsh = meshio.read(DEMO)
    cells = [c for c in gmsh.cells if c.type in ("tetra10", "triangle6")]
    path = tmp_path / "demo.e"
    meshio.write(path, meshio.Mesh(gmsh.points, cells), file_format="exodus")
    try:
        exodus = fecontact.read_mesh(path)
    except fecontact.ReadError as error:
        if "built without the Exodus library" in str(error):
            pytest.skip(str(error))
        raise
    np.testing.assert_array_equal(exodus.coordinates, demo.coordinates)
    for kind in ("tet10", "tri6"):
        rows = lambda mesh: sorted(map(tuple, np.concatenate(
            [b.connectivity for b in mesh.blocks if b.type == kind])))
        assert rows(exodus) == rows(demo)
