# SPDX-License-Identifier: BSD-3-Clause
"""ContactSearch from Python against closed forms: the demo's cylinder resting on the plane
z = 0 of the block's top, flat grids, two layers in self contact; the same search from plain
arrays; steps with a skin and with predicted coordinates; every bad argument a ValueError."""

import numpy as np
import pytest

import fecontact

TOL = 0.02
# Abaqus's faces of a tetrahedron (S1..S4), 1-based corners 1-2-3, 1-4-2, 2-4-3, 3-4-1.
TET_FACES = np.array([[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]])
# VTK's tet10 mid-edge nodes: node 4 + k is the middle of edge k.
TET10_EDGES = {(0, 1): 4, (1, 2): 5, (0, 2): 6, (0, 3): 7, (1, 3): 8, (2, 3): 9}


def block_named(mesh, name):
    return next(b for b in mesh.blocks if b.name == name)


def slave_nodes(demo):
    return np.unique(block_named(demo, "cylinder_surface").connectivity)


def expected_contacts(demo, coordinates=None):
    """Closed form: every cylinder surface node lies above or below the block's top (|x| <= 1.5
    < 2, |y| <= 0.5 < 1.5): those within TOL of the plane z = 0 (above it or penetrating) are
    in contact, with gap z, normal +z, point (x, y, 0)."""
    x = demo.coordinates if coordinates is None else coordinates
    nodes = slave_nodes(demo)
    return nodes[np.abs(x[nodes, 2]) <= TOL]


def test_node_to_surface_on_the_demo_is_the_plane_z_0(demo):
    search = fecontact.ContactSearch(demo, [fecontact.Interface(
        slave="cylinder_surface", master="block_top", mode="node-to-surface", tolerance=TOL, bv="aabb")])
    (r,) = search.search(demo.coordinates)
    nodes = expected_contacts(demo)
    assert len(nodes) > 50
    np.testing.assert_array_equal(r.node, nodes)
    np.testing.assert_array_equal(r.node_id, demo.node_ids[nodes])
    x = demo.coordinates[nodes]
    np.testing.assert_allclose(r.gap, x[:, 2], atol=1e-15)
    assert r.gap.min() == pytest.approx(-0.01, abs=1e-12)  # demo.geo: pressed 0.01 into the block
    np.testing.assert_allclose(r.normal, np.tile([0, 0, 1.0], (len(nodes), 1)), atol=1e-14)
    np.testing.assert_allclose(r.point, np.column_stack([x[:, :2], np.zeros(len(nodes))]), atol=1e-14)
    assert r.local.shape == (len(nodes), 2) and set(r.feature) <= {0, 1, 2}
    assert r.tolerance == TOL and r.searched and r.rebuilt and r.mode == "node-to-surface"
    assert len(r) == len(nodes) and len(r.pair_slave) >= len(nodes)


def test_contact_faces_are_named_by_element_id_and_abaqus_face_number(demo):
    (r,) = fecontact.ContactSearch(demo, [fecontact.Interface(
        slave="cylinder_surface", master="block_top", tolerance=TOL)]).search(demo.coordinates)
    block = block_named(demo, "block")
    row_of = {int(i): k for k, i in enumerate(block.element_ids)}
    for element_id, local_face, point in zip(r.face_element_id, r.local_face, r.point):
        corners = demo.coordinates[block.connectivity[row_of[element_id]][TET_FACES[local_face]]]
        assert np.all(corners[:, 2] == 0)  # a face of the block's top
        # The contact point lies in that triangle (barycentric coordinates >= 0).
        a, b, c = corners[:, :2]
        w = np.linalg.solve(np.column_stack([b - a, c - a]), point[:2] - a)
        assert w.min() >= -1e-12 and w.sum() <= 1 + 1e-12


def top_faces(demo):
    """The block's faces on z = 0 as (f, 6) tri6 node arrays, outward (+z), made here from the
    tets and the tet10 edge table, not by the library."""
    tets = block_named(demo, "block").connectivity
    faces = []
    for tet in tets:
        for corners in TET_FACES:
            nodes = tet[corners]
            x = demo.coordinates[nodes]
            if np.all(x[:, 2] == 0):
                if np.cross(x[1] - x[0], x[2] - x[0])[2] < 0:
                    corners = corners[[0, 2, 1]]
                mids = [tet[TET10_EDGES[tuple(sorted((corners[i], corners[(i + 1) % 3])))]] for i in range(3)]
                faces.append(np.concatenate([tet[corners], mids]))
    return np.array(faces)


def test_the_same_search_from_plain_arrays(demo):
    faces = top_faces(demo)
    assert len(faces) == 464  # the tri6 elements of block_top
    nodes = slave_nodes(demo)
    one = fecontact.ContactSearch(demo.node_count, [fecontact.Interface(slave=nodes, master=faces, tolerance=TOL)])
    split = fecontact.ContactSearch(demo.node_count, [fecontact.Interface(
        slave=nodes.astype(np.int32), master=[faces[:100], faces[100:]], tolerance=TOL)])
    coordinates = np.array(demo.coordinates)
    for search in (one, split):
        (r,) = search.search(coordinates)
        np.testing.assert_array_equal(r.node, expected_contacts(demo))
        np.testing.assert_array_equal(r.node_id, r.node)  # no mesh: ids are indices
        np.testing.assert_array_equal(r.face_element_id, -1)
        np.testing.assert_allclose(r.gap, coordinates[r.node, 2], atol=1e-15)
    np.testing.assert_array_equal(one.faces(0), faces)
    np.testing.assert_array_equal(one.face_ids(0), -1)
    np.testing.assert_array_equal(one.slave_nodes(0), nodes)


def test_surface_to_surface_finds_every_face_near_the_plane_with_every_volume(demo):
    results = {}
    for bv in ("aabb", "obb", "dual"):
        search = fecontact.ContactSearch(demo, [fecontact.Interface(
            slave="cylinder_surface", master="block_top", mode="surface-to-surface", tolerance=TOL, bv=bv)])
        (r,) = search.search(demo.coordinates)
        assert r.mode == "surface-to-surface" and len(r.node) == 0 and len(r) == len(r.pair_slave) > 0
        assert np.all(r.pair_distance <= TOL)
        results[bv] = r
        slave_faces = search.faces(0, "slave")
        # Every slave face with a corner within TOL of the plane (above the block) is paired.
        low = np.flatnonzero(demo.coordinates[slave_faces[:, :3], 2].min(axis=1) <= TOL)
        assert set(low) <= set(r.pair_slave)
        ids = search.face_ids(0, "slave")
        assert np.all(ids[:, 0] > 0) and np.all((0 <= ids[:, 1]) & (ids[:, 1] < 4))
    for bv in ("obb", "dual"):
        np.testing.assert_array_equal(results[bv].pair_slave, results["aabb"].pair_slave)
        np.testing.assert_array_equal(results[bv].pair_master, results["aabb"].pair_master)
        np.testing.assert_array_equal(results[bv].pair_distance, results["aabb"].pair_distance)


def grid(n, z, first=0):
    """An n x n grid of unit squares at height z: its (n+1)^2 nodes and its faces as quads."""
    g = np.arange(n + 1, dtype=float)
    x = np.stack([*np.meshgrid(g, g, indexing="ij"), np.full((n + 1, n + 1), z)], axis=-1).reshape(-1, 3)
    i, j = (a.ravel() for a in np.meshgrid(np.arange(n), np.arange(n), indexing="ij"))
    node = lambda di, dj: first + (i + di) * (n + 1) + (j + dj)
    return x, np.stack([node(0, 0), node(1, 0), node(1, 1), node(0, 1)], axis=1)


def test_self_contact_of_two_layers_pairs_the_triangles_that_overlap():
    # Two triangulated 3 x 3 grids 0.01 apart, as one surface: each triangle of one layer is
    # 0.01 from every triangle of the other whose projection it touches, which in a conforming
    # triangulation are those sharing a grid point; same-layer pairs without a shared node are
    # at least 0.3 apart.
    n = 3
    xa, qa = grid(n, 0.0)
    xb, qb = grid(n, 0.01, first=len(xa))
    x = np.vstack([xa, xb]) * [0.3, 0.3, 1]
    quads = np.vstack([qa, qb[:, ::-1]])  # the upper layer faces down
    triangles = np.vstack([quads[:, [0, 1, 2]], quads[:, [0, 2, 3]]])
    (r,) = fecontact.ContactSearch(len(x), [fecontact.Interface(master=triangles, mode="self", tolerance=0.015)]).search(x)
    layer = triangles[:, 0] >= len(xa)
    key = lambda t: {tuple(p) for p in np.round(x[t, :2], 9)}
    expected = {(a, b) for a in range(len(triangles)) for b in range(a + 1, len(triangles))
                if layer[a] != layer[b] and key(triangles[a]) & key(triangles[b])}
    assert set(zip(r.pair_slave, r.pair_master)) == expected
    np.testing.assert_allclose(r.pair_distance, 0.01, rtol=1e-12)


def test_a_skin_gives_the_results_of_a_search_at_every_step(demo):
    slave = slave_nodes(demo)
    skinned = fecontact.ContactSearch(demo, [fecontact.Interface(
        slave="cylinder_surface", master="block_top", tolerance=TOL, skin=0.05)])
    x = np.array(demo.coordinates)
    searched = []
    for step in range(8):
        x[slave, 2] -= 0.002  # the cylinder sinks
        (r,) = skinned.search(x)
        searched.append(r.searched)
        (fresh,) = fecontact.ContactSearch(demo, [fecontact.Interface(
            slave="cylinder_surface", master="block_top", tolerance=TOL)]).search(x)
        np.testing.assert_array_equal(r.node, fresh.node)
        np.testing.assert_array_equal(r.gap, fresh.gap)
        np.testing.assert_array_equal(r.node, expected_contacts(demo, x))
    assert searched[0] and not all(searched)  # some steps only checked the kept candidates
    assert skinned.build_count == 1


def test_predicted_coordinates_give_each_contact_at_the_end_of_the_step(demo):
    slave = slave_nodes(demo)
    predicted = np.array(demo.coordinates)
    predicted[slave, 2] -= 0.05
    search = fecontact.ContactSearch(demo, [fecontact.Interface(slave="cylinder_surface", master="block_top",
                                                                tolerance=TOL)])
    (r,) = search.search(demo.coordinates, predicted)
    assert r.configurations == 2 and len(r) > 0
    np.testing.assert_allclose(r.gap, demo.coordinates[r.node, 2], atol=1e-15)
    np.testing.assert_allclose(r.predicted_gap, demo.coordinates[r.node, 2] - 0.05, atol=1e-14)
    np.testing.assert_allclose(r.predicted_normal[:, 2], 1.0, atol=1e-14)


def test_a_node_and_a_face_that_pass_through_a_plate_within_a_step_are_found_with_predicted():
    """A flat quad4 plate of 2 x 2 faces at z = 0 over [0, 2]^2; a slave node at (0.5, 0.5) and
    a small slave quad over [0.8, 1.2]^2 go from z = 0.3 to z = -0.3 in one step. A search at
    either end misses both (0.3 away, or deeper than the tolerance); the swept search finds the
    node over face 0 with gap 0.3 at the start and -0.3 at the end (closed form), and the face
    against the four plate faces it crosses."""
    plate = np.array([[0, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6], [4, 5, 8, 7]])
    grid_xy = np.array([[i, j, 0.0] for j in range(3) for i in range(3)])
    square = np.array([[0.8, 0.8], [1.2, 0.8], [1.2, 1.2], [0.8, 1.2]])

    def at(z):
        return np.vstack([grid_xy, [[0.5, 0.5, z]], np.column_stack([square, np.full(4, z)])])

    search = fecontact.ContactSearch(14, [
        fecontact.Interface(master=plate, slave=np.array([9]), tolerance=0.05),
        fecontact.Interface(master=plate, slave=np.array([[10, 13, 12, 11]]), mode="surface-to-surface",
                            tolerance=0.05)])
    for x in (at(0.3), at(-0.3)):
        nodes, faces = search.search(x)
        assert len(nodes) == 0 and len(faces.pair_slave) == 0
    nodes, faces = search.search(at(0.3), at(-0.3))
    assert nodes.configurations == 2
    np.testing.assert_array_equal(nodes.node, [9])
    np.testing.assert_array_equal(nodes.face, [0])
    np.testing.assert_allclose(nodes.gap, [0.3], atol=1e-15)
    np.testing.assert_array_equal(nodes.predicted_face, [0])
    np.testing.assert_allclose(nodes.predicted_gap, [-0.3], atol=1e-15)
    np.testing.assert_array_equal(nodes.predicted_normal, [[0.0, 0.0, 1.0]])
    np.testing.assert_array_equal(faces.pair_slave, [0, 0, 0, 0])
    np.testing.assert_array_equal(faces.pair_master, [0, 1, 2, 3])
    assert len(faces.pair_distance_predicted) == 4


def test_interfaces_come_back_in_their_order_and_the_search_can_write_its_vtu(demo, tmp_path):
    search = fecontact.ContactSearch(demo, [
        fecontact.Interface(slave="cylinder_surface", master="block_top", tolerance=TOL),
        fecontact.Interface(master="t_handle", mode="self", tolerance=TOL),
        fecontact.Interface(slave="cylinder", master="block", mode="surface-to-surface", tolerance=TOL)])
    assert len(search) == 3
    results = search.search(demo.coordinates)
    assert [r.mode for r in results] == ["node-to-surface", "self", "surface-to-surface"]
    with pytest.raises(ValueError, match="nothing searched"):
        fecontact.ContactSearch(demo, []).write_vtu(tmp_path / "none.vtu")
    search.write_vtu(tmp_path / "search.vtu")
    assert (tmp_path / "search.vtu").stat().st_size > 0


@pytest.mark.parametrize("interface,message", [
    (lambda: fecontact.Interface(slave="a", master="b", mode="glued", tolerance=TOL), "unknown contact mode 'glued'"),
    (lambda: fecontact.Interface(slave="a", master="b", bv="sphere", tolerance=TOL), "bv: expected 'aabb', 'obb' or 'dual'"),
    (lambda: fecontact.Interface(slave="a", master="b", tolerance=-1), "tolerance = -1.* expected a finite value >= 0"),
    (lambda: fecontact.Interface(slave="a", master="b", tolerance=TOL, skin=float("nan")), "skin = nan"),
    (lambda: fecontact.Interface(slave="a", master="b", mode="self", tolerance=TOL), "self contact takes the master surface only"),
    (lambda: fecontact.Interface(master="b", tolerance=TOL), "node-to-surface contact needs a slave"),
])
def test_bad_interfaces_are_value_errors(interface, message):
    with pytest.raises(ValueError, match=message):
        interface()


def test_the_tolerance_has_no_default():
    # As in C++, which refuses an unset tolerance: a default of 0 would find only the nodes
    # exactly on the surface and drop every penetration.
    with pytest.raises(TypeError, match=r"tolerance: float,"):  # the signature, without a default
        fecontact.Interface(slave="a", master="b")
    with pytest.raises(TypeError):
        fecontact.Interface(slave="a", master="b", tolerance=None)
    assert fecontact.Interface(slave="a", master="b", tolerance=0.0).tolerance == 0.0  # given, 0 is a choice


@pytest.mark.parametrize("arguments,message", [
    (lambda d: (d, dict(slave="cylinder_surface", master="nothing", tolerance=TOL)), "no surface or volume block named 'nothing'"),
    (lambda d: (10, dict(slave="cylinder_surface", master=[[0, 1, 2]], tolerance=TOL)), "a surface name needs a search built from a Mesh"),
    (lambda d: (10, dict(slave=[0, 10], master=[[0, 1, 2]], tolerance=TOL)), r"interface 0 slave\[1\] = 10 is outside \[0, 10\)"),
    (lambda d: (10, dict(slave=[0], master=[[0, 1, 2, 3, 4]], tolerance=TOL)), "k = 3, 4, 6, 8 or 9 nodes"),
    (lambda d: (10, dict(slave=[0], master=[[0.0, 1, 2]], tolerance=TOL)), "expected integers"),
    (lambda d: (10, dict(slave=[0], master=[1, 2, 3], tolerance=TOL)), "node surface"),
])
def test_bad_search_arguments_are_value_errors(demo, arguments, message):
    where, interface = arguments(demo)
    with pytest.raises(ValueError, match=message):
        fecontact.ContactSearch(where, [fecontact.Interface(**interface)])


def test_bad_coordinates_are_value_errors_and_the_search_goes_on(demo):
    search = fecontact.ContactSearch(demo, [fecontact.Interface(slave="cylinder_surface", master="block_top",
                                                                tolerance=TOL)])
    (before,) = search.search(demo.coordinates)
    x = np.array(demo.coordinates)
    nan = x.copy()
    nan[5, 2] = np.nan
    for bad, message in [(nan, r"coordinates\[5, 2\] is nan"),
                         (x[:-1], "expected 9602 rows"),
                         (x[:, :2], r"expected shape \(n, 3\)"),
                         (x.astype(np.complex128), "real numbers")]:
        with pytest.raises(ValueError, match=message):
            search.search(bad)
    with pytest.raises(ValueError, match=r"predicted\[5, 2\] is nan"):
        search.search(demo.coordinates, nan)
    (after,) = search.search(demo.coordinates)
    np.testing.assert_array_equal(after.gap, before.gap)
    assert search.build_count == 1


RESULT_ARRAYS = ("node", "face", "gap", "normal", "point", "local", "pair_slave", "pair_master", "pair_distance",
                 "predicted_face", "predicted_gap", "predicted_point")


def test_the_search_takes_the_coordinates_in_any_layout_and_leaves_them_alone():
    # The search copies the caller's coordinates before it runs without the GIL, so it takes
    # whatever array numpy can read (read-only, Fortran order, strided rows, float32) and finds
    # what it finds on a fresh C-contiguous float64 copy of the same values, without writing to
    # the caller's array. A grid of squares cut into triangles at z = 0 and a slave node above
    # each grid point at heights between 0.001 and 0.0082: every node in contact, gap = height.
    n = 40
    xm, quads = grid(n, 0.0)
    xs, _ = grid(n, 0.0)
    xs[:, 2] = 0.001 + 0.0008 * (np.arange(len(xs)) * 7 % 10)
    x = np.vstack([xm, xs])
    triangles = np.vstack([quads[:, [0, 1, 2]], quads[:, [0, 2, 3]]])
    slave = np.arange(len(xm), len(x))

    def search(coordinates, predicted=None):
        (r,) = fecontact.ContactSearch(len(x), [fecontact.Interface(
            slave=slave, master=triangles, tolerance=0.01)]).search(coordinates, predicted)
        return r

    reference = search(x)
    np.testing.assert_array_equal(reference.node, slave)
    np.testing.assert_allclose(reference.gap, xs[:, 2], rtol=1e-12)
    np.testing.assert_allclose(reference.point, xm, atol=1e-12)

    def read_only(a):
        a.flags.writeable = False
        return a

    def strided(a):  # the rows of a, 40 bytes apart
        wide = np.zeros((len(a), 5))
        wide[:, 1:4] = a
        return wide[:, 1:4]

    lowered = x - [0, 0, 0.0005]
    for name, given, predicted in [("read-only", read_only(x.copy()), None),
                                   ("Fortran order", np.asfortranarray(x), None),
                                   ("strided", strided(x), None),
                                   ("float32", x.astype(np.float32), None),
                                   ("read-only strided", read_only(strided(x)), read_only(strided(lowered)))]:
        before = given.copy()
        r = search(given, predicted)
        fresh = search(np.array(given, dtype=np.float64, order="C"),
                       None if predicted is None else np.array(predicted, dtype=np.float64, order="C"))
        assert len(r) == len(slave), name
        for array in RESULT_ARRAYS:
            np.testing.assert_array_equal(getattr(r, array), getattr(fresh, array), err_msg=f"{name}: {array}")
        np.testing.assert_array_equal(given, before, err_msg=name)


def test_quad_faces_from_arrays():
    # Slave nodes over the centres of a 6 x 6 grid of quads, 0.003 below: penetration 0.003.
    n = 6
    xm, quads = grid(n, 0.0)
    centres = xm[quads].mean(axis=1) - [0, 0, 0.003]
    x = np.vstack([xm, centres])
    (r,) = fecontact.ContactSearch(len(x), [fecontact.Interface(
        slave=np.arange(len(xm), len(x)), master=quads, tolerance=0.01)]).search(x)
    np.testing.assert_array_equal(r.face, np.arange(len(quads)))
    np.testing.assert_allclose(r.gap, -0.003, rtol=1e-12)
    np.testing.assert_allclose(r.local, 0.0, atol=1e-12)  # the centre of each quad


def test_the_search_keeps_its_own_copy_of_the_coordinates(tmp_path):
    # The caller may reuse its array once a search has returned: neither the results nor the
    # next search depend on what it writes there.
    n = 8
    xm, quads = grid(n, 0.0)
    xs, _ = grid(n, 0.005)
    x = np.vstack([xm, xs])
    slave = np.arange(len(xm), len(x))
    search = fecontact.ContactSearch(len(x), [fecontact.Interface(slave=slave, master=quads, tolerance=0.01)])
    (r,) = search.search(x)
    x[:] = np.nan  # the caller reuses its array
    np.testing.assert_allclose(r.gap, 0.005, rtol=1e-12)
    (again,) = search.search(np.vstack([xm, xs]))
    np.testing.assert_array_equal(again.gap, r.gap)
