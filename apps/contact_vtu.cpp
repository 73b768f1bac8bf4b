#include "contact_vtu.hpp"

#include <limits>

#include "fecontact/io/vtu_grids.hpp"
#include "fecontact/io/vtu_writer.hpp"

namespace fecontact::cli {

void write_contact_vtu(const std::filesystem::path& path, const Mesh& mesh,
                       const std::vector<InterfaceRun>& runs) {
  VtuGrid grid = vtu_grid(mesh);
  const auto n = static_cast<std::size_t>(mesh.node_count());
  std::vector<double> gap(n, std::numeric_limits<double>::quiet_NaN());
  std::vector<double> normal(3 * n, 0.0);
  for (const auto& run : runs) {
    if (run.spec.kind != ContactInterface::Kind::node_to_surface) continue;
    const auto& c = run.result.contacts;
    for (std::size_t i = 0; i < c.node.size(); ++i) {
      const auto node = static_cast<std::size_t>(c.node[i]);
      if (!(c.gap[i] >= gap[node])) {  // NaN (no gap yet) or a closer contact
        gap[node] = c.gap[i];
        for (std::size_t k = 0; k < 3; ++k) normal[3 * node + k] = c.normal[3 * i + k];
      }
    }
  }
  grid.point_data.push_back({"gap", 1, std::move(gap)});
  grid.point_data.push_back({"contact_normal", 3, std::move(normal)});
  write_vtu(path, grid);
}

}  // namespace fecontact::cli
