# SPDX-License-Identifier: BSD-3-Clause
"""eigen_symmetric3 against numpy's LAPACK solver, and the bounding boxes of point sets against
closed forms."""

import numpy as np
import pytest

import fecontact

EPS = np.finfo(float).eps


def random_symmetric(rng, count):
    a = rng.normal(size=(count, 3, 3))
    return a + np.swapaxes(a, -1, -2)


def test_eigen_symmetric3_agrees_with_lapack_on_random_matrices():
    rng = np.random.default_rng(8)
    a = random_symmetric(rng, 2000)
    values, vectors = fecontact.eigen_symmetric3(a)
    reference = np.linalg.eigvalsh(a)  # LAPACK, ascending
    norm = np.linalg.norm(a, axis=(1, 2))
    assert np.all(np.abs(values - reference).max(axis=1) <= 64 * EPS * norm)
    # A V = V diag(values), V orthonormal and right-handed (README: accuracy 64 eps ||A||_F).
    residual = np.linalg.norm(a @ vectors - vectors * values[:, None, :], axis=(1, 2))
    assert np.all(residual <= 64 * EPS * norm)
    identity = np.linalg.norm(np.swapaxes(vectors, 1, 2) @ vectors - np.eye(3), axis=(1, 2))
    assert identity.max() <= 64 * EPS
    np.testing.assert_allclose(np.linalg.det(vectors), 1.0, atol=64 * EPS)
    # Sign rule: in columns 0 and 1 the component of largest magnitude is positive.
    for column in (0, 1):
        v = vectors[:, :, column]
        assert np.all(v[np.arange(len(v)), np.abs(v).argmax(axis=1)] > 0)


def test_eigen_symmetric3_keeps_the_leading_shape_and_repeated_eigenvalues():
    rotation = np.linalg.qr(np.random.default_rng(3).normal(size=(3, 3)))[0]
    a = rotation @ np.diag([2.0, 2.0, 5.0]) @ rotation.T
    batch = np.broadcast_to(a, (4, 5, 3, 3))
    values, vectors = fecontact.eigen_symmetric3(batch)
    assert values.shape == (4, 5, 3) and vectors.shape == (4, 5, 3, 3)
    np.testing.assert_allclose(values, np.broadcast_to([2.0, 2.0, 5.0], (4, 5, 3)), atol=64 * EPS * 5)
    np.testing.assert_allclose(vectors @ np.diag([2.0, 2.0, 5.0]) @ np.swapaxes(vectors, -1, -2), batch,
                               atol=64 * EPS * 5)
    single_values, _ = fecontact.eigen_symmetric3(np.diag([3, 1, 2]))  # integers convert
    np.testing.assert_array_equal(single_values, [1, 2, 3])


def test_eigen_symmetric3_reads_the_lower_triangle():
    a = np.array([[1.0, 99.0, 99.0], [0.5, 2.0, 99.0], [0.25, 0.125, 3.0]])
    lower = np.tril(a) + np.tril(a, -1).T
    np.testing.assert_allclose(fecontact.eigen_symmetric3(a)[0], np.linalg.eigvalsh(lower), rtol=1e-14)


@pytest.mark.parametrize("a,message", [
    (np.full((3, 3), np.nan), r"A\[0, 0\] is nan"),
    (np.eye(4), r"A: expected shape \(\.\.\., 3, 3\), got \(4, 4\)"),
    (np.zeros(3), r"expected shape \(\.\.\., 3, 3\), got \(3,\)"),
    (np.eye(3) * 1j, "expected real numbers, got dtype complex128"),
    (np.array([[np.inf, 0, 0], [0, 1, 0], [0, 0, 1]]), r"A\[0, 0\] is infinite"),
])
def test_eigen_symmetric3_refuses_bad_input(a, message):
    with pytest.raises(ValueError, match=message):
        fecontact.eigen_symmetric3(a)


def test_fit_aabb_is_the_coordinate_range():
    points = np.random.default_rng(5).normal(size=(500, 3)) * [1, 10, 100]
    box = fecontact.fit_aabb(points)
    np.testing.assert_array_equal(box.min, points.min(axis=0))
    np.testing.assert_array_equal(box.max, points.max(axis=0))
    assert box.volume == pytest.approx(np.prod(points.max(axis=0) - points.min(axis=0)), rel=1e-14)
    assert all(box.contains(p) for p in points)
    assert fecontact.fit_aabb(np.zeros((0, 3))).is_empty


def test_fit_obb_of_a_rotated_box_is_that_box():
    # The corners of a box with half extents 3 > 2 > 1 have covariance R diag(9, 4, 1) R^T: the
    # PCA axes are the box's own, least spread first.
    rotation = np.linalg.qr(np.random.default_rng(11).normal(size=(3, 3)))[0]
    rotation *= np.sign(np.linalg.det(rotation))
    half = np.array([1.0, 2.0, 3.0])
    signs = np.array([[(k >> i & 1) * 2 - 1 for i in range(3)] for k in range(8)], dtype=float)
    center = np.array([10.0, -4.0, 7.0])
    corners = center + (signs * half) @ rotation.T
    box = fecontact.fit_obb(corners)
    np.testing.assert_allclose(box.half_extents, half, rtol=1e-12)
    np.testing.assert_allclose(box.center, center, atol=1e-12)
    np.testing.assert_allclose(np.abs(box.axes.T @ rotation), np.eye(3), atol=1e-12)
    assert box.volume == pytest.approx(48.0, rel=1e-12)
    assert all(box.contains(p, 1e-12) for p in corners)
    assert not box.contains(center + 1.01 * half[2] * rotation[:, 2])
    np.testing.assert_allclose(np.sort(box.corners(), axis=0), np.sort(corners, axis=0), atol=1e-12)
    # Along given axes: the same box.
    along = fecontact.fit_obb(corners, rotation)
    np.testing.assert_allclose(along.half_extents, half, rtol=1e-12)
    with pytest.raises(ValueError, match="orthonormal"):
        fecontact.fit_obb(corners, 2 * np.eye(3))
    with pytest.raises(ValueError, match=r"points: expected shape \(n, 3\)"):
        fecontact.fit_obb(np.zeros((4, 2)))
