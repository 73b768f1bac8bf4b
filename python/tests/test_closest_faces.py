# SPDX-License-Identifier: BSD-3-Clause
"""fecontact.ClosestFaceSearch against closed forms on a flat 4 x 3 grid of quad4 faces over
[0, 4] x [0, 3] (face j * 4 + i the cell [i, i + 1] x [j, j + 1]): points above and below a
cell (that cell, |z|, its local coordinates), beyond the border (the nearest edge), out of
reach; the grid moved; random points over the grid (the cell under them); every bad argument a
ValueError."""

import numpy as np
import pytest

import fecontact


def grid(z=0.0):
    x, y = np.meshgrid(np.arange(5.0), np.arange(4.0))
    coordinates = np.column_stack([x.ravel(), y.ravel(), np.full(x.size, z)])
    node = lambda i, j: j * 5 + i
    faces = np.array([[node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)]
                      for j in range(3) for i in range(4)])
    return coordinates, faces


def test_closed_forms():
    coordinates, faces = grid()
    search = fecontact.ClosestFaceSearch(faces)
    search.update(coordinates)
    points = [[1.25, 2.75, 0.5], [3.5, 0.5, -0.25], [5.0, 1.25, 0.0], [2.0, 1.5, 40.0]]
    face, distance, point, local = search.find(points, max_distance=10)
    assert face.tolist() == [9, 3, 7, -1]
    assert distance[:3] == pytest.approx([0.5, 0.25, 1.0], abs=1e-15)
    assert np.isinf(distance[3]) and np.isnan(point[3]).all() and np.isnan(local[3]).all()
    assert point[0] == pytest.approx([1.25, 2.75, 0.0], abs=1e-15)
    assert local[0] == pytest.approx([-0.5, 0.5], abs=1e-14)  # 2 (x - i) - 1
    assert point[2] == pytest.approx([4.0, 1.25, 0.0], abs=1e-15)
    face, distance, _, _ = search.find(points[3:])  # any distance: the two cells along x = 2 tie exactly
    assert face.tolist() == [5] and distance[0] == pytest.approx(40.0)
    search.update(grid(z=2.0)[0])
    face, distance, _, _ = search.find(points[:1])
    assert face.tolist() == [9] and distance[0] == pytest.approx(1.5)


def test_random_points_find_the_cell_under_them():
    coordinates, faces = grid()
    search = fecontact.ClosestFaceSearch(faces)
    search.update(coordinates)
    rng = np.random.default_rng(4)
    points = rng.uniform([0.01, 0.01, -1], [3.99, 2.99, 1], size=(5000, 3))
    face, distance, point, _ = search.find(points, tie_distance=1e-12)
    expected = np.floor(points[:, 1]).astype(int) * 4 + np.floor(points[:, 0]).astype(int)
    on_a_line = (np.abs(points[:, :2] - np.round(points[:, :2])) < 1e-9).any(axis=1)
    assert (face[~on_a_line] == expected[~on_a_line]).all()
    assert distance == pytest.approx(np.abs(points[:, 2]), abs=1e-14)
    assert point[:, :2] == pytest.approx(points[:, :2], abs=1e-14)


def test_bad_arguments_are_value_errors():
    coordinates, faces = grid()
    search = fecontact.ClosestFaceSearch(faces)
    with pytest.raises(ValueError, match="no update yet"):
        search.find([[0, 0, 0]])
    with pytest.raises(ValueError, match="outside the 19 coordinates"):
        search.update(coordinates[:19])
    with pytest.raises(ValueError, match="coordinates"):
        search.update(np.full((20, 3), np.nan))
    search.update(coordinates)
    with pytest.raises(ValueError, match="points"):
        search.find([[0, np.inf, 0]])
    with pytest.raises(ValueError, match="max_distance"):
        search.find([[0, 0, 0]], max_distance=-1)
    with pytest.raises(ValueError, match="tie_distance"):
        search.find([[0, 0, 0]], tie_distance=np.inf)
    with pytest.raises(ValueError, match="5 nodes"):
        fecontact.ClosestFaceSearch(np.array([[0, 1, 2, 3, 4]]))
    assert search.find([[0.5, 0.5, 1]])[0].tolist() == [0]  # nothing was lost
