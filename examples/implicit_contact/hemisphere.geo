// SPDX-License-Identifier: BSD-3-Clause
// The sphere of examples/implicit_contact's Hertz problem: a quarter of the lower half of a sphere
// of radius 1 (centre (0, 0, 1), x ≥ 0, y ≥ 0, z ≤ 1), its pole at the origin. Tets of size
// size_contact within contact_zone of the pole, growing by `growth` per unit distance beyond it,
// up to size_max. The program runs
//   gmsh hemisphere.geo -3 -order O -setnumber size_contact H ... -format msh41 -o hemisphere.msh
SetFactory("OpenCASCADE");
DefineConstant[ size_contact = 0.01, size_max = 0.15, growth = 0.3, contact_zone = 0.15 ];
Sphere(1) = {0, 0, 1, 1, -Pi/2, 0, Pi/2};
Physical Volume("sphere") = {1};

Field[1] = MathEval;
Field[1].F = Sprintf("Min(%g, %g + %g * Max(0, Sqrt(x^2 + y^2 + z^2) - %g))", size_max, size_contact, growth,
                     contact_zone);
Background Field = 1;
Mesh.MeshSizeExtendFromBoundary = 0;  // the field alone sets the size
Mesh.MeshSizeFromPoints = 0;
Mesh.MeshSizeFromCurvature = 0;
