# SPDX-License-Identifier: BSD-3-Clause
"""mass_properties against closed forms: the demo's boxes, a rotated cube made from arrays, a
tetrahedron read from STL; the union by the parallel-axis theorem; bad densities and inverted
elements refused."""

import numpy as np
import pytest

import fecontact
from conftest import python_ran_during

RHO = 7850.0


def box_inertia(mass, size):
    a, b, c = size
    return mass / 12 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])


def test_demo_bodies_match_the_closed_forms_of_demo_geo(demo):
    mp = fecontact.mass_properties(demo, density={"block": RHO})
    assert list(mp) == ["block", "cylinder", "t_handle", "total"]
    # The block: box 4 x 3 x 1 centred at (0, 0, -0.5); straight-sided tets integrate it exactly.
    block = mp["block"]
    assert block.volume == pytest.approx(12.0, rel=1e-13)
    assert block.mass == pytest.approx(12.0 * RHO, rel=1e-13)
    np.testing.assert_allclose(block.center_of_mass, [0, 0, -0.5], atol=1e-13)
    np.testing.assert_allclose(block.inertia_com, box_inertia(12.0 * RHO, (4, 3, 1)), rtol=0, atol=1e-12 * RHO * 25)
    np.testing.assert_allclose(block.principal_moments, np.diag(box_inertia(12.0 * RHO, (4, 3, 1))), rtol=1e-13)
    # The T-handle: crossbar 0.4 x 3 x 0.4 at z 0..0.4 and stem 0.4 x 0.4 x 2 at z 0.4..2.4.
    parts = [(0.48, np.array([3.2, 0, 0.2]), (0.4, 3, 0.4)), (0.32, np.array([3.2, 0, 1.4]), (0.4, 0.4, 2))]
    com = sum(v * c for v, c, _ in parts) / 0.8
    inertia = sum(box_inertia(v, s) + v * ((c - com) @ (c - com) * np.eye(3) - np.outer(c - com, c - com))
                  for v, c, s in parts)
    handle = mp["t_handle"]
    assert handle.volume == pytest.approx(0.8, rel=1e-13) and handle.mass == pytest.approx(0.8, rel=1e-13)
    np.testing.assert_allclose(handle.center_of_mass, com, atol=1e-13)
    np.testing.assert_allclose(handle.inertia_com, inertia, atol=1e-13)
    # The cylinder (radius 0.5, length 3) is meshed by curved tet10s: pi r^2 L up to the meshing.
    assert mp["cylinder"].volume == pytest.approx(np.pi * 0.25 * 3, rel=1e-4)


def test_total_is_the_union_by_the_parallel_axis_theorem(demo):
    mp = fecontact.mass_properties(demo, density=2.5)
    bodies = [mp[name] for name in ("block", "cylinder", "t_handle")]
    mass = sum(b.mass for b in bodies)
    com = sum(b.mass * b.center_of_mass for b in bodies) / mass
    inertia = sum(b.inertia_com + b.mass * ((b.center_of_mass - com) @ (b.center_of_mass - com) * np.eye(3) -
                                            np.outer(b.center_of_mass - com, b.center_of_mass - com))
                  for b in bodies)
    total = mp["total"]
    assert total.mass == pytest.approx(mass, rel=1e-14) and total.volume == pytest.approx(mass / 2.5, rel=1e-14)
    np.testing.assert_allclose(total.center_of_mass, com, atol=1e-14)
    np.testing.assert_allclose(total.inertia_com, inertia, rtol=1e-13, atol=1e-12)
    # Principal axes: right-handed unit columns diagonalising the inertia.
    axes, moments = total.principal_axes, total.principal_moments
    np.testing.assert_allclose(axes.T @ axes, np.eye(3), atol=1e-14)
    assert np.linalg.det(axes) == pytest.approx(1.0)
    np.testing.assert_allclose(axes @ np.diag(moments) @ axes.T, total.inertia_com, atol=1e-12 * moments.max())
    assert np.all(np.diff(moments) >= 0)
    # inertia_about: parallel axis to another point.
    p = np.array([1.0, 2.0, 3.0])
    d = total.center_of_mass - p
    np.testing.assert_allclose(total.inertia_about(p), total.inertia_com + mass * (d @ d * np.eye(3) - np.outer(d, d)),
                               rtol=1e-13)


def rotated_cube(inverted=False):
    corners = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                        [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
    rotation = np.linalg.qr(np.random.default_rng(2).normal(size=(3, 3)))[0]
    rotation *= np.sign(np.linalg.det(rotation))
    x = (corners - 0.5) @ rotation.T + [1e3, -2e3, 5e2]
    order = [4, 5, 6, 7, 0, 1, 2, 3] if inverted else list(range(8))
    return x, fecontact.Mesh(x, [fecontact.Block("cube", "hex8", [order], [31])])


def test_a_rotated_unit_cube_from_arrays():
    x, mesh = rotated_cube()
    cube = fecontact.mass_properties(mesh, density={"cube": 3.0})["cube"]
    assert cube.volume == pytest.approx(1.0, rel=1e-12) and cube.mass == pytest.approx(3.0, rel=1e-12)
    np.testing.assert_allclose(cube.center_of_mass, [1e3, -2e3, 5e2], rtol=1e-14)
    np.testing.assert_allclose(cube.inertia_com, 3.0 / 6 * np.eye(3), atol=1e-11)  # m (1 + 1) / 12


def test_a_closed_stl_surface_is_one_body(tmp_path):
    # The unit right tetrahedron: volume 1/6, centroid (1/4, 1/4, 1/4).
    v = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
    faces = [(0, 2, 1), (0, 1, 3), (1, 2, 3), (0, 3, 2)]
    text = "solid t\n" + "".join(
        "facet normal 0 0 0\nouter loop\n" + "".join(f"vertex {' '.join(map(str, v[i]))}\n" for i in f) +
        "endloop\nendfacet\n" for f in faces) + "endsolid t\n"
    (tmp_path / "t.stl").write_text(text)
    mp = fecontact.mass_properties(fecontact.read_mesh(tmp_path / "t.stl"))
    body = [k for k in mp if k != "total"]
    assert len(body) == 1
    assert mp[body[0]].volume == pytest.approx(1 / 6, rel=1e-14)
    np.testing.assert_allclose(mp[body[0]].center_of_mass, [0.25] * 3, atol=1e-15)


def test_bad_densities_and_inverted_elements_are_value_errors(demo):
    with pytest.raises(ValueError, match="density: no body named 'steel'.*'block', 'cylinder', 't_handle'"):
        fecontact.mass_properties(demo, density={"steel": 1.0})
    with pytest.raises(ValueError, match="density of 'block' = -1"):
        fecontact.mass_properties(demo, density={"block": -1.0})
    with pytest.raises(ValueError, match="density of every body = nan"):
        fecontact.mass_properties(demo, density=float("nan"))
    _, inverted = rotated_cube(inverted=True)
    with pytest.raises(ValueError, match=r"body 'cube': 1 inverted or degenerate elements \(ids 31\)"):
        fecontact.mass_properties(inverted)
    with pytest.raises(ValueError, match="no volume block and no surface"):
        fecontact.mass_properties(fecontact.Mesh(np.zeros((1, 3))))


def test_mass_properties_release_the_gil():
    # A grid of 24^3 hex8 elements: long enough for the other thread to be seen running.
    n = 24
    g = np.arange(n + 1, dtype=float)
    x = np.stack(np.meshgrid(g, g, g, indexing="ij"), axis=-1).reshape(-1, 3)
    i, j, k = (a.ravel() for a in np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij"))
    node = lambda di, dj, dk: ((i + di) * (n + 1) + (j + dj)) * (n + 1) + (k + dk)
    hexes = np.stack([node(0, 0, 0), node(1, 0, 0), node(1, 1, 0), node(0, 1, 0),
                      node(0, 0, 1), node(1, 0, 1), node(1, 1, 1), node(0, 1, 1)], axis=1)
    blocks = [fecontact.Block("grid", "hex8", hexes)]
    mesh = fecontact.Mesh(x, blocks)
    assert fecontact.mass_properties(mesh)["grid"].volume == pytest.approx(n ** 3, rel=1e-12)
    assert python_ran_during(lambda: fecontact.mass_properties(mesh)) > 0
    # The probe's control: making a Mesh holds the GIL throughout.
    assert python_ran_during(lambda: fecontact.Mesh(x, blocks * 50)) == 0
