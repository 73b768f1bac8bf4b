# SPDX-License-Identifier: BSD-3-Clause
"""meshio as an independent reader: Gmsh files of every element type that Gmsh writes (made
here by the gmsh program) read by meshio and by fecontact give the same node coordinates, the
same connectivity (meshio's node order is fecontact's: the mapping is the identity) and the
same physical groups; from_meshio and to_meshio carry a mesh across both ways."""

import subprocess

import numpy as np
import pytest

import fecontact
from conftest import DEMO

meshio = pytest.importorskip("meshio")

# name: (surface recombine, volume recombine, order, second-order incomplete, volume, surface type)
CASES = {
    "tet4": ("", "", 1, 0, "tetra", "triangle"),
    "tet10": ("", "", 2, 0, "tetra10", "triangle6"),
    "hex8": ("Recombine;", "Recombine;", 1, 0, "hexahedron", "quad"),
    "hex20": ("Recombine;", "Recombine;", 2, 1, "hexahedron20", "quad8"),
    "hex27": ("Recombine;", "Recombine;", 2, 0, "hexahedron27", "quad9"),
    "wedge6": ("", "Recombine;", 1, 0, "wedge", "triangle"),
    "wedge15": ("", "Recombine;", 2, 1, "wedge15", "triangle6"),
}


def gmsh_file(gmsh, folder, case, version, binary=False):
    """A 2 x 3 x 4 box of 2 x 3 x 4 layers, its bottom and top as physical surfaces, saved by
    gmsh in the given .msh version."""
    surface, volume, order, incomplete, _, _ = CASES[case]
    script = folder / f"{case}.geo"
    name = f"{case}_{version}{'_bin' if binary else ''}.msh"
    script.write_text(f"""
Point(1) = {{0, 0, 0}};
l[] = Extrude {{2, 0, 0}} {{ Point{{1}}; Layers{{2}}; }};
s[] = Extrude {{0, 3, 0}} {{ Line{{l[1]}}; Layers{{3}}; {surface} }};
v[] = Extrude {{0, 0, 4}} {{ Surface{{s[1]}}; Layers{{4}}; {volume} }};
Physical Volume("solid") = {{v[1]}};
Physical Surface("bottom") = {{s[1]}};
Physical Surface("top") = {{v[0]}};
Mesh.ElementOrder = {order};
Mesh.SecondOrderIncomplete = {incomplete};
Mesh.MshFileVersion = {version};
Mesh.Binary = {int(binary)};
Mesh 3;
Save "{name}";
""")
    subprocess.run([gmsh, script.name, "-"], cwd=folder, check=True, capture_output=True)
    return folder / name


def meshio_cells(mesh, group, cell_type):
    """The connectivity of the cells of one type in a physical group, in meshio's order (by the
    physical tags meshio reads into cell data, whatever the file version)."""
    tag = mesh.field_data[group][0]
    rows = [block.data[np.asarray(tags) == tag]
            for block, tags in zip(mesh.cells, mesh.cell_data["gmsh:physical"]) if block.type == cell_type]
    return np.concatenate(rows) if rows else np.zeros((0, 0), dtype=int)


# Every type in ASCII 4.1; the types whose Gmsh node order differs from VTK's also in ASCII
# 2.2 and binary 4.1.
FILES = [(case, "4.1", False) for case in sorted(CASES)] + [
    (case, version, binary) for case in ("tet10", "hex20", "hex27", "wedge15")
    for version, binary in (("2.2", False), ("4.1", True))]


@pytest.mark.parametrize("case,version,binary", FILES)
def test_gmsh_files_read_alike_by_meshio_and_fecontact(gmsh, tmp_path, case, version, binary, monkeypatch):
    path = gmsh_file(gmsh, tmp_path, case, version, binary)
    # meshio 5.0 has wedge15 in its Gmsh type and node-order tables but not in its table of cell
    # dimensions, so reading one fails on a KeyError: give it the dimension, nothing else.
    dimensions = getattr(getattr(meshio, "_mesh", None), "topological_dimension", None)
    if isinstance(dimensions, dict) and "wedge15" not in dimensions:
        monkeypatch.setitem(dimensions, "wedge15", 3)
    theirs = meshio.read(path)
    ours = fecontact.read_mesh(path)
    _, _, _, _, volume_type, surface_type = CASES[case]
    np.testing.assert_array_equal(ours.coordinates, theirs.points)
    # Physical groups: names and dimensions.
    groups = {name: int(tag_dim[1]) for name, tag_dim in theirs.field_data.items()}
    assert groups == {"solid": 3, "bottom": 2, "top": 2}
    assert sorted(ours.surfaces) == ["bottom", "top"]
    assert [(b.name, b.type) for b in ours.blocks] == [
        ("solid", case), ("bottom", fecontact._meshio.MESHIO_TO_FECONTACT[surface_type]),
        ("top", fecontact._meshio.MESHIO_TO_FECONTACT[surface_type])]
    # Connectivity, element by element, node by node (the node-order mapping is the identity).
    for block in ours.blocks:
        expected = meshio_cells(theirs, block.name, fecontact._meshio.FECONTACT_TO_MESHIO[block.type])
        assert len(block.connectivity) > 0
        np.testing.assert_array_equal(block.connectivity, expected)
    # The box's volume, 2 x 3 x 4, checks that both orders are a valid element's.
    assert fecontact.mass_properties(ours)["solid"].volume == pytest.approx(24.0, rel=1e-12)
    compare(fecontact.from_meshio(theirs), ours)


def compare(a, b):
    """Two fecontact meshes with the same nodes, blocks (by name and type) and surfaces."""
    np.testing.assert_array_equal(a.coordinates, b.coordinates)
    blocks_a = {(x.name, x.type): x.connectivity for x in a.blocks}
    blocks_b = {(x.name, x.type): x.connectivity for x in b.blocks}
    assert blocks_a.keys() == blocks_b.keys()
    for key, connectivity in blocks_a.items():
        np.testing.assert_array_equal(connectivity, blocks_b[key])
    assert sorted(a.surfaces) == sorted(b.surfaces)
    for name in a.surfaces:
        np.testing.assert_array_equal(a.surface_nodes(name), b.surface_nodes(name))


def test_from_meshio_of_the_demo_is_read_mesh_of_the_demo(demo):
    converted = fecontact.from_meshio(meshio.read(DEMO))
    compare(converted, demo)
    assert [b.name for b in converted.blocks][:3] == ["block", "cylinder", "t_handle"]  # volumes first
    ours, theirs = fecontact.mass_properties(demo), fecontact.mass_properties(converted)
    for name in ours:
        assert theirs[name].volume == pytest.approx(ours[name].volume, rel=1e-14)
        np.testing.assert_allclose(theirs[name].inertia_com, ours[name].inertia_com, rtol=1e-12, atol=1e-14)
    # The same contact search on either.
    interface = fecontact.Interface(slave="cylinder_surface", master="block_top", tolerance=0.02)
    (a,) = fecontact.ContactSearch(demo, [interface]).search(demo.coordinates)
    (b,) = fecontact.ContactSearch(converted, [interface]).search(converted.coordinates)
    np.testing.assert_array_equal(a.node, b.node)
    np.testing.assert_array_equal(a.gap, b.gap)


def test_to_meshio_and_back_keeps_ids_sets_and_blocks(demo, tmp_path):
    there = fecontact.to_meshio(demo)
    assert [c.type for c in there.cells] == ["tetra10"] * 3 + ["triangle6"] * 2
    back = fecontact.from_meshio(there)
    compare(back, demo)
    np.testing.assert_array_equal(back.node_ids, demo.node_ids)
    for a, b in zip(back.blocks, demo.blocks):
        np.testing.assert_array_equal(a.element_ids, b.element_ids)
    # Through a file that meshio writes and reads (VTK XML, where cells of one type come back
    # as one block).
    meshio.write(tmp_path / "demo.vtu", there)
    again = meshio.read(tmp_path / "demo.vtu")
    np.testing.assert_array_equal(again.points, demo.coordinates)
    for cell_type, kind in (("tetra10", "tet10"), ("triangle6", "tri6")):
        np.testing.assert_array_equal(
            np.concatenate([c.data for c in again.cells if c.type == cell_type]),
            np.concatenate([b.connectivity for b in demo.blocks if b.type == kind]))


def test_from_meshio_pads_2d_points_skips_lines_and_refuses_other_cells():
    mesh = meshio.Mesh(np.array([[0, 0], [1, 0], [0, 1], [1, 1]], dtype=float),
                       [("triangle", np.array([[0, 1, 2], [1, 3, 2]])), ("line", np.array([[0, 1]]))])
    converted = fecontact.from_meshio(mesh)
    np.testing.assert_array_equal(converted.coordinates[:, 2], 0)
    assert [(b.name, b.type) for b in converted.blocks] == [("cells0", "tri3")]
    np.testing.assert_array_equal(converted.blocks[0].element_ids, [1, 2])
    with pytest.raises(ValueError, match="cell block 0 has type 'triangle10'"):
        fecontact.from_meshio(meshio.Mesh(np.zeros((10, 3)), [("triangle10", np.arange(10)[None])]))
    with pytest.raises(ValueError, match=r"connectivity\[0, 2\] = 9: the mesh has 4 nodes"):
        fecontact.from_meshio(meshio.Mesh(np.zeros((4, 3)), [("triangle", np.array([[0, 1, 9]]))]))
