# SPDX-License-Identifier: BSD-3-Clause
"""The kinematics of node-to-surface contacts from Python against closed forms: master nodes and
weights that interpolate the contact point, an orthonormal right-handed tangent frame, and the
slip of nodes sliding over a flat plate by a known step (Interface(track_slip=True))."""

import numpy as np

import fecontact


def plate(n, faces="quad4"):
    """An n x n grid over [0, 2]^2 at z = 0: nodes (m, 3) and faces, quad4 rows or tri3 rows
    (two per cell), counter-clockwise from +z (normal up)."""
    t = np.linspace(0.0, 2.0, n + 1)
    x = np.array([[a, b, 0.0] for b in t for a in t])
    corner = np.array([[j * (n + 1) + i for i in range(n)] for j in range(n)]).ravel()
    quads = np.stack([corner, corner + 1, corner + n + 2, corner + n + 1], axis=1)
    if faces == "quad4":
        return x, quads
    return x, np.vstack([quads[:, [0, 1, 2]], quads[:, [0, 2, 3]]])


def scene(faces, track_slip):
    """Nodes 0.01 above the plate, a search of them against its faces."""
    xm, master = plate(4, faces)
    slaves = np.array([[0.3, 0.2, 0.01], [1.1, 0.7, 0.01], [1.6, 1.45, 0.01]])
    x = np.vstack([xm, slaves])
    interface = fecontact.Interface(slave=np.arange(len(xm), len(x)), master=master, tolerance=0.05,
                                    track_slip=track_slip)
    return x, len(xm), fecontact.ContactSearch(len(x), [interface])


def test_weights_interpolate_the_point_and_the_frame_is_orthonormal():
    for faces, count in (("quad4", 4), ("tri3", 3)):
        x, first, search = scene(faces, False)
        (r,) = search.search(x)
        k = len(r)
        assert k == 3
        assert r.master_nodes.shape == (k, 9) and r.master_nodes.dtype == np.int64
        assert r.weights.shape == (k, 9) and r.weights.dtype == np.float64
        assert np.all(r.master_nodes[:, count:] == -1) and np.all(r.master_nodes[:, :count] >= 0)
        assert np.all(r.weights[:, count:] == 0)
        np.testing.assert_allclose(r.weights.sum(axis=1), 1.0, atol=1e-12)
        nodes = np.where(r.master_nodes >= 0, r.master_nodes, 0)
        np.testing.assert_allclose(np.einsum("ki,kij->kj", r.weights, x[nodes]), r.point, atol=1e-12)
        np.testing.assert_allclose(r.point, x[first:] * [1, 1, 0], atol=1e-12)  # below each node
        assert r.tangent1.shape == (k, 3) and r.tangent2.shape == (k, 3)
        # dx/dxi along the edge from corner 0 to corner 1 (rectangles and triangles alike)
        edge = x[r.master_nodes[:, 1]] - x[r.master_nodes[:, 0]]
        np.testing.assert_allclose(r.tangent1, edge / np.linalg.norm(edge, axis=1)[:, None], atol=1e-15)
        np.testing.assert_allclose(np.cross(r.tangent1, r.tangent2), r.normal, atol=1e-15)
        # Without track_slip the slip arrays are empty.
        assert r.slip.shape == (0, 3) and r.new_contact.shape == (0,)


def test_nodes_sliding_over_the_plate_slip_by_their_step():
    step = np.array([0.07, 0.11, 0.0])
    for faces in ("quad4", "tri3"):
        x, first, search = scene(faces, True)
        (r,) = search.search(x)
        search.accept_step()
        assert r.new_contact.dtype == np.bool_ and r.new_contact.tolist() == [True] * 3
        np.testing.assert_array_equal(r.slip, np.zeros((3, 3)))
        for _ in range(4):
            x[first:] += step
            (r,) = search.search(x)
            search.accept_step()
            assert r.new_contact.tolist() == [False] * 3
            np.testing.assert_allclose(r.slip, [step] * 3, atol=1e-12)


def test_trial_searches_measure_the_slip_from_the_accepted_step():
    """A Newton solver's iterates: trial searches at perturbed coordinates each report the motion
    since the accepted step; a rejected step (no accept_step, back to the accepted coordinates)
    leaves the history as it was."""
    step = np.array([0.07, 0.11, 0.0])
    for faces in ("quad4", "tri3"):
        x, first, search = scene(faces, True)
        search.search(x)
        search.accept_step()
        for k in range(4):
            accepted = x.copy()
            x[first:] += step
            for offset in ([0.013, -0.02, 0.001], [-0.031, 0.004, -0.002], [0.0, 0.0, 0.0]):
                trial = x.copy()
                trial[first:] += offset
                (r,) = search.search(trial)
                assert r.new_contact.tolist() == [False] * 3
                np.testing.assert_allclose(r.slip, [step + [offset[0], offset[1], 0.0]] * 3, atol=1e-12)
            if k == 1:  # rejected: cut back to the accepted coordinates
                (r,) = search.search(accepted)
                np.testing.assert_allclose(r.slip, np.zeros((3, 3)), atol=1e-12)
                (r,) = search.search(x)
            search.accept_step()


def test_interface_keeps_track_slip():
    xm, master = plate(2)
    assert fecontact.Interface(slave=np.array([0]), master=master, tolerance=0.1).track_slip is False
    assert fecontact.Interface(slave=np.array([0]), master=master, tolerance=0.1, track_slip=True).track_slip is True
