// SPDX-License-Identifier: BSD-3-Clause
// The fcl rows of the contact_search benchmark (built when fcl is found). OBBRSS, fcl's usual
// mesh volume: with AABB (not rotation invariant) fcl copies the whole model in every collide().
#include <fcl/fcl.h>

#include <limits>
#include <memory>

#include "scene.hpp"

namespace fecontact::bench {

Row fcl_search(const ContactScene& s, int steps) {
  std::vector<fcl::Triangle> triangles;
  std::vector<Index> face_of;  // the master face of each triangle
  for (Index f = 0; f < s.master.size(); ++f) {
    const auto n = s.master.faces[std::size_t(f)].nodes();  // tri3 or quad4: a fan of 1 or 2 triangles
    for (std::size_t k = 2; k < n.size(); ++k) {
      triangles.emplace_back(std::size_t(n[0]), std::size_t(n[k - 1]), std::size_t(n[k]));
      face_of.push_back(f);
    }
  }
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  bool built = false;
  auto sphere = std::make_shared<fcl::Sphered>(s.tolerance);
  fcl::CollisionRequestd request(std::numeric_limits<std::size_t>::max(), false);
  std::vector<std::pair<Index, Index>> candidates;
  return time_search("fcl collide + narrow", 1, s, steps, [&](const std::vector<Eigen::Vector3d>& x) {
    if (!built) {  // the first search builds, later ones refit
      model->beginModel();
      model->addSubModel(x, triangles);
      model->endModel();
      built = true;
    } else {
      model->beginUpdateModel();
      model->updateSubModel(x);
      // Top-down refit: fcl 0.7's bottom-up refit of OBBRSS trees loses faces here (the
      // contacts then differ from a freshly built model's).
      model->endUpdateModel(true, false);
    }
    const fcl::CollisionObjectd master(model);
    fcl::CollisionObjectd probe(sphere);
    candidates.clear();
    for (const Index n : s.slave_nodes) {
      probe.setTranslation(x[static_cast<std::size_t>(n)]);
      probe.computeAABB();
      fcl::CollisionResultd result;
      fcl::collide(&master, &probe, request, result);
      for (std::size_t k = 0; k < result.numContacts(); ++k)
        candidates.emplace_back(n, face_of[std::size_t(result.getContact(k).b1)]);
    }
    return narrow_phase(candidates, s, x);
  });
}

}  // namespace fecontact::bench
