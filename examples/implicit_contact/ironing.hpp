// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Ironing (Puso & Laursen 2004; Popp, Gitterle, Gee & Wall 2010, §6), frictionless, in plane
// strain: a stiff hollow half-cylinder pressed into a Neo-Hookean slab, then slid along it by
// several contact widths in load steps, on the Newton of finite_newton.hpp (mortar on the current
// configuration). README.md ("Ironing") gives the geometry and the figures.

#include <vector>

#include "finite_newton.hpp"
#include "neo_hookean.hpp"

namespace implicit {

struct IroningOptions {
  NewtonOptions newton;
  NeoHookean slab{}, die{};  // the slab's and the half-cylinder's
  double size = 0.05;        // the slab's element size; the die's arc elements are 0.8 of it
  int press_steps = 5;       // load steps of the pressing
  int slide_steps = 75;      // load steps of the slide
  double depth = 0.1;        // the die's prescribed downward displacement (radius 0.5)
  double slide = 2.0;        // the die's prescribed horizontal displacement after the pressing
};

struct IroningStep {
  double slide = 0, depth = 0;       // the die's prescribed displacement at the end of the step
  double horizontal = 0, vertical = 0;  // the die's supports' reactions: Q along the slide, P downward
  std::vector<double> residuals;     // the Newton residual norms
  double reaction_norm = 0;          // FiniteContactNewton::reaction_norm at the step's solution
  int active = 0;                    // active slave rows
};

struct Ironing {
  std::vector<IroningStep> steps;
  int press_steps = 0;
  fecontact::Index slab_elements = 0, die_elements = 0;
  double vertical_force_jump = 0;  // max |P_{k+1} − P_k| over the slide's steps over their mean P
  double horizontal_force_ratio = 0;  // max |Q| over the mean P, the slide's middle half
  int max_iterations = 0;
  double min_convergence_order = 0;
};

Ironing ironing(const IroningOptions& options);

// The ironing report: the table (stdout, or stderr when json_report), the JSON on stdout when
// json_report (ironing {steps, max_iterations, vertical_force_jump, ..., the per-step series},
// total_seconds), and the exit status: with `check`, 1 unless vertical_force_jump ≤ jump_tolerance.
int report_ironing(const IroningOptions& options, const Ironing& ironing, bool json_report, bool check,
                   double jump_tolerance, double total_seconds);

}  // namespace implicit
