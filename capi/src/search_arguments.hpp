// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The arguments the serial (fecontact.h) and the distributed (fecontact_mpi.h) C searches share:
// faces as offsets and nodes, an absolute tolerance, and the options by name, each checked with
// a message naming the argument. Compiled into both shared libraries, whose C++ symbols are
// hidden from each other.

#include <cstdint>
#include <string_view>

#include "fecontact/contact/contact_search.hpp"

namespace fecontact::capi {

/// The faces of offsets[n_faces + 1] and nodes, checked: "<offsets_name>[f]", "<nodes_name>[k]".
Surface surface_of(std::int64_t n_faces, const std::int64_t* offsets, const std::int64_t* nodes,
                   const char* count_name, const char* offsets_name, const char* nodes_name);

/// Throws unless tolerance is finite and >= 0.
void require_tolerance(double tolerance);

/// Option `name` of fecontact_set_option (bv, leaves, skin, tolerance, rebuild_factor,
/// patch_faces, relative, track_slip) set in `options`, or a throw that changes nothing for
/// another name, a value of another type or out of range. `setter` is the C function's name
/// without the type ("fecontact_set_option", "fecontact_mpi_set_option"), for the messages
/// that name the typed form an option takes.
/// The string form: names and on | off ignoring case, numbers read in the C locale (from_chars).
void set_text(SearchOptions& options, std::string_view name, std::string_view value, std::string_view setter);
/// The numbers (skin, tolerance, rebuild_factor).
void set_double(SearchOptions& options, std::string_view name, double value, std::string_view setter);
/// The integers (patch_faces) and on | off as 1 | 0.
void set_int(SearchOptions& options, std::string_view name, std::int64_t value, std::string_view setter);

}  // namespace fecontact::capi
