// SPDX-License-Identifier: BSD-3-Clause
// Cattaneo–Mindlin: frictional mortar contact at small strain between two elastic bodies, solved
// load step by load step with Lagrange multipliers and a stick/slip active set (Hüeber, Stadler &
// Wohlmuth 2008), compared with Johnson, Contact Mechanics (1985), §4.2 and §7.1. The calls to
// fecontact are marked "fecontact:".

#include "cattaneo_mindlin.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include <Eigen/LU>

#include <fecontact/contact.hpp>

#include "gmsh_mesh.hpp"
#include "mortar_constraints.hpp"
#include "saddle_point_solve.hpp"

namespace implicit {
namespace {

constexpr double radius = 1, coulomb = 0.3, tiny = 1e-9;  // coulomb: the friction coefficient μ
constexpr std::array load_ratios{0.5, 0.8};  // the T/(μP) reported
constexpr int max_iterations = 50;
// Newton has converged when the states repeat and no λ_t moved by more than this times the
// largest pressure.
constexpr double newton_tolerance = 1e-10;

// The contact rows, one per covered slave node j of the mortar data: the weighted gap
// g̃_j(u) = gap_j + n_j · Σ_i w_ji u_i and the weighted tangential slip increment
// s_j(Δu) = −[τ1_j τ2_j]ᵀ Σ_i w_ji Δu_i, with w = −D_jk on the slave nodes and M_jl on the master
// nodes (positive gap open, slip the slave's motion relative to the master's).
struct ContactRows : Constraints {
  std::vector<std::array<Vector3d, 2>> tangent;  // τ1 (along x projected on the tangent plane), τ2 = n × τ1
  // Rows of slave nodes on the symmetry plane y = 0: there both bodies have u_y = 0 and the
  // traction along τ2 (≈ y) vanishes by symmetry, so λ_t2 = 0 and s_j·τ2 is not held (the row
  // would weigh only the master's nodes off the plane: singular).
  std::vector<char> on_symmetry_plane;
};

// fecontact's mortar data (dual basis: D diagonal; D T on quadratic faces, mortar_constraints) as
// contact rows; uncovered slave nodes are left out. The tangent frame is built from fecontact's averaged
// normal n_j: τ1 = the load direction x made orthogonal to n_j, τ2 = n_j × τ1.
ContactRows contact_rows(const fecontact::MortarResult& r) {
  ContactRows c;
  static_cast<Constraints&>(c) = mortar_constraints(r);
  for (std::size_t j = 0; j < c.size(); ++j) {
    if (!(c.area[j] > 0)) throw std::runtime_error("a slave node's mortar area is not positive");
    const Vector3d& n = c.normal[j];
    const Vector3d t1 = (Vector3d::UnitX() - n.x() * n).normalized();
    c.tangent.push_back({t1, n.cross(t1)});
  }
  return c;
}

// frictionless: closed with λ_t = 0, the rows of the normal step only (FrictionalSolver::step).
enum class State : char { open, stick, slip, frictionless };

// The contact state of every row: its state, normal multiplier λ_n (pressure), tangential
// multipliers λ_t (the traction on the slave is −λ_t in the frame τ) and the trial traction
// θ = λ_t + c_t s_j / A_j of the last iterate (the slip per unit area s_j / A_j a length).
struct ContactState {
  std::vector<State> state;
  std::vector<double> normal;
  std::vector<Eigen::Vector2d> tangential, trial;
};

// The model: both bodies' nodes, equation numbers (3 per node, −1 fixed; the sphere's top shares
// one z equation), the loads of P and of T over the equations, and the sphere's rigid motions that the
// supports leave free, its translations along x and z (carried by the contact alone): one vector
// over the equations each, with the equation of one sphere node pinned for each (`pinned[m]`,
// where rigid_modes[m] is 1 and every other mode 0); the translation along x is held by friction
// alone (no normal row's weights see it: the slave is flat).
struct Model {
  fecontact::Mesh mesh;
  std::vector<Index> equation;
  Index equations = 0;
  Eigen::VectorXd normal_load, tangential_load;
  std::vector<Eigen::VectorXd> rigid_modes;
  std::vector<Index> pinned;
  std::vector<char> held_by_friction_only;
};

// One load step by the semi-smooth Newton method of Hüeber, Stadler & Wohlmuth (2008) for
// Coulomb friction (a primal–dual active set). Unknowns u and, per row j, λ_j = (λ_n, λ_t1, λ_t2);
// with B_j the row's weights along (n_j, τ1_j, τ2_j) (B_j u = (g̃_j − gap_j, −s_j) for s_j the slip
// since u_prev), the equations are
//   K u − Σ_j B_jᵀ λ_j = f
//   open:  λ_j = 0
//   stick: g̃_j(u) = 0, s_j(u − u_prev) = 0
//   slip:  g̃_j(u) = 0, F_j = |θ_j| λ_tj − μ λ_nj θ_j = 0, linearised at the last iterate (Newton)
// and after each solve a row is closed if λ_nj > 0 (a closed one) or g̃_j(u) < 0 (an open one),
// and a closed row slips if |θ_j| > μ λ_nj, else sticks. Converged when the states repeat and no
// λ_t moved by more than tolerance × max λ_n.
//
// Small strain keeps K and B fixed, so the elastic problem is condensed onto the rows once, as
// FETI does for a floating subdomain (Farhat & Roux 1991): with K̃ = K with the rigid modes' pinned
// equations replaced by identity rows and columns, every solution of K u = g for a g that the
// rigid modes R leave in balance (Rᵀg = 0) is u = K̃⁻¹g + Rα (g's pinned entries set to 0), so
//   B u = B K̃⁻¹ f + S λ + B R α,  S = B K̃⁻¹ Bᵀ,  and  Rᵀ(f + Bᵀλ) = 0  (the sphere's balance).
// K̃ is factorised once and S formed once; each Newton iteration is then one dense solve over the
// closed rows' λ and α, in place of a sparse LU of the whole saddle-point system (whose cost grows
// much faster with the mesh than the number of rows does).
class FrictionalSolver {
 public:
  FrictionalSolver(const Model& model, const ContactRows& rows, const Material& material, double trial_stiffness)
      : model_(model), rows_(rows), trial_stiffness_(trial_stiffness) {
    const Index n = model.equations;
    std::vector<Eigen::Triplet<double>> triplets;
    for (const fecontact::ElementBlock& block : model.mesh.blocks)
      add_stiffness(block, model.mesh.coordinates, material, model.equation, triplets);
    std::vector<char> pinned(static_cast<std::size_t>(n), 0);
    for (const Index p : model.pinned) pinned[static_cast<std::size_t>(p)] = 1;
    std::erase_if(triplets, [&](const Eigen::Triplet<double>& t) {
      return pinned[static_cast<std::size_t>(t.row())] || pinned[static_cast<std::size_t>(t.col())];
    });
    for (const Index p : model.pinned) triplets.emplace_back(p, p, 1.0);
    stiffness_.resize(n, n);
    stiffness_.setFromTriplets(triplets.begin(), triplets.end());
    lu_.compute(stiffness_);
    if (lu_.info() != Eigen::Success) throw std::runtime_error("the pinned stiffness matrix is singular");

    // B over the equations (row 3j: the gap's weights w n_j, rows 3j + 1, 3j + 2: w τ_j), and
    // Bᵀ with the pinned equations' entries dropped (the right-hand sides K̃ is solved for).
    std::vector<Eigen::Triplet<double>> weights;
    for (std::size_t j = 0; j < rows.size(); ++j)
      for (std::size_t k = 0; k < rows.count(j); ++k)
        for (int d = 0; d < 3; ++d) {
          const Index col = model.equation[3 * rows.node(j, k) + static_cast<std::size_t>(d)];
          if (col < 0) continue;
          const double w = rows.weight(j, k);
          const auto row = static_cast<Index>(3 * j);
          weights.emplace_back(row, col, w * rows.normal[j][d]);
          for (int m = 0; m < 2; ++m) weights.emplace_back(row + 1 + m, col, w * rows.tangent[j][m][d]);
        }
    const auto m = static_cast<Eigen::Index>(3 * rows.size());
    weights_.resize(m, n);
    weights_.setFromTriplets(weights.begin(), weights.end());
    // S = B K̃⁻¹ B₀ᵀ, a block of columns at a time (K̃⁻¹ B₀ᵀ whole would be equations × rows).
    const Eigen::SparseMatrix<double> loads = Eigen::SparseMatrix<double>(weights_.transpose());
    condensed_.resize(m, m);
    constexpr Eigen::Index block = 256;
    for (Eigen::Index first = 0; first < m; first += block) {
      const Eigen::Index width = std::min(block, m - first);
      Eigen::MatrixXd rhs = loads.middleCols(first, width);
      for (const Index p : model.pinned) rhs.row(p).setZero();
      condensed_.middleCols(first, width) = weights_ * lu_.solve(rhs);
    }
    rigid_.resize(m, static_cast<Eigen::Index>(model.rigid_modes.size()));
    for (std::size_t r = 0; r < model.rigid_modes.size(); ++r)
      rigid_.col(static_cast<Eigen::Index>(r)) = weights_ * model.rigid_modes[r];
    row_displacement_ = Eigen::VectorXd::Zero(m);
  }

  // Solves the step with the load f (over the equations) from the last converged step; `contact`
  // is the first guess and the result (a closed row sticks after a frictionless step). Returns the
  // iterations. `frictionless`: the closed rows carry λ_t = 0 (the normal step).
  int step(const Eigen::VectorXd& f, ContactState& contact, bool frictionless) {
    const Eigen::VectorXd previous = row_displacement_;  // B u_prev
    Eigen::VectorXd pinned_free = f;
    for (const Index p : model_.pinned) pinned_free[p] = 0;
    const Eigen::VectorXd loaded = weights_ * refined_solve(lu_, stiffness_, pinned_free, "the pinned stiffness matrix");
    // The rigid modes this step holds: without friction none but the normal rows' (a frictionless
    // step leaves the sphere's position along x free, so it is kept where it was: the next step's
    // slip is measured from it, whatever it is).
    std::vector<Eigen::Index> held;
    for (std::size_t r = 0; r < model_.rigid_modes.size(); ++r)
      if (!frictionless || !model_.held_by_friction_only[r]) held.push_back(static_cast<Eigen::Index>(r));
    const auto modes = static_cast<Eigen::Index>(held.size());
    const Eigen::MatrixXd rigid = rigid_(Eigen::all, held);
    Eigen::VectorXd balance(modes);  // Rᵀ f
    for (Eigen::Index r = 0; r < modes; ++r) balance[r] = model_.rigid_modes[static_cast<std::size_t>(held[static_cast<std::size_t>(r)])].dot(f);
    for (int iteration = 1; iteration <= max_iterations; ++iteration) {
      std::vector<Eigen::Index> closed;  // the rows in the solve
      for (std::size_t j = 0; j < rows_.size(); ++j)
        if (contact.state[j] != State::open) closed.push_back(static_cast<Eigen::Index>(j));
      const auto c = static_cast<Eigen::Index>(closed.size());
      Eigen::MatrixXd matrix = Eigen::MatrixXd::Zero(3 * c + modes, 3 * c + modes);
      Eigen::VectorXd rhs = Eigen::VectorXd::Zero(3 * c + modes);
      for (Eigen::Index a = 0; a < c; ++a) {
        const Eigen::Index j = closed[static_cast<std::size_t>(a)];
        const RowEquations e = row_equations(static_cast<std::size_t>(j), contact, previous, frictionless);
        for (Eigen::Index b = 0; b < c; ++b)
          matrix.block<3, 3>(3 * a, 3 * b) = e.displacement * condensed_.block<3, 3>(3 * j, 3 * closed[static_cast<std::size_t>(b)]);
        matrix.block<3, 3>(3 * a, 3 * a) += e.multiplier;
        matrix.block(3 * a, 3 * c, 3, modes) = e.displacement * rigid.middleRows<3>(3 * j);
        matrix.block(3 * c, 3 * a, modes, 3) = rigid.middleRows<3>(3 * j).transpose();
        rhs.segment<3>(3 * a) = e.rhs - e.displacement * loaded.segment<3>(3 * j);
      }
      rhs.tail(modes) = -balance;
      const Eigen::PartialPivLU<Eigen::MatrixXd> lu(matrix);
      Eigen::VectorXd x = lu.solve(rhs);
      x += lu.solve(rhs - matrix * x);  // one step of iterative refinement
      Eigen::VectorXd multipliers = Eigen::VectorXd::Zero(3 * static_cast<Eigen::Index>(rows_.size()));
      for (Eigen::Index a = 0; a < c; ++a) multipliers.segment<3>(3 * closed[static_cast<std::size_t>(a)]) = x.segment<3>(3 * a);
      row_displacement_ = loaded + condensed_ * multipliers + rigid * x.tail(modes);

      bool settled = true;
      double largest_change = 0, largest_pressure = 0;
      for (std::size_t j = 0; j < rows_.size(); ++j) {
        const auto row = static_cast<Eigen::Index>(3 * j);
        const double normal = multipliers[row];
        const Eigen::Vector2d tangential = multipliers.segment<2>(row + 1);
        Eigen::Vector2d trial = tangential + trial_stiffness_ / rows_.area[j] * slip(j, previous);
        if (rows_.on_symmetry_plane[j]) trial[1] = 0;
        const bool closed_now = contact.state[j] == State::open ? rows_.gap[j] + row_displacement_[row] < 0 : normal > 0;
        const State next = !closed_now                             ? State::open
                           : !frictionless && trial.norm() > coulomb * normal ? State::slip
                                                                              : State::stick;
        largest_change = std::max(largest_change, (tangential - contact.tangential[j]).norm());
        largest_pressure = std::max(largest_pressure, normal);
        settled = settled && next == contact.state[j];
        contact.state[j] = next;
        contact.normal[j] = normal;
        contact.tangential[j] = tangential;
        contact.trial[j] = trial;
      }
      if (settled && largest_change <= newton_tolerance * largest_pressure) return iteration;
    }
    throw std::runtime_error("the stick/slip active set did not settle in " + std::to_string(max_iterations) +
                             " iterations");
  }

 private:
  // A closed row's three equations: displacement · B_j u + multiplier · λ_j = rhs.
  struct RowEquations {
    Eigen::Matrix3d displacement = Eigen::Matrix3d::Zero(), multiplier = Eigen::Matrix3d::Zero();
    Eigen::Vector3d rhs = Eigen::Vector3d::Zero();
  };

  // The weighted tangential slip of row j since the last converged step, s_j = −B_tj (u − u_prev):
  // [τ1_j τ2_j]ᵀ (Σ_k D_jk Δu_k − Σ_l M_jl Δu_l) (D T for D on tet10's faces), with D and M of the
  // reference configuration: the small-strain slip, linear in Δu. fecontact's
  // MortarResult::weighted_slip is another quantity, the objective slip of finite deformation
  // (Gitterle et al. 2010): it needs the mortar data recomputed on the current coordinates (it is
  // 0 for data computed once), is not linear in Δu, and about the same configuration is not s_j
  // even to first order (README.md, section 3), so it is not used here.
  Eigen::Vector2d slip(std::size_t j, const Eigen::VectorXd& previous) const {
    const auto row = static_cast<Eigen::Index>(3 * j + 1);
    return previous.segment<2>(row) - row_displacement_.segment<2>(row);
  }

  // Row j's equations in its state. Gap: −B_nj u = gap_j (g̃_j = 0). Stick: −B_tj u = −B_tj u_prev.
  // Slip: F ≈ F⁰ + (|θ|I + G) dλ_t + G (c_t/A) dS − μθ dλ_n with G = λ_t eᵀ − μλ_n I, e = θ/|θ|,
  // and S = −B_t (u − u_prev) the slip, i.e. (|θ|I + G) λ_t − (c_t/A) G B_t u − μθ λ_n =
  // G(θ − (c_t/A) B_t u_prev). A held λ = 0 (open, frictionless λ_t, λ_t2 on the symmetry plane).
  RowEquations row_equations(std::size_t j, const ContactState& contact, const Eigen::VectorXd& previous,
                             bool frictionless) const {
    const State s = frictionless ? State::frictionless : contact.state[j];
    const Eigen::Vector2d theta = contact.trial[j], lambda = contact.tangential[j];
    const Eigen::Vector2d previous_slip = previous.segment<2>(static_cast<Eigen::Index>(3 * j + 1));  // B_t u_prev
    const double scale = trial_stiffness_ / rows_.area[j];
    RowEquations e;
    e.displacement(0, 0) = -1;
    e.rhs[0] = rows_.gap[j];
    Eigen::Matrix2d g = Eigen::Matrix2d::Zero(), newton = Eigen::Matrix2d::Identity();
    if (s == State::slip) {
      g = lambda * theta.normalized().transpose() - coulomb * contact.normal[j] * Eigen::Matrix2d::Identity();
      newton = theta.norm() * Eigen::Matrix2d::Identity() + g;
    }
    const Eigen::Vector2d slip_rhs = g * (theta - scale * previous_slip);
    for (int m = 0; m < 2; ++m) {
      if (s == State::frictionless || (m == 1 && rows_.on_symmetry_plane[j])) {
        e.multiplier(1 + m, 1 + m) = 1;
      } else if (s == State::stick) {
        e.displacement(1 + m, 1 + m) = -1;
        e.rhs[1 + m] = -previous_slip[m];
      } else {
        for (int l = 0; l < 2; ++l) {
          e.displacement(1 + m, 1 + l) = -scale * g(m, l);
          e.multiplier(1 + m, 1 + l) = newton(m, l);
        }
        e.multiplier(1 + m, 0) = -coulomb * theta[m];
        e.rhs[1 + m] = slip_rhs[m];
      }
    }
    return e;
  }

  // Eigen's dense products block their sums by the thread count (evaluateProductBlockingSizesHeuristic),
  // so the solver's run on one thread: the same bits on any thread count.
  struct OneEigenThread {
    int saved = Eigen::nbThreads();
    OneEigenThread() { Eigen::setNbThreads(1); }
    ~OneEigenThread() { Eigen::setNbThreads(saved); }
    OneEigenThread(const OneEigenThread&) = delete;
    OneEigenThread& operator=(const OneEigenThread&) = delete;
  };

  OneEigenThread one_thread_;
  const Model& model_;
  const ContactRows& rows_;
  double trial_stiffness_;
  Eigen::SparseMatrix<double> stiffness_, weights_;  // K̃ and B
  SparseLU lu_;                                      // of K̃
  Eigen::MatrixXd condensed_, rigid_;                // S and B R
  Eigen::VectorXd row_displacement_;                 // B u of the last iterate
};

// Adds the consistent nodal forces t∫N_k dA of a uniform traction t on `faces` to f (3 per node).
void add_traction(const fecontact::Surface& faces, const std::vector<Vector3d>& x, const Vector3d& traction,
                  Eigen::VectorXd& f) {
  for_each_face_point(faces, x, [&](std::span<const Index> nodes, const fecontact::FaceShape& s, const Vector3d& da) {
    for (std::size_t k = 0; k < nodes.size(); ++k) f.segment<3>(3 * nodes[k]) += s.value[k] * da.norm() * traction;
  });
}

// The closed-form tangential traction of Cattaneo–Mindlin (Johnson §7.1, eq. 7.27–7.28) at r:
// μp₀√(1 − r²/a²) in the slip annulus c ≤ r ≤ a, less μp₀(c/a)√(1 − r²/c²) inside the stick disc.
double closed_form_traction(double r, double a, double c, double p0) {
  const double slip = r < a ? coulomb * p0 * std::sqrt(1 - r * r / (a * a)) : 0.0;
  return r < c ? slip - coulomb * p0 * (c / a) * std::sqrt(1 - r * r / (c * c)) : slip;
}

}  // namespace

bool CattaneoMindlinOptions::parse(solver::Option& option) {
  const std::string& name = option.name();
  if (name == "--cattaneo-geo") geo = option.text();
  else if (name == "--cattaneo-size-contact") size_contact = option.number();
  else if (name == "--cattaneo-size-max") size_max = option.number();
  else if (name == "--cattaneo-growth") growth = option.number();
  else if (name == "--cattaneo-order") order = option.count(2);
  else if (name == "--cattaneo-steps") steps = option.count(100);
  else if (name == "--stick-tolerance") stick_tolerance = option.number();
  else if (name == "--traction-tolerance") traction_tolerance = option.number();
  else return false;
  return true;
}

// The half model (sphere_on_block.geo): the lower half of a sphere R = 1 with y ≥ 0 on the block
// [−1, 1] × [0, 1] × [−1, 0], u_y = 0 on y = 0 in both bodies, the block's bottom fixed. Two bodies of
// the same material (Dundurs β = 0: the normal and tangential problems uncouple), 1/E* = 2(1−ν²)/E,
// P = 4E*a³/(3R) for a = R/10 (Johnson eq. 4.22) as a uniform pressure P/(πR²) on the sphere's flat
// top, whose nodes share one u_z (a guided platen: T's moment T·R would otherwise roll the sphere,
// the closed form's loading holds the sphere against rotation), then T/(πR²) along x on the same
// top in steps (o.steps to 0.5μP, on to 0.8μP), a frictional solve at each. The normal step is
// frictionless (λ_t = 0 on the closed rows), each closed row sticking from its end: with β = 0 the
// frictional contact under P alone carries no shear (Johnson §7.1 starts from Hertz's pressure and
// q = 0), while holding the unloaded state by stick through the normal step would tie, node by node,
// the radial surface displacements of two non-matching meshes, u_r = −(1−2ν)(1+ν)a²p₀/(3Er)
// [1 − (1 − r²/a²)^{3/2}] in each body (Johnson §3.4), equal in the continuum but not between
// the meshes and of the order of T's own tangential displacements: shear of either sign from node
// to node, which T's steps would add to. The block's flat top is
// the slave: its normal is the closed form's contact normal, so the vertical closure of the gaps
// is no slip (a slave on the sphere would see it, projected on its tilted tangent planes, as slip
// of order (r/R)·r²/2R, comparable with T's elastic displacements).
CattaneoMindlin cattaneo_mindlin(const CattaneoMindlinOptions& o, const Material& material,
                                 const std::filesystem::path& gmsh) {
  const double e_star = material.young / (2 * (1 - material.poisson * material.poisson));
  const double target_radius = 0.1 * radius;
  const double force = 4 * e_star * std::pow(target_radius, 3) / (3 * radius);
  Model model;
  model.mesh = solver::mesh_with_gmsh(gmsh, o.geo, {{"size_contact", o.size_contact}, {"size_max", o.size_max},
                                                    {"growth", o.growth}, {"order", o.order}});
  std::ranges::sort(model.mesh.blocks, {}, &fecontact::ElementBlock::name);  // block, sphere
  if (model.mesh.blocks.size() != 2 || model.mesh.blocks[0].name != "block" || model.mesh.blocks[1].name != "sphere")
    throw std::runtime_error(o.geo.string() + " must give the volumes 'block' and 'sphere'");
  const fecontact::ElementType type = o.order == 1 ? fecontact::ElementType::tet4 : fecontact::ElementType::tet10;
  for (const fecontact::ElementBlock& block : model.mesh.blocks)
    if (block.type != type)
      throw std::runtime_error(o.geo.string() + " must give " + std::string(fecontact::name(type)));
  const std::vector<Vector3d>& x = model.mesh.coordinates;
  // fecontact: the two bodies' skins.
  const fecontact::Surface block_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{0});
  const fecontact::Surface sphere_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{1});
  const fecontact::Surface top = faces_where(sphere_skin, x, [](const Vector3d& p) { return p.z() > radius - tiny; });
  std::vector<char> on_top(x.size(), 0), in_sphere(x.size(), 0);
  for (const Index node : fecontact::surface_nodes(top)) on_top[static_cast<std::size_t>(node)] = 1;
  for (const Index node : model.mesh.blocks[1].connectivity) in_sphere[static_cast<std::size_t>(node)] = 1;
  double bottom = 0;  // the block's bottom, z = −depth
  for (const Index node : model.mesh.blocks[0].connectivity) bottom = std::min(bottom, x[static_cast<std::size_t>(node)].z());

  model.equation.assign(3 * x.size(), -1);
  Index top_z = -1;
  for (std::size_t i = 0; i < model.equation.size(); ++i) {
    const std::size_t node = i / 3;
    const int d = static_cast<int>(i % 3);
    const Vector3d& p = x[node];
    if ((d == 1 && std::abs(p.y()) < tiny) || (!in_sphere[node] && std::abs(p.z() - bottom) < tiny)) continue;
    if (d == 2 && on_top[node]) {
      if (top_z < 0) top_z = model.equations++;
      model.equation[i] = top_z;
    } else {
      model.equation[i] = model.equations++;
    }
  }
  Eigen::VectorXd normal_load = Eigen::VectorXd::Zero(3 * static_cast<Eigen::Index>(x.size()));
  Eigen::VectorXd tangential_load = normal_load;
  add_pressure(top, x, force / (std::numbers::pi * radius * radius), normal_load);
  add_traction(top, x, Vector3d(coulomb * force / (std::numbers::pi * radius * radius), 0, 0), tangential_load);
  model.normal_load = model.tangential_load = Eigen::VectorXd::Zero(model.equations);
  std::vector<Eigen::VectorXd> modes(2, Eigen::VectorXd::Zero(model.equations));  // the sphere's x and z translations
  for (std::size_t i = 0; i < model.equation.size(); ++i) {
    const Index e = model.equation[i];
    if (e < 0) continue;
    model.normal_load[e] += normal_load[static_cast<Eigen::Index>(i)];
    model.tangential_load[e] += tangential_load[static_cast<Eigen::Index>(i)];
    if (in_sphere[i / 3] && i % 3 != 1) modes[i % 3 / 2][e] = 1;
  }
  model.rigid_modes = modes;
  model.held_by_friction_only = {1, 0};
  const auto below_top = std::ranges::find_if(model.mesh.blocks[1].connectivity,
                                              [&](Index node) { return !on_top[static_cast<std::size_t>(node)]; });
  model.pinned = {model.equation[3 * static_cast<std::size_t>(*below_top)],
                  model.equation[3 * static_cast<std::size_t>(*below_top) + 2]};

  // The slave: the block's top within r < 2a, flat (its normal z, its tangent plane the contact
  // plane of the closed form); the master: the sphere's faces below z = 3a²/R (r ≲ 2.4a), so that
  // every slave node's support is covered (a partly covered row's D_jj can be ≤ 0).
  const fecontact::Surface slave = faces_where(block_skin, x, [&](const Vector3d& p) {
    return std::abs(p.z()) < tiny && std::hypot(p.x(), p.y()) < 2 * target_radius;
  });
  const fecontact::Surface master = faces_where(
      sphere_skin, x, [&](const Vector3d& p) { return p.z() < 3 * target_radius * target_radius / radius; });

  // fecontact: the search (surface-to-surface) and the mortar data, once (small strain).
  fecontact::ContactInterface interface;
  interface.mode = fecontact::ContactMode::surface_to_surface;
  interface.slave = slave;
  interface.master = master;
  interface.options.tolerance = 0.5 * target_radius;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {interface});
  const std::vector<fecontact::InterfaceResult> pairs = search.search(x);
  CattaneoMindlin result;
  const solver::Stopwatch clock;
  fecontact::MortarIntegration integration;
  fecontact::MortarResult mortar;
  integration.compute(search.interfaces()[0], pairs[0], x, fecontact::MortarOptions{fecontact::MortarBasis::dual},
                      mortar);
  result.mortar_seconds = clock.seconds();
  ContactRows rows = contact_rows(mortar);
  for (const Index node : rows.node_of)
    rows.on_symmetry_plane.push_back(model.equation[3 * static_cast<std::size_t>(node) + 1] < 0);

  // First guess: the rows within r < a (parabolic gap r²/2R) in contact and sticking.
  ContactState contact{std::vector<State>(rows.size(), State::open), std::vector<double>(rows.size(), 0.0),
                       std::vector<Eigen::Vector2d>(rows.size(), Eigen::Vector2d::Zero()),
                       std::vector<Eigen::Vector2d>(rows.size(), Eigen::Vector2d::Zero())};
  for (std::size_t j = 0; j < rows.size(); ++j)
    if (rows.gap[j] < 0.5 * target_radius * target_radius / radius * rows.area[j]) contact.state[j] = State::stick;
  // c_t of the trial traction: a stiffness per unit area, E over the contact mesh size.
  FrictionalSolver solver(model, rows, material, material.young / o.size_contact);

  result.type = type;
  result.elements = model.mesh.blocks[0].size() + model.mesh.blocks[1].size();
  result.fewest_stick_nodes = static_cast<Index>(rows.size());
  // T/(μP) = 0, then o.steps equal steps to 0.5 and as many of that size (the last one shorter)
  // as reach 0.8.
  std::vector<double> ratios{0.0};
  for (int k = 1; ratios.back() < load_ratios[1]; ++k)
    ratios.push_back(std::min(load_ratios[1], load_ratios[0] * k / o.steps));
  for (const double ratio : ratios) {
    const int iterations = solver.step(model.normal_load + ratio * model.tangential_load, contact, ratio == 0);
    const auto stick_nodes = std::ranges::count(contact.state, State::stick);
    result.fewest_stick_nodes = std::min(result.fewest_stick_nodes, static_cast<Index>(stick_nodes));
    if (stick_nodes == 0) throw std::runtime_error("gross sliding: no stick node at T/(muP) = " + std::to_string(ratio));
    if (std::ranges::none_of(load_ratios, [&](double r) { return std::abs(r - ratio) < tiny; })) continue;

    // Figures: a from P (Hertz, eq. 4.22), c from the stick nodes' area (half disc πc²/2), and
    // the traction profile q = −x·(λ_t1 τ1 + λ_t2 τ2) against q_CM over r < 0.9a, weights A_j.
    const double a = std::cbrt(3 * force * radius / (4 * e_star)), p0 = 3 * force / (2 * std::numbers::pi * a * a);
    const double c = a * std::cbrt(1 - ratio);
    double contact_area = 0, stick_area = 0, error2 = 0, norm2 = 0;
    for (std::size_t j = 0; j < rows.size(); ++j) {
      if (contact.state[j] != State::open) contact_area += rows.area[j];
      if (contact.state[j] == State::stick) stick_area += rows.area[j];
      const Vector3d& p = x[static_cast<std::size_t>(rows.node_of[j])];
      const double r = std::hypot(p.x(), p.y());
      if (r >= 0.9 * a) continue;
      // The block (slave) carries −λ_t in the frame τ: q, the traction along x that the sphere
      // exerts on it, is that of T's direction (Johnson's q(r) > 0).
      const double q =
          -(contact.tangential[j][0] * rows.tangent[j][0].x() + contact.tangential[j][1] * rows.tangent[j][1].x());
      const double exact = closed_form_traction(r, a, c, p0);
      error2 += rows.area[j] * (q - exact) * (q - exact);
      norm2 += rows.area[j] * exact * exact;
    }
    result.loads.push_back({ratio, a, std::sqrt(2 * contact_area / std::numbers::pi),
                            std::sqrt(2 * stick_area / std::numbers::pi), c, std::sqrt(error2 / norm2), iterations});
  }
  return result;
}

}  // namespace implicit
