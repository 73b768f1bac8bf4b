// SPDX-License-Identifier: BSD-3-Clause
// The elastic sphere of examples/explicit_impact: radius `radius`, its south pole (the point that
// first touches the plane) at the origin; tet4 of size size_contact at the pole, growing linearly
// with the distance from it (`growth` per unit length) up to size_max. The program runs
//   gmsh sphere.geo -3 -setnumber size_contact H ... -format msh41 -o sphere.msh
SetFactory("OpenCASCADE");
DefineConstant[ radius = 0.05, size_contact = 0.001, size_max = 0.005, growth = 0.1 ];
Sphere(1) = {0, 0, radius, radius};
Physical Volume("sphere") = {1};

Field[1] = MathEval;
Field[1].F = Sprintf("Min(%g, %g + %g * Sqrt(x^2 + y^2 + z^2))", size_max, size_contact, growth);
Background Field = 1;
Mesh.MeshSizeExtendFromBoundary = 0;  // the field alone sets the size
Mesh.MeshSizeFromPoints = 0;
Mesh.MeshSizeFromCurvature = 0;
