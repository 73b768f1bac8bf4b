// A consumer of the installed package: one call into each module must link and run.
#include <fecontact/fecontact.hpp>

int main() {
  const auto eigen = fecontact::eigen_symmetric3(Eigen::Vector3d(3, 1, 2).asDiagonal());
  return eigen.status == fecontact::EigenStatus::ok && eigen.values(0) == 1 ? 0 : 1;
}
