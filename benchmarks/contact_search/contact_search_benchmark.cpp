// Full contact search per step (refit + broad + narrow phase) on a block pressed by a cylinder:
// node-to-surface, AABB vs OBB, face vs spectral-patch leaves, 1 and 2 threads. Prints CSV with
// the construction time (patches), the first search (tree build), the median step, the number
// of contacts and a checksum of the gaps (equal across rows: the options must not change the
// results).

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include <omp.h>

#include "bench.hpp"
#include "fecontact/contact/contact_search.hpp"

using Eigen::Vector3d;
using fecontact::Index;

namespace {

constexpr double pi = 3.14159265358979323846;

// Appends an nu × nv grid of quad4 faces over map(u, v) to the mesh; returns its surface.
template <class Map>
fecontact::Surface grid(fecontact::Mesh& mesh, int nu, int nv, Map map) {
  const Index first = mesh.node_count();
  for (int j = 0; j <= nv; ++j)
    for (int i = 0; i <= nu; ++i) {
      mesh.coordinates.push_back(map(double(i) / nu, double(j) / nv));
      mesh.node_ids.push_back(mesh.node_count());
    }
  fecontact::ElementBlock block;
  block.type = fecontact::ElementType::quad4;
  const auto b = static_cast<Index>(mesh.blocks.size());
  fecontact::Surface surface;
  const auto node = [&](int i, int j) { return first + j * (nu + 1) + i; };
  for (int j = 0; j < nv; ++j)
    for (int i = 0; i < nu; ++i) {
      fecontact::SurfaceFace face;
      face.type = fecontact::ElementType::quad4;
      face.node_storage = {node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)};
      face.owner = {{b, block.size()}, 0};
      block.element_ids.push_back(block.size());
      surface.faces.push_back(face);
    }
  mesh.blocks.push_back(block);
  return surface;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int n = smoke ? 20 : 300;  // block faces n², cylinder (n/3) × n faces
  fecontact::Mesh mesh;
  const fecontact::Surface block =
      grid(mesh, n, n, [](double u, double v) { return Vector3d(2 * u - 1, 2 * v - 1, 0); });
  const fecontact::Surface cylinder = grid(mesh, n / 3, n, [](double u, double v) {
    const double t = 2 * pi * v;
    return Vector3d(1.6 * u - 0.8, 0.5 * std::sin(t), 0.48 + 0.5 * std::cos(t));
  });
  const std::vector<Index> cylinder_nodes = fecontact::surface_nodes(cylinder);
  std::printf("# block %d faces, %zu slave nodes, %d threads available\n", block.size(),
              cylinder_nodes.size(), omp_get_max_threads());
  std::printf("volume,leaves,threads,construct_s,first_search_s,step_median_s,contacts,checksum\n");
  const int threads_available = omp_get_max_threads();
  for (const auto volume : {fecontact::VolumeKind::aabb, fecontact::VolumeKind::obb})
    for (const auto leaves : {fecontact::LeafUnit::face, fecontact::LeafUnit::spectral_patch})
      for (const int threads : {1, 2}) {
        omp_set_num_threads(threads);
        fecontact::ContactInterface in;
        in.master = block;
        in.slave_nodes = cylinder_nodes;
        in.options.tolerance = 0.5;  // half the mean face size
        in.options.relative = true;
        in.options.volume = volume;
        in.options.leaves = leaves;
        std::unique_ptr<fecontact::ContactSearch> search;
        const double construct = fecontact::bench::seconds(
            [&] { search = std::make_unique<fecontact::ContactSearch>(mesh, std::vector{in}); });
        std::vector<Vector3d> x = mesh.coordinates;
        const double first = fecontact::bench::seconds([&] { search->search(x); });
        std::vector<fecontact::InterfaceResult> result;
        const double step = fecontact::bench::median_seconds(smoke ? 1 : 5, [&] {
          for (const Index node : cylinder_nodes) x[static_cast<std::size_t>(node)].z() -= 1e-4;
          result = search->search(x);
        });
        fecontact::bench::Checksum checksum;
        for (const double gap : result.front().contacts.gap) checksum.add(gap);
        std::printf("%s,%s,%d,%.4f,%.4f,%.4f,%zu,%016llx\n", volume == fecontact::VolumeKind::aabb ? "aabb" : "obb",
                    leaves == fecontact::LeafUnit::face ? "face" : "patch", threads, construct, first, step,
                    result.front().contacts.gap.size(), static_cast<unsigned long long>(checksum.value()));
        std::fflush(stdout);
      }
  omp_set_num_threads(threads_available);
  return 0;
}
