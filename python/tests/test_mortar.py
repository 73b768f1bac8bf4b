# SPDX-License-Identifier: BSD-3-Clause
"""fecontact.mortar_integration against closed forms: a slave of 2 x 2 quad4 faces on [0, 1]^2
(normal +z) under a master of 3 x 3 tri3 pairs over [-0.1, 1.1]^2 at z = 0.01 (normal -z), pairs
from a ContactSearch. The cells cover the unit square; D's row sums are the integrals of the
slave shape functions (1/16 per face around the node) and equal M's; the weighted gaps are 0.01
times them; the dual basis makes D diagonal. Every bad argument is a ValueError."""

import numpy as np
import pytest

import fecontact


def grid(n, lo, hi, z):
    t = np.linspace(lo, hi, n + 1)
    x, y = np.meshgrid(t, t)
    return np.column_stack([x.ravel(), y.ravel(), np.full(x.size, z)])


def scene():
    slave_x, master_x = grid(2, 0, 1, 0), grid(3, -0.1, 1.1, 0.01)
    x = np.vstack([slave_x, master_x])
    node = lambda i, j, n, first: first + j * (n + 1) + i
    slave = np.array([[node(i, j, 2, 0), node(i + 1, j, 2, 0), node(i + 1, j + 1, 2, 0), node(i, j + 1, 2, 0)]
                      for j in range(2) for i in range(2)])
    master = []
    for j in range(3):
        for i in range(3):  # clockwise seen from +z: normal -z
            a, b, c, d = (node(i, j, 3, 9), node(i + 1, j, 3, 9), node(i + 1, j + 1, 3, 9), node(i, j + 1, 3, 9))
            master += [[a, c, b], [a, d, c]]
    return x, slave, np.array(master)


def pairs(x, slave, master):
    search = fecontact.ContactSearch(len(x), [fecontact.Interface(
        slave=slave, master=master, mode="surface-to-surface", tolerance=0.05)])
    (r,) = search.search(x)
    return search, r


def row_sums(csr, rows):
    data, indices, indptr = csr
    assert len(indptr) == rows + 1 and indptr[0] == 0 and len(data) == len(indices) == indptr[-1]
    return np.array([data[indptr[r]:indptr[r + 1]].sum() for r in range(rows)])


def faces_around(node):
    i, j = node % 3, node // 3
    return (2 if i == 1 else 1) * (2 if j == 1 else 1)


def test_standard_basis_against_closed_forms():
    x, slave, master = scene()
    search, r = pairs(x, slave, master)
    m = fecontact.mortar_integration(x, slave_faces=search.faces(0, "slave"), master_faces=search.faces(0, "master"),
                                     pair_slave=r.pair_slave, pair_master=r.pair_master)
    assert m.point_weight.sum() == pytest.approx(1.0, rel=1e-13)
    assert m.point_weight.shape == (7 * len(m.cell_slave_face),) and m.cell_vertices.shape == (len(m.cell_slave_face), 3, 3)
    assert m.point_slave_local.shape == m.point_master_local.shape == (len(m.point_weight), 2)
    np.testing.assert_array_equal(m.slave_nodes, np.arange(9))
    np.testing.assert_array_equal(m.master_nodes, np.arange(9, 25))
    expected = np.array([faces_around(n) for n in range(9)]) / 16
    np.testing.assert_allclose(row_sums(m.D, 9), expected, rtol=1e-13)
    np.testing.assert_allclose(row_sums(m.M, 9), expected, rtol=1e-13)
    np.testing.assert_allclose(m.weighted_gap, 0.01 * expected, rtol=1e-12)
    np.testing.assert_allclose(m.slave_normals, np.tile([0, 0, 1.0], (9, 1)), atol=1e-15)
    np.testing.assert_allclose(m.slave_coverage, 1, rtol=1e-13)
    assert len(m.uncovered_slave_nodes) == 0 and m.dropped_slivers == 0
    assert m.D[1].max() < 9 and m.M[1].max() < 16  # columns index slave_nodes and master_nodes


def test_dual_basis_has_a_diagonal_d():
    x, slave, master = scene()
    _, r = pairs(x, slave, master)
    m = fecontact.mortar_integration(x, slave_faces=slave, master_faces=master, pair_slave=r.pair_slave,
                                     pair_master=r.pair_master, basis="dual")
    data, indices, indptr = m.D
    np.testing.assert_array_equal(indptr, np.arange(10))
    np.testing.assert_array_equal(indices, np.arange(9))
    np.testing.assert_allclose(data, np.array([faces_around(n) for n in range(9)]) / 16, rtol=1e-13)


def test_bad_input_is_a_value_error():
    x, slave, master = scene()
    _, r = pairs(x, slave, master)

    def call(coordinates, slave_faces, master_faces, pair_slave, pair_master, **options):
        return fecontact.mortar_integration(coordinates, slave_faces=slave_faces, master_faces=master_faces,
                                            pair_slave=pair_slave, pair_master=pair_master, **options)

    ps, pm = r.pair_slave, r.pair_master
    with pytest.raises(ValueError, match="basis"):
        call(x, slave, master, ps, pm, basis="primal")
    with pytest.raises(ValueError, match="tolerance"):
        call(x, slave, master, ps, pm, tolerance=-1)
    with pytest.raises(ValueError, match="coordinates"):
        call(x[:, :2], slave, master, ps, pm)
    bad = x.copy()
    bad[3, 2] = np.nan
    with pytest.raises(ValueError, match="coordinates"):
        call(bad, slave, master, ps, pm)
    with pytest.raises(ValueError, match="slave_faces"):
        call(x, slave[:, :2], master, ps, pm)
    with pytest.raises(ValueError, match="master_faces"):
        call(x, slave, master + 100, ps, pm)
    with pytest.raises(ValueError, match="pair_master"):
        call(x, slave, master, ps, pm + 100)
    with pytest.raises(ValueError, match="pair_master 31"):
        call(x, slave, master, ps, pm[:-1])
    with pytest.raises(ValueError, match="not ascending"):
        call(x, slave, master, ps[::-1], pm[::-1])
    with pytest.raises(ValueError, match="conforming"):
        six = np.column_stack([slave[:, :3], slave[:, :3]])  # mid-edge nodes that are corners
        call(x, six, master, ps, pm, basis="dual")
    with pytest.raises(TypeError):  # the sides by keyword only: a positional call could swap them
        fecontact.mortar_integration(x, slave, master, ps, pm)


def tri6_plate(n, z, facing_down, low=0.0, high=1.0):
    """An n x n grid over [low, high]^2 at height z of tri6 faces (two per cell), normal +z or -z."""
    t = np.linspace(low, high, 2 * n + 1)
    x = np.array([[a, b, z] for b in t for a in t])
    at = lambda i, j: j * (2 * n + 1) + i  # noqa: E731
    faces = []
    for j in range(0, 2 * n, 2):
        for i in range(0, 2 * n, 2):
            faces.append([at(i, j), at(i + 2, j), at(i + 2, j + 2), at(i + 1, j), at(i + 2, j + 1), at(i + 1, j + 1)])
            faces.append([at(i, j), at(i + 2, j + 2), at(i, j + 2), at(i + 1, j + 1), at(i + 1, j + 2), at(i, j + 1)])
    faces = np.array(faces)
    if facing_down:  # corners 1 and 2 swapped, and the mid-edge nodes with them
        faces = faces[:, [0, 2, 1, 5, 4, 3]]
    return x, faces


def test_quadratic_slaves_weight_every_node_by_a_positive_integral():
    """Two flat tri6 surfaces 0.01 apart, every slave face paired with every master face: every
    node's row of D sums to a positive integral (the Lagrange basis gave the corners 0) and its
    weighted gap is 0.01 times it, for both bases."""
    xs, slave = tri6_plate(2, 0.0, False)
    xm, master = tri6_plate(3, 0.01, True)
    x = np.vstack([xs, xm])
    master = master + len(xs)
    ps = np.repeat(np.arange(len(slave)), len(master))
    pm = np.tile(np.arange(len(master)), len(slave))
    sides = dict(slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm)
    for basis in ("standard", "dual"):
        m = fecontact.mortar_integration(x, **sides, basis=basis)
        sums = row_sums(m.D, len(m.slave_nodes))
        assert np.all(sums > 0)
        np.testing.assert_allclose(m.weighted_gap, 0.01 * sums, rtol=1e-11)
        transformation = m.slave_transformation
        assert (len(transformation[2]) == len(m.slave_nodes) + 1) == (basis == "dual")


def dense(rows, shape):
    data, indices, indptr = rows
    a = np.zeros(shape)
    for r in range(shape[0]):
        a[r, indices[indptr[r]:indptr[r + 1]]] += data[indptr[r]:indptr[r + 1]]
    return a


def test_gap_jacobian_matches_central_differences():
    """derivatives=True: gap_jacobian, shape (slave nodes, 3 n), against central differences of
    the weighted gaps on a curved pair of tri6 surfaces, the master beyond the slave's borders and
    shifted so that no edges coincide (where they do, the overlap's topology changes under any
    perturbation and the gaps are not differentiable)."""
    xs, slave = tri6_plate(2, 0.0, False)
    xm, master = tri6_plate(3, 0.01, True, -0.23, 1.17)
    xm[:, 1] += 0.037
    x = np.vstack([xs, xm])
    x[:, 2] += 0.2 * x[:, 0] ** 2 + 0.1 * x[:, 0] * x[:, 1]  # curved: the normals move too
    master = master + len(xs)
    ps = np.repeat(np.arange(len(slave)), len(master))
    pm = np.tile(np.arange(len(master)), len(slave))
    sides = dict(slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm)
    m = fecontact.mortar_integration(x, **sides, derivatives=True)
    g = dense(m.gap_jacobian, (len(m.slave_nodes), 3 * len(x)))
    h = 1e-6
    fd = np.zeros_like(g)
    for c in range(3 * len(x)):
        plus, minus = x.copy(), x.copy()
        plus[c // 3, c % 3] += h
        minus[c // 3, c % 3] -= h
        fd[:, c] = (fecontact.mortar_integration(plus, **sides).weighted_gap -
                    fecontact.mortar_integration(minus, **sides).weighted_gap) / (2 * h)
    assert np.linalg.norm(g - fd) <= 1e-6 * np.linalg.norm(g)
    assert fecontact.mortar_integration(x, **sides).gap_jacobian is None


def test_gap_hessian_matches_central_differences_of_the_contact_force():
    """multipliers=lambda: gap_hessian, shape (3 n, 3 n), symmetric, and H v against central
    differences of G^T lambda along v, on the curved tri6 pair of the Jacobian's test; a wrong
    number of multipliers, or multipliers without derivatives, is a ValueError."""
    xs, slave = tri6_plate(2, 0.0, False)
    xm, master = tri6_plate(3, 0.01, True, -0.23, 1.17)
    xm[:, 1] += 0.037
    x = np.vstack([xs, xm])
    x[:, 2] += 0.2 * x[:, 0] ** 2 + 0.1 * x[:, 0] * x[:, 1]
    master = master + len(xs)
    ps = np.repeat(np.arange(len(slave)), len(master))
    pm = np.tile(np.arange(len(master)), len(slave))
    sides = dict(slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm)
    rng = np.random.default_rng(5)
    rows = len(fecontact.mortar_integration(x, **sides).slave_nodes)
    lam = 0.5 + rng.random(rows)
    m = fecontact.mortar_integration(x, **sides, derivatives=True, multipliers=lam)
    n = 3 * len(x)
    hessian = dense(m.gap_hessian, (n, n))
    assert np.linalg.norm(hessian - hessian.T) <= 1e-14 * np.linalg.norm(hessian)
    v = rng.uniform(-1, 1, n)
    h = 1e-6

    def force(t):
        g = fecontact.mortar_integration(x + t * v.reshape(-1, 3), **sides, derivatives=True).gap_jacobian
        return dense(g, (rows, n)).T @ lam

    fd = (force(h) - force(-h)) / (2 * h)
    hv = hessian @ v
    assert np.linalg.norm(hv) > 0
    assert np.linalg.norm(hv - fd) <= 1e-6 * np.linalg.norm(hv)
    assert fecontact.mortar_integration(x, **sides, derivatives=True).gap_hessian is None
    with pytest.raises(ValueError, match="multipliers"):
        fecontact.mortar_integration(x, **sides, derivatives=True, multipliers=lam[:-1])
    with pytest.raises(ValueError, match="needs derivatives=True"):
        fecontact.mortar_integration(x, **sides, multipliers=lam)


def test_the_mortar_object_gives_the_function_s_results_step_after_step():
    """MortarIntegration.compute, called again and again on one object (its scratch kept) with
    the coordinates moving, both bases and with derivatives, gives mortar_integration's result
    array for array and bit for bit; bad input is a ValueError and the object goes on."""
    x, slave, master = scene()
    search, r = pairs(x, slave, master)
    sides = dict(slave_faces=search.faces(0, "slave"), master_faces=search.faces(0, "master"),
                 pair_slave=r.pair_slave, pair_master=r.pair_master)
    names = ("cell_slave_face", "cell_master_face", "cell_vertices", "point_slave_local", "point_master_local",
             "point_weight", "slave_nodes", "master_nodes", "slave_normals", "weighted_gap", "slave_coverage",
             "uncovered_slave_nodes")
    mortar = fecontact.MortarIntegration()
    for step in range(4):
        y = x.copy()
        y[9:, 2] += 0.002 * step  # the master rises
        y[9:, 0] += 0.01 * step   # and slides
        for basis in ("standard", "dual"):
            derivatives = step % 2 == 1
            kept = mortar.compute(y, **sides, basis=basis, derivatives=derivatives)
            once = fecontact.mortar_integration(y, **sides, basis=basis, derivatives=derivatives)
            assert len(kept.cell_slave_face) > 0
            for name in names:
                np.testing.assert_array_equal(getattr(kept, name), getattr(once, name), err_msg=name)
            for name in ("D", "M", "slave_transformation") + (("gap_jacobian",) if derivatives else ()):
                for a, b in zip(getattr(kept, name), getattr(once, name)):
                    np.testing.assert_array_equal(a, b, err_msg=name)
            assert (kept.gap_jacobian is None) == (not derivatives)
    with pytest.raises(ValueError, match="basis"):
        mortar.compute(x, **sides, basis="primal")
    with pytest.raises(TypeError):  # the sides by keyword only
        mortar.compute(x, sides["slave_faces"], sides["master_faces"], r.pair_slave, r.pair_master)
    again = mortar.compute(x, **sides)
    np.testing.assert_array_equal(again.weighted_gap, fecontact.mortar_integration(x, **sides).weighted_gap)

def test_friction_slip_of_a_flat_slide_and_its_jacobian():
    """MortarIntegration keeps the accepted step: before accept_step the slip is 0; after it, the
    slave slid by (dx, dy) has the weighted slip (dx, dy) times D's row sums along the tangents
    x, y of the normal +z (closed form); a rigid rotation of both bodies gives slip 0 to 1e-12;
    the slip Jacobian matches central differences."""
    x, slave, master = scene()
    search, r = pairs(x, slave, master)
    mortar = fecontact.MortarIntegration()
    m = mortar.compute(x, slave_faces=slave, master_faces=master, pair_slave=r.pair_slave, pair_master=r.pair_master)
    np.testing.assert_array_equal(m.weighted_slip, np.zeros((9, 2)))
    assert not mortar.has_accepted_step
    mortar.accept_step()
    assert mortar.has_accepted_step
    slid = x.copy()
    slid[:9, :2] += [0.03, -0.02]
    (r2,) = search.search(slid)
    m = mortar.compute(slid, slave_faces=slave, master_faces=master, pair_slave=r2.pair_slave, pair_master=r2.pair_master, derivatives=True)
    np.testing.assert_allclose(m.slave_tangents, np.tile([[1.0, 0, 0], [0, 1.0, 0]], (9, 1, 1)), atol=1e-15)
    expected = np.outer(np.array([faces_around(n) for n in range(9)]) / 16, [0.03, -0.02])
    np.testing.assert_allclose(m.weighted_slip, expected, rtol=0, atol=1e-15)
    data, indices, indptr = m.slip_jacobian
    assert len(indptr) == 2 * 9 + 1
    j = np.zeros((18, 3 * len(x)))
    for row in range(18):
        j[row, indices[indptr[row]:indptr[row + 1]]] = data[indptr[row]:indptr[row + 1]]
    # Central differences about a perturbed configuration (off the flat, symmetric one, where
    # edges coincide), all pairs so that the pairs do not change.
    rng = np.random.default_rng(5)
    current = slid + 0.01 * rng.uniform(-1, 1, slid.shape)
    ps = np.repeat(np.arange(len(slave)), len(master))
    pm = np.tile(np.arange(len(master)), len(slave))
    m = mortar.compute(current, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm, derivatives=True)
    data, indices, indptr = m.slip_jacobian
    j = np.zeros((18, 3 * len(x)))
    for row in range(18):
        j[row, indices[indptr[row]:indptr[row + 1]]] = data[indptr[row]:indptr[row + 1]]
    h = 1e-6
    fd = np.zeros_like(j)
    for c in range(3 * len(x)):
        plus, minus = current.copy(), current.copy()
        plus[c // 3, c % 3] += h
        minus[c // 3, c % 3] -= h
        fd[:, c] = (mortar.compute(plus, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm).weighted_slip.ravel() -
                    mortar.compute(minus, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm).weighted_slip.ravel()) / (2 * h)
    assert np.linalg.norm(j) > 0
    assert np.linalg.norm(j - fd) <= 1e-6 * np.linalg.norm(j)
    # A rigid rotation and translation of both bodies from the accepted configuration.
    c, s = np.cos(0.7), np.sin(0.7)
    rotation = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ np.array([[1, 0, 0], [0, c, s], [0, -s, c]])
    moved = x @ rotation.T + [0.2, -0.1, 0.3]
    m = mortar.compute(moved, slave_faces=slave, master_faces=master, pair_slave=r.pair_slave, pair_master=r.pair_master)
    assert np.abs(m.weighted_slip).max() <= 1e-12
    with pytest.raises(ValueError, match="accepted step"):
        mortar.compute(x, slave_faces=slave[:2], master_faces=master, pair_slave=ps[ps < 2], pair_master=pm[ps < 2])


def test_matrix_jacobians_match_central_differences():
    """matrix_derivatives=True: D_jacobian and M_jacobian, row e the derivative of D's (M's) e-th
    stored entry, against central differences of those entries on the perturbed flat scene with
    every face pair (so that the pattern stays)."""
    x, slave, master = scene()
    x = x + 0.01 * np.random.default_rng(7).uniform(-1, 1, x.shape)
    ps = np.repeat(np.arange(len(slave)), len(master))
    pm = np.tile(np.arange(len(master)), len(slave))
    m = fecontact.mortar_integration(x, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm, derivatives=True, matrix_derivatives=True)

    def dense(csr, rows):
        data, indices, indptr = csr
        a = np.zeros((rows, 3 * len(x)))
        for r in range(rows):
            a[r, indices[indptr[r]:indptr[r + 1]]] = data[indptr[r]:indptr[r + 1]]
        return a

    jd, jm = dense(m.D_jacobian, len(m.D[0])), dense(m.M_jacobian, len(m.M[0]))
    h = 1e-6
    fd_d, fd_m = np.zeros_like(jd), np.zeros_like(jm)
    for c in range(3 * len(x)):
        plus, minus = x.copy(), x.copy()
        plus[c // 3, c % 3] += h
        minus[c // 3, c % 3] -= h
        p = fecontact.mortar_integration(plus, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm)
        q = fecontact.mortar_integration(minus, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm)
        assert np.array_equal(p.D[1], m.D[1]) and np.array_equal(q.M[1], m.M[1])
        fd_d[:, c] = (p.D[0] - q.D[0]) / (2 * h)
        fd_m[:, c] = (p.M[0] - q.M[0]) / (2 * h)
    assert np.linalg.norm(jd) > 0 and np.linalg.norm(jm) > 0
    assert np.linalg.norm(jd - fd_d) <= 1e-6 * np.linalg.norm(jd)
    assert np.linalg.norm(jm - fd_m) <= 1e-6 * np.linalg.norm(jm)
    assert m.gap_jacobian is not None
    assert fecontact.mortar_integration(x, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm, derivatives=True).D_jacobian is None
    with pytest.raises(ValueError, match="needs derivatives"):
        fecontact.mortar_integration(x, slave_faces=slave, master_faces=master, pair_slave=ps, pair_master=pm, matrix_derivatives=True)
