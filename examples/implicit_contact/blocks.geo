// SPDX-License-Identifier: BSD-3-Clause
// The two blocks of examples/implicit_contact's tet10 patch test: [0, 1]² × [−0.5, 0] ("lower") and
// [0, 1]² × [0, 0.5] ("upper"), meshed independently (no boolean fragments: the shared face is two
// surfaces, so the meshes do not match there) with tets of size size_lower and size_upper. The
// program runs  gmsh blocks.geo -3 -setnumber size_lower H ... -format msh41 -o mesh.msh
SetFactory("OpenCASCADE");
Mesh.ElementOrder = 2;  // tet10
DefineConstant[ size_lower = 1 / 7, size_upper = 1 / 5 ];
Box(1) = {0, 0, -0.5, 1, 1, 0.5};
Box(2) = {0, 0, 0, 1, 1, 0.5};
Physical Volume("lower") = {1};
Physical Volume("upper") = {2};
MeshSize{ PointsOf{ Volume{1}; } } = size_lower;
MeshSize{ PointsOf{ Volume{2}; } } = size_upper;
