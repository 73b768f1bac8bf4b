// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/read_mesh.hpp"

#include <algorithm>
#include <string>

#include "fecontact/detail/ascii.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/io/obj_reader.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/io/stl_reader.hpp"

namespace fecontact {

Mesh read_mesh(const std::filesystem::path& path) {
  const std::string extension = detail::lower_case_ascii(path.extension().string());
  if (extension == ".msh") return read_gmsh(path);
  if (extension == ".inp") return read_abaqus(path);
  if (extension == ".stl") return read_stl(path);
  if (extension == ".obj") return read_obj(path);
  if (extension == ".e" || extension == ".exo") return read_exodus(path);
  throw ReadError(path.string(), 0, 0,
                  "unknown mesh format '" + extension + "': expected .msh, .inp, .stl, .obj, .e or .exo");
}

}  // namespace fecontact
