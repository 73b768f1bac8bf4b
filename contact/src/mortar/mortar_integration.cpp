// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/mortar/mortar_integration.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "fecontact/detail/parallel.hpp"
#include "fecontact/mesh/element_type.hpp"
#include "gap_jacobian.hpp"
#include "mortar_assembly.hpp"
#include "mortar_chunk.hpp"
#include "multiplier_basis.hpp"
#include "weighted_slip.hpp"

namespace fecontact {

using Eigen::Vector3d;

void MortarResult::clear() {
  cell_slave_face.clear();
  cell_master_face.clear();
  cell_vertices.clear();
  point_slave_local.clear();
  point_master_local.clear();
  point_weight.clear();
  dropped_slivers = 0;
  slave_nodes.clear();
  master_nodes.clear();
  slave_tangents.clear();
  weighted_slip.clear();
  for (SparseRows* rows : {&D, &M, &slave_transformation}) {
    rows->row_offsets.clear();
    rows->columns.clear();
    rows->values.clear();
  }
  slave_normals.clear();
  weighted_gap.clear();
  slave_coverage.clear();
  uncovered_slave_nodes.clear();
}

struct MortarIntegration::Scratch {
  std::vector<Index> slave_row, master_column;  // per node of the model
  std::vector<Index> group_face;                // slave faces with pairs, ascending
  std::vector<std::size_t> group_begin;         // their pairs: [group_begin[g], group_begin[g + 1])
  std::vector<std::size_t> group_first_cell;    // their cells: [group_first_cell[g], group_first_cell[g + 1])
  std::vector<detail::MortarChunk> chunks;
  std::vector<detail::MortarChunk> gradient_chunks;  // their g only (the derivatives' tasks are per face)
  std::vector<double> covered;                  // per slave face: its cells' area
  std::vector<double> support_area;
  std::vector<double> normal_length;            // per slave row: |m_j| (finish_rows)
  std::vector<Vector3d> gap_vector;             // per slave row: W_j (finish_rows)
  std::vector<Index> group_of_face;             // per slave face: its group, −1 for none
  std::vector<std::array<Index, 2>> edge_of_row;
  detail::AssemblyScratch assembly;
  detail::MortarStep last, accepted;            // the last compute's, and the accepted step's
  std::vector<Vector3d> slip_vector;            // per slave row: ũ_j (weighted_slip)
  std::vector<std::array<Vector3d, 2>> tangent_sensitivity;  // per slave row (tangent_sensitivity)
  std::vector<detail::HessianWorkspacePtr> hessian_workspaces;  // per task
  std::vector<detail::MortarChunk> hessian_chunks;  // per task, and a last one for the coupling terms
  std::vector<detail::VectorEntry> gap_vector_gradient, normal_gradient;  // all tasks' (add_normal_coupling)
};

MortarIntegration::MortarIntegration() : scratch_(std::make_unique<Scratch>()) {}
MortarIntegration::~MortarIntegration() = default;
MortarIntegration::MortarIntegration(MortarIntegration&&) noexcept = default;
MortarIntegration& MortarIntegration::operator=(MortarIntegration&&) noexcept = default;

namespace {

// Slave faces per task: enough work to hide a task's start, fixed so that the chunks (and the
// order of every sum) depend on the face count only.
constexpr std::size_t faces_per_task = 64;

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("mortar integration: " + what); }

// The nodes of `surface`, ascending, each once, into `nodes`, and their positions into `position`
// (−1 elsewhere). Throws for a node outside the coordinates or a coordinate that is not finite.
void surface_nodes(const Surface& surface, const char* side, std::span<const Vector3d> coordinates,
                   std::vector<Index>& nodes, std::vector<Index>& position) {
  nodes.clear();
  for (std::size_t f = 0; f < surface.faces.size(); ++f)
    for (const Index node : surface.faces[f].nodes()) {
      if (node < 0 || static_cast<std::size_t>(node) >= coordinates.size())
        fail(std::string(side) + " face " + std::to_string(f) + " has node " + std::to_string(node) + " outside the " +
             std::to_string(coordinates.size()) + " coordinates");
      nodes.push_back(node);
    }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  position.assign(coordinates.size(), -1);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Vector3d& x = coordinates[static_cast<std::size_t>(nodes[i])];
    if (!x.allFinite()) fail(std::string(side) + " node " + std::to_string(nodes[i]) + " has a coordinate that is not finite");
    position[static_cast<std::size_t>(nodes[i])] = static_cast<Index>(i);
  }
}

void check(const ContactInterface& interface, const InterfaceResult& pairs, const MortarOptions& options) {
  if (interface.mode != ContactMode::surface_to_surface) fail("the interface is not surface_to_surface");
  if (!(options.tolerance >= 0) || !std::isfinite(options.tolerance))
    fail("tolerance " + std::to_string(options.tolerance) + " is negative or not finite");
  if (pairs.pair_slave.size() != pairs.pair_master.size())
    fail("pair_slave has " + std::to_string(pairs.pair_slave.size()) + " entries and pair_master " +
         std::to_string(pairs.pair_master.size()));
  const auto slave_faces = interface.slave.size(), master_faces = interface.master.size();
  for (std::size_t k = 0; k < pairs.pair_slave.size(); ++k) {
    const Index s = pairs.pair_slave[k], m = pairs.pair_master[k];
    if (s < 0 || s >= slave_faces || m < 0 || m >= master_faces)
      fail("pair " + std::to_string(k) + " (" + std::to_string(s) + ", " + std::to_string(m) +
           ") is outside the interface's faces");
    if (k > 0 && s < pairs.pair_slave[k - 1]) fail("pairs are not ascending by slave face at pair " + std::to_string(k));
  }
}

}  // namespace

void MortarIntegration::compute(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Vector3d> coordinates, const MortarOptions& options, MortarResult& out) {
  check(interface, pairs, options);
  Scratch& s = *scratch_;
  s.last.valid = false;
  // Every array of `out` is refilled below; the cell and point arrays are resized rather than
  // cleared first, so that a step of the same size neither frees nor zero-fills them.
  out.dropped_slivers = 0;
  surface_nodes(interface.slave, "slave", coordinates, out.slave_nodes, s.slave_row);
  surface_nodes(interface.master, "master", coordinates, out.master_nodes, s.master_column);
  const bool transformed = options.basis == MortarBasis::dual &&
                           std::any_of(interface.slave.faces.begin(), interface.slave.faces.end(),
                                       [](const SurfaceFace& face) { return is_quadratic(face.type); });
  if (transformed)
    detail::slave_transformation(interface.slave, s.slave_row, static_cast<Index>(out.slave_nodes.size()), s.edge_of_row,
                                 out.slave_transformation);
  else
    out.slave_transformation.row_offsets.clear();

  // The slave faces that have pairs, each with its range of pairs.
  s.group_face.clear();
  s.group_begin.clear();
  for (std::size_t k = 0; k < pairs.pair_slave.size(); ++k)
    if (k == 0 || pairs.pair_slave[k] != pairs.pair_slave[k - 1]) {
      s.group_face.push_back(pairs.pair_slave[k]);
      s.group_begin.push_back(k);
    }
  s.group_begin.push_back(pairs.pair_slave.size());

  const detail::MortarContext context{&interface.slave, &interface.master, coordinates, pairs.pair_master,
                                      s.slave_row, s.master_column, options.basis, options.tolerance};
  s.covered.assign(interface.slave.faces.size(), 0.0);
  const std::size_t groups = s.group_face.size();

  // Count each face's cells, then write them in place: the result's largest arrays are written
  // once, by the tasks, rather than gathered in the tasks and copied.
  s.group_first_cell.assign(groups + 1, 0);
  detail::parallel_for(groups, faces_per_task, [&](std::size_t g) {
    s.group_first_cell[g + 1] =
        static_cast<std::size_t>(detail::count_cells(context, s.group_face[g], s.group_begin[g], s.group_begin[g + 1]));
  });
  for (std::size_t g = 0; g < groups; ++g) s.group_first_cell[g + 1] += s.group_first_cell[g];
  const std::size_t cells = s.group_first_cell[groups];
  out.cell_slave_face.resize(cells);
  out.cell_master_face.resize(cells);
  out.cell_vertices.resize(cells);
  out.point_slave_local.resize(cells * MortarResult::points_per_cell);
  out.point_master_local.resize(cells * MortarResult::points_per_cell);
  out.point_weight.resize(cells * MortarResult::points_per_cell);

  s.chunks.resize(detail::chunk_count(groups, faces_per_task));
  detail::parallel_chunks(groups, faces_per_task, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    detail::MortarChunk& c = s.chunks[chunk];
    c.clear();
    for (std::size_t g = begin; g < end; ++g) {
      const Index face = s.group_face[g];
      s.covered[static_cast<std::size_t>(face)] = detail::integrate_slave_face(
          context, face, s.group_begin[g], s.group_begin[g + 1], s.group_first_cell[g], out, c);
    }
  });
  for (const detail::MortarChunk& c : s.chunks) out.dropped_slivers += c.dropped_slivers;
  const auto rows = static_cast<Index>(out.slave_nodes.size());
  detail::assemble_rows(s.chunks, &detail::MortarChunk::d, rows, rows, s.assembly, out.D);
  detail::assemble_rows(s.chunks, &detail::MortarChunk::m, rows, static_cast<Index>(out.master_nodes.size()), s.assembly, out.M);
  detail::finish_rows(interface.slave, coordinates, s.slave_row, s.covered, s.support_area, s.normal_length,
                      s.gap_vector, out);
  detail::weighted_slip(s.accepted, options.basis, coordinates, s.slip_vector, out);
  s.last.assign(out, options.basis);
}

void MortarIntegration::accept_step() {
  Scratch& s = *scratch_;
  if (!s.last.valid) return;
  std::swap(s.accepted, s.last);  // no copy: the next compute refills `last`
  s.last.valid = false;
}

bool MortarIntegration::has_accepted_step() const { return scratch_->accepted.valid; }

void MortarIntegration::compute(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Vector3d> coordinates, const MortarOptions& options, MortarResult& out,
                                MortarDerivatives& derivatives) {
  compute(interface, pairs, coordinates, options, out);
  Scratch& s = *scratch_;
  const detail::MortarContext context{&interface.slave, &interface.master, coordinates, pairs.pair_master,
                                      s.slave_row, s.master_column, options.basis, options.tolerance};
  const std::size_t faces = interface.slave.faces.size();
  s.group_of_face.assign(faces, -1);
  for (std::size_t g = 0; g < s.group_face.size(); ++g) s.group_of_face[static_cast<std::size_t>(s.group_face[g])] = static_cast<Index>(g);
  const bool friction = s.accepted.valid;
  if (friction) detail::tangent_sensitivity(s.accepted, out, s.slip_vector, s.normal_length, s.tangent_sensitivity);
  // Every slave face: the normal term of its nodes, and the pair term of its pairs; with friction
  // a last chunk, filled here, holds the slip's explicit positions' term.
  const std::size_t chunks = detail::chunk_count(faces, faces_per_task);
  s.gradient_chunks.resize(chunks + 1);
  detail::parallel_chunks(faces, faces_per_task, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    detail::MortarChunk& c = s.gradient_chunks[chunk];
    c.clear();
    detail::SlipGradientInput slip{out.slave_tangents, s.tangent_sensitivity, &c.slip};
    detail::MatrixGradientOutput matrices{&c.d_gradient, &c.m_gradient};
    for (std::size_t f = begin; f < end; ++f) {
      const Index group = s.group_of_face[f];
      const std::size_t first = group < 0 ? 0 : s.group_begin[static_cast<std::size_t>(group)];
      const std::size_t last = group < 0 ? 0 : s.group_begin[static_cast<std::size_t>(group) + 1];
      detail::add_gap_gradients(context, out, s.gap_vector, s.normal_length, static_cast<Index>(f), first, last, c.g,
                                friction ? &slip : nullptr, options.matrix_derivatives ? &matrices : nullptr);
    }
  });
  detail::MortarChunk& explicit_terms = s.gradient_chunks[chunks];
  explicit_terms.clear();
  if (friction) detail::add_explicit_slip_terms(s.accepted, out, explicit_terms.slip);
  const auto rows = static_cast<Index>(out.slave_nodes.size()), columns = static_cast<Index>(3 * coordinates.size());
  detail::assemble_rows(s.gradient_chunks, &detail::MortarChunk::g, rows, columns, s.assembly, derivatives.gap_jacobian);
  detail::assemble_rows(s.gradient_chunks, &detail::MortarChunk::slip, 2 * rows, columns, s.assembly,
                        derivatives.slip_jacobian);
  // Without matrix_derivatives the chunks hold no entries: no rows at all then.
  const auto d_rows = options.matrix_derivatives ? static_cast<Index>(out.D.values.size()) : 0;
  const auto m_rows = options.matrix_derivatives ? static_cast<Index>(out.M.values.size()) : 0;
  detail::assemble_rows(s.gradient_chunks, &detail::MortarChunk::d_gradient, d_rows, columns, s.assembly,
                        derivatives.D_jacobian);
  detail::assemble_rows(s.gradient_chunks, &detail::MortarChunk::m_gradient, m_rows, columns, s.assembly,
                        derivatives.M_jacobian);
  derivatives.gap_hessian.row_offsets.clear();
  derivatives.gap_hessian.columns.clear();
  derivatives.gap_hessian.values.clear();
}

void MortarIntegration::compute(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Vector3d> coordinates, const MortarOptions& options, MortarResult& out,
                                MortarDerivatives& derivatives, std::span<const double> multipliers) {
  check(interface, pairs, options);
  // The rows are the slave surface's nodes: count them before the step, so that a wrong length
  // throws before anything is computed.
  Scratch& s = *scratch_;
  surface_nodes(interface.slave, "slave", coordinates, out.slave_nodes, s.slave_row);
  if (multipliers.size() != out.slave_nodes.size())
    fail(std::to_string(multipliers.size()) + " multipliers for " + std::to_string(out.slave_nodes.size()) +
         " slave nodes (one per row of D)");
  for (std::size_t r = 0; r < multipliers.size(); ++r)
    if (!std::isfinite(multipliers[r])) fail("multiplier " + std::to_string(r) + " is not finite");
  compute(interface, pairs, coordinates, options, out, derivatives);
  const detail::MortarContext context{&interface.slave, &interface.master, coordinates, pairs.pair_master,
                                      s.slave_row, s.master_column, options.basis, options.tolerance};
  const std::size_t faces = interface.slave.faces.size();
  const std::size_t chunks = detail::chunk_count(faces, faces_per_task);
  while (s.hessian_workspaces.size() < chunks) s.hessian_workspaces.push_back(detail::make_hessian_workspace());
  s.hessian_chunks.resize(chunks + 1);
  detail::parallel_chunks(faces, faces_per_task, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    detail::MortarChunk& c = s.hessian_chunks[chunk];
    c.clear();
    for (std::size_t f = begin; f < end; ++f) {
      const Index group = s.group_of_face[f];
      const std::size_t first = group < 0 ? 0 : s.group_begin[static_cast<std::size_t>(group)];
      const std::size_t last = group < 0 ? 0 : s.group_begin[static_cast<std::size_t>(group) + 1];
      detail::add_gap_hessian_terms(context, out, s.gap_vector, s.normal_length, multipliers, static_cast<Index>(f), first,
                                    last, *s.hessian_workspaces[chunk], c);
    }
  });
  s.gap_vector_gradient.clear();
  s.normal_gradient.clear();
  for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
    const detail::MortarChunk& c = s.hessian_chunks[chunk];
    s.gap_vector_gradient.insert(s.gap_vector_gradient.end(), c.gap_vector_gradient.begin(), c.gap_vector_gradient.end());
    s.normal_gradient.insert(s.normal_gradient.end(), c.normal_gradient.begin(), c.normal_gradient.end());
  }
  detail::MortarChunk& coupling = s.hessian_chunks[chunks];
  coupling.clear();
  detail::add_normal_coupling(out, s.gap_vector, s.normal_length, multipliers, s.gap_vector_gradient, s.normal_gradient,
                              coupling.h);
  const auto size = static_cast<Index>(3 * coordinates.size());
  detail::assemble_rows(s.hessian_chunks, &detail::MortarChunk::h, size, size, s.assembly, derivatives.gap_hessian);
}

MortarResult mortar_integration(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Vector3d> coordinates, const MortarOptions& options) {
  MortarResult result;
  MortarIntegration().compute(interface, pairs, coordinates, options, result);
  return result;
}

}  // namespace fecontact
