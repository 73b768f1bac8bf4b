// SPDX-License-Identifier: BSD-3-Clause
// The Exodus II reader and writer of a build without the Exodus library (Debian
// libexodusii-dev): both say so. lib/CMakeLists.txt compiles this file instead of src/io/exodus/.

#include <stdexcept>

#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact {

Mesh read_exodus(const std::filesystem::path& path, ExodusStep) {
  throw ReadError(path.string(), 0, 0,
                  "cannot read Exodus II: fecontact was built without the Exodus library (Debian libexodusii-dev)");
}

void write_exodus(const std::filesystem::path& path, const Mesh&, std::span<const Eigen::Vector3d>,
                  std::span<const NodalVariable>) {
  throw std::runtime_error("cannot write " + path.string() +
                           ": fecontact was built without the Exodus library (Debian libexodusii-dev)");
}

}  // namespace fecontact
