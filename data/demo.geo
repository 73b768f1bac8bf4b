// SPDX-License-Identifier: BSD-3-Clause
// fecontact's bundled demo model: a cylinder pressed 0.01 into a block, and a T-handle.
// Regenerate with: gmsh -3 -order 2 -format msh41 demo.geo -o demo.msh
SetFactory("OpenCASCADE");
Box(1) = {-2, -1.5, -1, 4, 3, 1};                // the block: top face at z = 0
Cylinder(2) = {-1.5, 0, 0.49, 3, 0, 0, 0.5};     // radius 0.5, axis along x, 0.01 into the block
Box(3) = {3, -1.5, 0, 0.4, 3, 0.4};              // T-handle: the crossbar ...
Box(4) = {3, -0.2, 0.4, 0.4, 0.4, 2};            // ... and the stem
BooleanUnion(5) = { Volume{3}; Delete; }{ Volume{4}; Delete; };

Physical Volume("block") = {1};
Physical Volume("cylinder") = {2};
Physical Volume("t_handle") = {5};
Physical Surface("block_top") = Surface In BoundingBox{-2.01, -1.51, -0.01, 2.01, 1.51, 0.01};
Physical Surface("cylinder_surface") = Surface In BoundingBox{-1.51, -0.51, -0.02, 1.51, 0.51, 1.0};

Mesh.MeshSizeMax = 0.25;
