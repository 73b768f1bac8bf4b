// SPDX-License-Identifier: BSD-3-Clause
// An explicit FE program with Coulomb friction: an elastic block (tet4, meshed in code, lumped
// mass, central differences) on a rigid plate under gravity. Penalty normal force, and a
// regularised tangential force by return mapping on the convected slip that fecontact tracks
// from step to step (SearchOptions::track_slip). Three runs, each against the closed form of a
// rigid block: launched at 0.5 m/s on a level plate it stops after v0²/(2μg) in v0/(μg); on the
// plate tilted 10° (tan 10° < μ) it stays; at 20° it slides with g(sin θ − μ cos θ). The calls to
// fecontact are marked "fecontact:". README.md explains the choices of mesh, step and stiffnesses.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numbers>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "box_mesh.hpp"
#include "command_line.hpp"
#include "coulomb_friction.hpp"
#include "rigid_plane.hpp"
#include "tet4_elasticity.hpp"
#include "fecontact/frontend/json_writer.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;

constexpr solver::Material material{1e7, 0.3, 1100};
constexpr double hold_tilt = 10, slide_tilt = 20;  // degrees: tan 10° < μ < tan 20°

struct Options {
  Vector3d size{0.04, 0.04, 0.02};  // the block, m
  int cells = 4;                    // 2n × 2n × n hexahedra of six tet4 each
  double speed = 0.5, friction = 0.3, gravity = 9.81;
  double safety = 0.5;      // dt = safety · h_min / c
  double penalty = 0.5;     // β of the normal penalty k_n = β m_i / dt²
  double tangential = 0.5;  // β_t of the tangential stiffness k_t = β_t m_i / dt²
  double viscosity = 0.3;   // Kelvin-Voigt damping: elastic forces at u + η v, η = viscosity · dt
  double settle = 0.02, window = 0.2;  // s: damped settling, then the undamped measurement
  double tolerance = 0.05, drift_limit = 1e-4;
  bool json = false, check = false;
};

// One run after settling: the block's centre of mass along the slope, its velocity at half steps
// ((k + ½) dt after the end of settling) and its displacement since then at whole steps ((k + 1) dt).
struct History {
  std::vector<double> velocity, displacement;
  double dt = 0, search_seconds = 0;
  long steps = 0;
  std::size_t elements = 0;
};

// The block resting on the rigid plate z = 0 (both turned by `tilt` about y, so that +x runs
// downhill; gravity stays −z): settled for o.settle with mass-proportional damping, which decays
// every mode by 10⁶ and leaves the static equilibrium; then, undamped, launched at `launch`
// downhill and followed for `duration`.
History simulate(const Options& o, const fecontact::Mesh& block, double tilt, double launch, double duration) {
  const Eigen::Matrix3d turn = Eigen::AngleAxisd(tilt * std::numbers::pi / 180, Vector3d::UnitY()).toRotationMatrix();
  const Vector3d downhill = turn * Vector3d::UnitX(), across = turn * Vector3d::UnitY();
  const Vector3d gravity(0, 0, -o.gravity);

  // The solver's model: block nodes centred across the slope, then the plate's, which never move.
  std::vector<Vector3d> x;
  for (const Vector3d& p : block.coordinates) x.push_back(turn * (p - Vector3d(0, 0.5 * o.size.y(), 0)));
  const std::size_t nodes = x.size();
  std::vector<int> connectivity(block.blocks[0].connectivity.begin(), block.blocks[0].connectivity.end());
  solver::Tet4Elasticity elements(x, connectivity, material, solver::Strain::green_lagrange);
  const std::vector<double> mass = elements.lumped_mass();
  double total_mass = 0;
  for (const double m : mass) total_mass += m;
  const double dt = o.safety * elements.smallest_altitude() / material.wave_speed();
  const std::vector<Vector3d> x0 = x;

  // The plate: squares of 0.3 times the block's length, so that the slip crosses many face edges,
  // from half a block length uphill to three and a half downhill.
  const double side = 0.3 * o.size.x();
  const int along = static_cast<int>(std::ceil(4 * o.size.x() / side)), wide = static_cast<int>(std::ceil(2 * o.size.y() / side));
  const Vector3d plate_centre = turn * Vector3d(-0.5 * o.size.x() + 0.5 * along * side, 0, 0);

  // fecontact: the block's skin nodes against the plate, the slip tracked from step to step.
  const double h = std::min({o.size.x() / 2, o.size.y() / 2, o.size.z()}) / o.cells;  // the shortest hexahedron edge
  fecontact::ContactInterface contact;
  contact.master = solver::append_plane(x, plate_centre, downhill, across, along, wide, side);
  contact.slave_nodes = fecontact::surface_nodes(fecontact::exterior_surface(block, std::vector<Index>{0}));
  contact.options.tolerance = 0.1 * h;
  contact.options.skin = 0.1 * h;
  contact.options.track_slip = true;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {contact});
  std::vector<fecontact::InterfaceResult> results;

  std::vector<Vector3d> u(nodes, Vector3d::Zero()), f(nodes), v(nodes, Vector3d::Zero()), u_viscous(nodes);
  std::vector<Vector3d> friction(nodes, Vector3d::Zero()), friction_next(nodes);  // per slave node
  const auto settle_steps = static_cast<long>(std::ceil(o.settle / dt));
  const double damping = 2 * std::log(1e6) / o.settle;  // amplitudes decay as exp(−damping t / 2)
  History history;
  history.dt = dt;
  history.elements = elements.element_count();
  history.steps = settle_steps + static_cast<long>(std::ceil(duration / dt));
  double start = 0;  // the centre of mass along the slope at the end of settling
  for (long step = 0; step < history.steps; ++step) {
    const bool settling = step < settle_steps;
    if (step == settle_steps) {
      for (std::size_t n = 0; n < nodes; ++n) start += mass[n] * x[n].dot(downhill) / total_mass;
      for (Vector3d& velocity : v) velocity += launch * downhill;
    }
    for (std::size_t n = 0; n < nodes; ++n) x[n] = x0[n] + u[n];

    const solver::Stopwatch search_time;
    search.search(x, results);  // fecontact: every step, into the same results
    search.accept_step();       // an explicit step is final: the next slip is measured from here
    history.search_seconds += search_time.seconds();

    // Kelvin-Voigt damping: the elastic forces at u + η v^{n−1/2} are f(u) + η K v to first order.
    // A rigid motion (∇v = 0) feels none of it, so the rigid block's closed forms hold; it damps the
    // flutter that makes undamped steady sliding with Coulomb friction unstable (README.md).
    for (std::size_t n = 0; n < nodes; ++n) u_viscous[n] = u[n] + o.viscosity * dt * v[n];
    elements.internal_forces(u_viscous, f);  // f = f_int − f_external
    for (std::size_t n = 0; n < nodes; ++n) f[n] -= mass[n] * gravity;
    std::fill(friction_next.begin(), friction_next.end(), Vector3d::Zero());
    const fecontact::NodeContacts& c = results[0].contacts;
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (!(c.gap[k] < 0)) continue;
      const auto s = static_cast<std::size_t>(c.node[k]);
      const double normal_force = -o.penalty * mass[s] / (dt * dt) * c.gap[k];
      const Vector3d previous = c.new_contact[k] ? Vector3d::Zero() : friction[s];
      friction_next[s] = solver::return_mapping(previous, c.tangent1[k], c.tangent2[k], c.slip[k],
                                                o.tangential * mass[s] / (dt * dt), o.friction * normal_force);
      f[s] -= normal_force * c.normal[k] + friction_next[s];
    }
    std::swap(friction, friction_next);

    // v^{n+1/2} = ((1 − a dt/2) v^{n−1/2} − dt f/m) / (1 + a dt/2), a the damping while settling.
    const double a = settling ? damping : 0.0;
    double velocity = 0, displacement = 0;
    for (std::size_t n = 0; n < nodes; ++n) {
      v[n] = ((1 - 0.5 * a * dt) * v[n] - dt / mass[n] * f[n]) / (1 + 0.5 * a * dt);
      u[n] += dt * v[n];
      velocity += mass[n] * v[n].dot(downhill) / total_mass;
      displacement += mass[n] * (x0[n] + u[n]).dot(downhill) / total_mass;
    }
    if (!settling) {
      history.velocity.push_back(velocity);
      history.displacement.push_back(displacement - start);
    }
  }
  return history;
}

struct Figures {
  double stopping_distance = 0, stopping_time = 0, drift = 0, acceleration = 0;
  bool stopped = false;
};

// Where the launched block's velocity first reaches 0 (linear between half steps), and how far it
// has gone by then.
void stopping(const History& h, Figures& out) {
  const double dt = h.dt;
  for (std::size_t k = 1; k < h.velocity.size(); ++k)
    if (h.velocity[k] <= 0) {
      out.stopped = true;
      out.stopping_time = (static_cast<double>(k) - 0.5 + h.velocity[k - 1] / (h.velocity[k - 1] - h.velocity[k])) * dt;
      out.stopping_distance = h.displacement[k];
      return;
    }
}

// The least-squares slope of the velocity against time.
double acceleration(const History& h) {
  const double dt = h.dt;
  const auto count = static_cast<double>(h.velocity.size());
  double mean_t = 0, mean_v = 0;
  for (std::size_t k = 0; k < h.velocity.size(); ++k) mean_t += static_cast<double>(k) * dt / count, mean_v += h.velocity[k] / count;
  double tv = 0, tt = 0;
  for (std::size_t k = 0; k < h.velocity.size(); ++k) {
    const double t = static_cast<double>(k) * dt - mean_t;
    tv += t * (h.velocity[k] - mean_v), tt += t * t;
  }
  return tv / tt;
}

int run(const Options& o) {
  const solver::Stopwatch run_time;
  const fecontact::Mesh block = solver::box_mesh(o.size, {2 * o.cells, 2 * o.cells, o.cells});
  const double mu = o.friction, g = o.gravity, radians = std::numbers::pi / 180;
  // A rigid block: friction μmg decelerates it at μg; on a slope θ gravity pulls it down with
  // g sin θ and friction holds it with up to μ g cos θ.
  const double distance_closed_form = o.speed * o.speed / (2 * mu * g), time_closed_form = o.speed / (mu * g);
  const double acceleration_closed_form = g * (std::sin(slide_tilt * radians) - mu * std::cos(slide_tilt * radians));
  if (!(std::tan(hold_tilt * radians) < mu && acceleration_closed_form > 0))
    throw std::invalid_argument("--friction must lie between tan 10° and tan 20° (0.176 and 0.364)");

  Figures out;
  const History launched = simulate(o, block, 0, o.speed, 1.3 * time_closed_form);
  stopping(launched, out);
  const History held = simulate(o, block, hold_tilt, 0, o.window);
  for (const double d : held.displacement) out.drift = std::max(out.drift, std::abs(d));
  const History sliding = simulate(o, block, slide_tilt, 0, o.window);
  out.acceleration = acceleration(sliding);
  const long steps = launched.steps + held.steps + sliding.steps;
  const double search_seconds = launched.search_seconds + held.search_seconds + sliding.search_seconds;
  const double total_seconds = run_time.seconds();

  // The report: to standard output, or to standard error when the JSON takes standard output.
  std::FILE* text = o.json ? stderr : stdout;
  std::fprintf(text, "block %g x %g x %g mm, E = %g Pa, nu = %g, rho = %g kg/m3, on a rigid plate, mu = %g, g = %g m/s2\n",
               1e3 * o.size.x(), 1e3 * o.size.y(), 1e3 * o.size.z(), material.young, material.poisson,
               material.density, mu, g);
  std::fprintf(text, "mesh: %zu tet4; dt = %.4g s = %g h_min/c; k_n = %g m_i/dt^2, k_t = %g m_i/dt^2; Kelvin-Voigt "
               "damping %g dt; settling %g s, then %g s measured\n", launched.elements, launched.dt, o.safety,
               o.penalty, o.tangential, o.viscosity, o.settle, o.window);
  std::fprintf(text, "                              this run    closed form  ratio\n");
  std::fprintf(text, "stopping_distance (m)         %-10.4g  %-11.4g  %.4f\n", out.stopping_distance,
               distance_closed_form, out.stopping_distance / distance_closed_form);
  std::fprintf(text, "stopping_time (s)             %-10.4g  %-11.4g  %.4f\n", out.stopping_time, time_closed_form,
               out.stopping_time / time_closed_form);
  std::fprintf(text, "drift_10deg (m)               %-10.3g  0            (limit %g)\n", out.drift, o.drift_limit);
  std::fprintf(text, "acceleration_20deg (m/s2)     %-10.4g  %-11.4g  %.4f\n", out.acceleration,
               acceleration_closed_form, out.acceleration / acceleration_closed_form);
  std::fprintf(text, "search: %.3g s of %.3g s (%.1f%%), %ld steps in the three runs\n", search_seconds, total_seconds,
               100 * search_seconds / total_seconds, steps);

  if (o.json) {
    fecontact::JsonWriter json(std::cout);
    json.begin_object()
        .key("stopping_distance").value(out.stopping_distance)
        .key("stopping_distance_closed_form").value(distance_closed_form)
        .key("stopping_time").value(out.stopping_time).key("stopping_time_closed_form").value(time_closed_form)
        .key("drift_10deg").value(out.drift).key("drift_10deg_closed_form").value(0.0)
        .key("acceleration_20deg").value(out.acceleration)
        .key("acceleration_20deg_closed_form").value(acceleration_closed_form)
        .key("elements").value(launched.elements).key("steps").value(steps)
        .key("search_seconds").value(search_seconds).key("total_seconds").value(total_seconds)
        .end_object();
    std::cout << std::endl;
  }

  if (!o.check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::fprintf(text, "check failed: %s\n", what);
    ok = ok && condition;
  };
  const auto near = [&](double value, double closed_form) { return std::abs(value / closed_form - 1) <= o.tolerance; };
  require(out.stopped, "the launched block stops");
  require(near(out.stopping_distance, distance_closed_form), "stopping distance against v0^2/(2 mu g)");
  require(near(out.stopping_time, time_closed_form), "stopping time against v0/(mu g)");
  require(out.drift < o.drift_limit, "the block stays on the plate tilted 10 degrees");
  require(near(out.acceleration, acceleration_closed_form), "acceleration at 20 degrees against g (sin - mu cos)");
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

const char* usage =
    "usage: sliding_block [--json] [--cells N] [--speed V] [--friction MU] [--safety S] [--penalty B]\n"
    "                     [--tangential B] [--viscosity V] [--settle T] [--window T] [--check] [--tolerance T]\n"
    "                     [--drift-limit D]\n"
    "Defaults: --cells 4 (2N x 2N x N hexahedra of 6 tet4) --speed 0.5 --friction 0.3 --safety 0.5 --penalty 0.5\n"
    "--tangential 0.5 --viscosity 0.3 (0: undamped) --settle 0.02 --window 0.2 (s).\n"
    "--json: the figures as JSON on standard output (the report then goes to standard error).\n"
    "--check: exit 1 unless stopping distance, stopping time and the acceleration at 20 degrees are\n"
    "within 5% of their closed forms and the drift at 10 degrees is below 0.1 mm.\n";

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const auto parse = [&](solver::Option& option) {
    const std::string& arg = option.name();
    if (arg == "--json") o.json = true;
    else if (arg == "--cells") o.cells = option.count(64);
    else if (arg == "--speed") o.speed = option.number();
    else if (arg == "--friction") o.friction = option.number();
    else if (arg == "--safety") o.safety = option.number();
    else if (arg == "--penalty") o.penalty = option.number();
    else if (arg == "--tangential") o.tangential = option.number();
    else if (arg == "--viscosity") o.viscosity = option.number(true);
    else if (arg == "--settle") o.settle = option.number();
    else if (arg == "--window") o.window = option.number();
    else if (arg == "--check") o.check = true;
    else if (arg == "--tolerance") o.tolerance = option.number();
    else if (arg == "--drift-limit") o.drift_limit = option.number();
    else return false;
    return true;
  };
  return solver::run_program("sliding_block", usage, argc, argv, parse, [&] { return run(o); });
}
