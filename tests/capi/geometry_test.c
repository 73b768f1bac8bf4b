// SPDX-License-Identifier: BSD-3-Clause
/* Mass properties, bounding volumes and the eigen solver through the C interface, against
 * closed forms: a unit cube's inertia, a box of two materials made of a hex8 and two wedges, a
 * far-away box, a rotated box's OBB and AABB, a diagonal and a rotated matrix's eigenpairs. */
#include "check.h"

/* Column-major 3x3, m[i + 3j]. */
static double determinant(const double* m) {
  return m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2]);
}

/* Rotation by `angle` about the unit axis u (Rodrigues), column-major. */
static void rotation(const double* u, double angle, double* r) {
  const double c = cos(angle), s = sin(angle);
  int i, j;
  for (j = 0; j < 3; ++j)
    for (i = 0; i < 3; ++i) r[i + 3 * j] = (i == j ? c : 0) + (1 - c) * u[i] * u[j];
  r[1 + 3 * 0] += s * u[2];
  r[2 + 3 * 0] -= s * u[1];
  r[0 + 3 * 1] -= s * u[2];
  r[2 + 3 * 1] += s * u[0];
  r[0 + 3 * 2] += s * u[1];
  r[1 + 3 * 2] -= s * u[0];
}

static void check_inertia(const double* inertia, double xx, double yy, double zz, double tolerance) {
  int i;
  CHECK_CLOSE(inertia[0], xx, tolerance);
  CHECK_CLOSE(inertia[4], yy, tolerance);
  CHECK_CLOSE(inertia[8], zz, tolerance);
  for (i = 0; i < 9; ++i)
    if (i % 4) CHECK(fabs(inertia[i]) <= tolerance * (xx + yy + zz));
}

static void unit_cube(void) {
  const double cube[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  const int hex8[] = {FECONTACT_HEX8};
  const int64_t offsets[] = {0, 8}, nodes[] = {0, 1, 2, 3, 4, 5, 6, 7};
  /* the same cube as six tet4 around the diagonal 0-6 (Kuhn), each positively oriented */
  const int tets[] = {0, 0, 0, 0, 0, 0};
  const int64_t tet_offsets[] = {0, 4, 8, 12, 16, 20, 24};
  const int64_t tet_nodes[] = {0, 1, 2, 6, 0, 2, 3, 6, 0, 3, 7, 6, 0, 7, 4, 6, 0, 4, 5, 6, 0, 5, 1, 6};
  double volume, mass, center[3], inertia[9];
  CHECK(fecontact_mass_properties(1, hex8, offsets, nodes, NULL, 8, cube, &volume, &mass, center, inertia) == 0);
  CHECK_CLOSE(volume, 1, 1e-14);
  CHECK_CLOSE(mass, 1, 1e-14);
  CHECK_CLOSE(center[0], 0.5, 1e-14);
  CHECK_CLOSE(center[1], 0.5, 1e-14);
  CHECK_CLOSE(center[2], 0.5, 1e-14);
  check_inertia(inertia, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1e-14);
  CHECK(fecontact_mass_properties(6, tets, tet_offsets, tet_nodes, NULL, 8, cube, &volume, &mass, center, inertia) ==
        0);
  CHECK_CLOSE(volume, 1, 1e-14);
  check_inertia(inertia, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1e-14);
  CHECK(fecontact_mass_properties(0, NULL, offsets, NULL, NULL, 0, NULL, &volume, &mass, center, inertia) == 0);
  CHECK(volume == 0 && mass == 0 && inertia[0] == 0); /* no element */
}

/* [0, 2] x [0, 1] x [0, 1]: the left cube a hex8 of density 1, the right one two wedge6 of
 * density 3. m = 4, centre x = (0.5 + 3 * 1.5) / 4; Ixx = 4/6, Iyy = Izz = 4/6 + 1 * 0.75^2 +
 * 3 * 0.25^2 (parallel axes); no products (the parts' centres differ along x only). */
static void two_materials(void) {
  double xyz[3 * 12];
  const int types[] = {FECONTACT_HEX8, FECONTACT_WEDGE6, FECONTACT_WEDGE6};
  const int64_t offsets[] = {0, 8, 14, 20};
  /* node (x, y, z) is x + 3 (y + 2 z) */
  const int64_t nodes[] = {0, 1, 4, 3, 6, 7, 10, 9, /* hex8 */
                           1, 2, 5, 7, 8, 11,       /* wedge: (1,0) (2,0) (2,1), turning towards z = 1 */
                           1, 5, 4, 7, 11, 10};     /* wedge: (1,0) (2,1) (1,1) */
  const double densities[] = {1, 3, 3};
  double volume, mass, center[3], inertia[9];
  int k;
  for (k = 0; k < 12; ++k) {
    xyz[3 * k] = k % 3;
    xyz[3 * k + 1] = (k / 3) % 2;
    xyz[3 * k + 2] = k / 6;
  }
  CHECK(fecontact_mass_properties(3, types, offsets, nodes, densities, 12, xyz, &volume, &mass, center, inertia) == 0);
  CHECK_CLOSE(volume, 2, 1e-14);
  CHECK_CLOSE(mass, 4, 1e-14);
  CHECK_CLOSE(center[0], 1.25, 1e-14);
  CHECK_CLOSE(center[1], 0.5, 1e-14);
  CHECK_CLOSE(center[2], 0.5, 1e-14);
  check_inertia(inertia, 4.0 / 6, 4.0 / 6 + 0.5625 + 0.1875, 4.0 / 6 + 0.5625 + 0.1875, 1e-13);
}

/* A 2 x 1 x 0.5 box of density 3 (two hex8) at (1000, -5, 3): I = m/12 (b^2 + c^2), ... */
static void far_box(void) {
  const double a = 2, b = 1, c = 0.5, m = 3 * a * b * c;
  double xyz[3 * 12];
  const int types[] = {FECONTACT_HEX8, FECONTACT_HEX8};
  const int64_t offsets[] = {0, 8, 16}, nodes[] = {0, 1, 4, 3, 6, 7, 10, 9, 1, 2, 5, 4, 7, 8, 11, 10};
  const double densities[] = {3, 3};
  double volume, mass, center[3], inertia[9];
  int k;
  for (k = 0; k < 12; ++k) {
    xyz[3 * k] = 1000 + a / 2 * (k % 3);
    xyz[3 * k + 1] = -5 + b * ((k / 3) % 2);
    xyz[3 * k + 2] = 3 + c * (k / 6);
  }
  CHECK(fecontact_mass_properties(2, types, offsets, nodes, densities, 12, xyz, &volume, &mass, center, inertia) == 0);
  CHECK_CLOSE(mass, m, 1e-13);
  CHECK_CLOSE(center[0], 1001, 1e-14);
  CHECK_CLOSE(center[1], -4.5, 1e-14);
  CHECK_CLOSE(center[2], 3.25, 1e-14);
  check_inertia(inertia, m / 12 * (b * b + c * c), m / 12 * (a * a + c * c), m / 12 * (a * a + b * b), 1e-12);
}

/* The corners of the box center + R diag(h) (+-1, +-1, +-1): the PCA box is that box (its
 * corners' covariance is diag(h^2) in the box's frame), and the AABB is center +- |R| h. */
static void rotated_box(void) {
  const double u[] = {1 / sqrt(14.0), 2 / sqrt(14.0), 3 / sqrt(14.0)}, h[] = {0.5, 1.5, 3}, c[] = {10, -2, 7};
  double r[9], xyz[24], center[3], axes[9], half[3], low[3], high[3];
  int k, i, j;
  rotation(u, 0.7, r);
  for (k = 0; k < 8; ++k)
    for (i = 0; i < 3; ++i) {
      xyz[3 * k + i] = c[i];
      for (j = 0; j < 3; ++j) xyz[3 * k + i] += r[i + 3 * j] * h[j] * ((k >> j) & 1 ? 1 : -1);
    }
  CHECK(fecontact_fit_obb(8, xyz, center, axes, half) == 0);
  for (i = 0; i < 3; ++i) {
    double dot = 0;
    CHECK_CLOSE(center[i], c[i], 1e-13);
    CHECK_CLOSE(half[i], h[i], 1e-13);
    for (j = 0; j < 3; ++j) dot += axes[j + 3 * i] * r[j + 3 * i];
    CHECK_CLOSE(fabs(dot), 1, 1e-13); /* axis i is +-R's column i */
  }
  CHECK_CLOSE(determinant(axes), 1, 1e-13);
  CHECK(fecontact_fit_obb(8, xyz, NULL, NULL, half) == 0 && fabs(half[2] - 3) < 1e-13);
  CHECK(fecontact_fit_aabb(8, xyz, low, high) == 0);
  for (i = 0; i < 3; ++i) {
    const double reach = fabs(r[i]) * h[0] + fabs(r[i + 3]) * h[1] + fabs(r[i + 6]) * h[2];
    CHECK_CLOSE(low[i], c[i] - reach, 1e-13);
    CHECK_CLOSE(high[i], c[i] + reach, 1e-13);
  }
  CHECK(fecontact_fit_aabb(1, c, low, high) == 0 && low[1] == -2 && high[1] == -2); /* one point */
}

static void eigen(void) {
  /* diag(3, 1, 2); the upper triangle is not read */
  const double diagonal[] = {3, 0, 0, 999, 1, 0, -999, 999, 2};
  const double u[] = {0.6, 0, 0.8}, d[] = {1, 2, 3};
  const double expected_vectors[] = {0, 1, 0, 0, 0, 1, 1, 0, 0}; /* sign rule: largest component positive */
  double values[3], vectors[9], r[9], a[9];
  int i, j, k;
  CHECK(fecontact_eigen_symmetric3(diagonal, values, vectors) == 0);
  CHECK(values[0] == 1 && values[1] == 2 && values[2] == 3);
  for (i = 0; i < 9; ++i) CHECK(vectors[i] == expected_vectors[i]);
  /* R diag(1, 2, 3) R^T */
  rotation(u, 1.1, r);
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      a[i + 3 * j] = 0;
      for (k = 0; k < 3; ++k) a[i + 3 * j] += r[i + 3 * k] * d[k] * r[j + 3 * k];
    }
  CHECK(fecontact_eigen_symmetric3(a, values, vectors) == 0);
  for (k = 0; k < 3; ++k) {
    double dot = 0;
    CHECK_CLOSE(values[k], d[k], 64 * 2.3e-16 * 4);
    for (i = 0; i < 3; ++i) dot += vectors[i + 3 * k] * r[i + 3 * k];
    CHECK_CLOSE(fabs(dot), 1, 1e-13);
  }
  CHECK_CLOSE(determinant(vectors), 1, 1e-14);
  CHECK(fecontact_eigen_symmetric3(a, values, NULL) == 0);
}

int main(void) {
  unit_cube();
  two_materials();
  far_box();
  rotated_box();
  eigen();
  return finish();
}
