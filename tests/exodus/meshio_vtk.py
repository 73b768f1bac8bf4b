# SPDX-License-Identifier: BSD-3-Clause
"""Exodus files through independent readers and writers, for tests/core/exodus_meshio_test.cpp.

  meshio_vtk.py gmsh-to-exodus IN.msh OUT.e
      meshio reads a Gmsh file and writes it as Exodus (its own writer; 0D and 1D cells dropped).
  meshio_vtk.py check EXODUS EXPECTED [EXODUS EXPECTED]...
      reads each file fecontact wrote with VTK's vtkExodusIIReader (which converts Exodus node
      orders to VTK's) and, unless it holds WEDGE15 blocks (meshio has no such type), with meshio,
      and compares with EXPECTED, lines of
        cell VTK_TYPE x y z x y z ...   one per element, points in VTK order
        side NAME x y z ...             one per side set face, its corners in any order
        point NAME v0 v1 ...            a nodal variable
Exit status 0 when everything agrees, 1 with the differences on stderr, 77 when a module is
missing (ctest then reports the test skipped)."""
import sys

try:
    import meshio
    import netCDF4  # noqa: F401  (meshio's Exodus format needs it)
    import numpy as np
    import vtk
    from vtk.util.numpy_support import vtk_to_numpy
except ImportError as missing:
    print(f"skipped: {missing}", file=sys.stderr)
    sys.exit(77)


def key(points):
    # vtkExodusIIReader gives float points: compare coordinates rounded to float.
    return tuple(float(np.float32(v)) for v in np.asarray(points).ravel())


def gmsh_to_exodus(source, target):
    mesh = meshio.read(source)
    keep = [c for c in mesh.cells if c.type not in ("vertex", "line", "line3")]
    meshio.write(target, meshio.Mesh(mesh.points, keep), file_format="exodus")


def read_expected(path):
    cells, sides, points = [], {}, {}
    for line in open(path):
        kind, name, *values = line.split()
        if kind == "cell":
            cells.append((int(name), key([float(v) for v in values])))
        elif kind == "side":
            corners = np.array([float(v) for v in values]).reshape(-1, 3)
            sides.setdefault(name, []).append(tuple(sorted(key(p) for p in corners)))
        else:
            points[name] = np.array([float(v) for v in values])
    return sorted(cells), {n: sorted(f) for n, f in sides.items()}, points


def vtk_blocks(output):
    it = output.NewIterator()
    it.InitTraversal()
    while not it.IsDoneWithTraversal():
        yield it.GetCurrentMetaData().Get(vtk.vtkCompositeDataSet.NAME()), it.GetCurrentDataObject()
        it.GoToNextItem()


def check(path, expected_path):
    cells, sides, points = read_expected(expected_path)
    problems = []
    reader = vtk.vtkExodusIIReader()
    reader.SetFileName(path)
    reader.UpdateInformation()
    reader.SetAllArrayStatus(vtk.vtkExodusIIReader.NODAL, 1)
    reader.GenerateGlobalNodeIdArrayOn()  # the node number map: fecontact's node ids
    for k in range(reader.GetNumberOfObjects(vtk.vtkExodusIIReader.SIDE_SET)):
        reader.SetObjectStatus(vtk.vtkExodusIIReader.SIDE_SET, k, 1)
    reader.Update()
    vtk_cells, vtk_sides, vtk_points = [], {}, {}
    for name, grid in vtk_blocks(reader.GetOutput()):
        pts = vtk_to_numpy(grid.GetPoints().GetData())
        faces = name in sides
        for c in range(grid.GetNumberOfCells()):
            cell = grid.GetCell(c)
            ids = [cell.GetPointId(k) for k in range(cell.GetNumberOfPoints())]
            if faces:
                corners = ids[: {5: 3, 22: 3, 9: 4, 23: 4, 28: 4}[cell.GetCellType()]]
                vtk_sides.setdefault(name, []).append(tuple(sorted(key(pts[i]) for i in corners)))
            else:
                vtk_cells.append((cell.GetCellType(), key(pts[ids])))
        node_ids = grid.GetPointData().GetArray("GlobalNodeId")
        for n in points:
            array = grid.GetPointData().GetArray(n)
            if array is not None and node_ids is not None and not faces:
                vtk_points.setdefault(n, {}).update(
                    {int(i): float(v) for i, v in zip(vtk_to_numpy(node_ids), vtk_to_numpy(array))})
    if sorted(vtk_cells) != cells:
        problems.append(f"VTK: cells differ ({len(vtk_cells)} read, {len(cells)} expected): "
                        f"{sorted(vtk_cells)[0]} vs {cells[0]}")
    for name, faces in sides.items():
        if sorted(vtk_sides.get(name, [])) != faces:
            problems.append(f"VTK: side set {name} differs ({len(vtk_sides.get(name, []))} faces read, {len(faces)} expected)")
    for name, values in points.items():
        # VTK keeps the nodes of the elements only (a structured test mesh has unused ones).
        read = vtk_points.get(name, {})
        got = np.array(list(read.values()))
        want = np.array([values[i - 1] for i in read])
        if len(read) == 0 or not np.array_equal(got, want, equal_nan=True):
            problems.append(f"VTK: nodal variable {name} differs ({len(read)} nodes read)")
    if b"WEDGE15" not in open(path, "rb").read():
        mesh = meshio.read(path)
        counts = {}
        for block in mesh.cells:
            counts[len(block.data[0])] = counts.get(len(block.data[0]), 0) + len(block.data)
        expected_counts = {}
        for _, points_key in cells:
            n = len(points_key) // 3
            expected_counts[n] = expected_counts.get(n, 0) + 1
        if counts != expected_counts:
            problems.append(f"meshio: cells by node count {counts}, expected {expected_counts}")
        for name, values in points.items():
            if name not in mesh.point_data or not np.array_equal(mesh.point_data[name], values, equal_nan=True):
                problems.append(f"meshio: nodal variable {name} differs")
    for p in problems:
        print(f"{path}: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1] == "gmsh-to-exodus":
        gmsh_to_exodus(sys.argv[2], sys.argv[3])
        sys.exit(0)
    files = sys.argv[2:]
    sys.exit(max(check(files[k], files[k + 1]) for k in range(0, len(files), 2)))
