// SPDX-License-Identifier: BSD-3-Clause
// The Cattaneo–Mindlin model of examples/implicit_contact: half of the lower half of a sphere of
// radius 1 (centre (0, 0, 1), y ≥ 0, z ≤ 1, its pole at the origin) on a block
// [−half_width, half_width] × [0, half_width] × [−depth, 0], the half model cut by the plane y = 0
// that holds the normal (z) and tangential (x) loads. The two volumes are meshed independently (no
// boolean fragments: they touch at the pole only). Tets of size size_contact within contact_zone
// of the pole, growing by `growth` per unit distance beyond it, up to size_max, in both bodies.
// The program runs
//   gmsh sphere_on_block.geo -3 -setnumber size_contact H ... -format msh41 -o sphere_on_block.msh
SetFactory("OpenCASCADE");
DefineConstant[ size_contact = 0.01, size_max = 0.2, growth = 0.3, contact_zone = 0.15, half_width = 1,
                depth = 1, order = 1 ];
Sphere(1) = {0, 0, 1, 1, -Pi/2, 0, Pi};
Box(2) = {-half_width, 0, -depth, 2 * half_width, half_width, depth};
Physical Volume("sphere") = {1};
Physical Volume("block") = {2};

Field[1] = MathEval;
Field[1].F = Sprintf("Min(%g, %g + %g * Max(0, Sqrt(x^2 + y^2 + z^2) - %g))", size_max, size_contact, growth,
                     contact_zone);
Background Field = 1;
Mesh.MeshSizeExtendFromBoundary = 0;  // the field alone sets the size
Mesh.MeshSizeFromPoints = 0;
Mesh.MeshSizeFromCurvature = 0;
Mesh.ElementOrder = order;  // 1: tet4, 2: tet10 (mid-edge nodes on the sphere)
