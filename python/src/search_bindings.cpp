// SPDX-License-Identifier: BSD-3-Clause
// fecontact.ContactSearch: the library's ContactSearch as a solver holds it, with its result
// buffers kept inside (a step reuses their memory; only the numpy copies handed back are new).
// The GIL is released while the trees are searched, on copies of the caller's coordinates.

#include <mutex>
#include <span>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "fecontact/frontend/contact_vtu.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/detail/number_text.hpp"
#include "mesh_arrays.hpp"
#include "numpy_arrays.hpp"
#include "search_interface.hpp"
#include "search_result.hpp"

namespace fecontact::python {

namespace {

class Search {
 public:
  Search(std::shared_ptr<const Mesh> mesh, Index node_count, const std::vector<Interface>& interfaces)
      : mesh_(std::move(mesh)), search_(node_count, build(interfaces, mesh_.get(), node_count)) {
    for (std::size_t k = 0; k < interfaces.size(); ++k) {
      const ContactInterface& i = search_.interfaces()[k];
      master_ids_.push_back(face_ids(i.master, mesh_.get(), named(interfaces[k].master)));
      slave_ids_.push_back(face_ids(i.slave, mesh_.get(), named(interfaces[k].slave)));
    }
  }

  py::list search(py::handle coordinates, py::handle predicted) {
    // The caller's arrays are copied while the GIL is held: the search runs without it, and
    // another Python thread could otherwise write to them mid-search.
    std::vector<Eigen::Vector3d> current = copied_points(checked(coordinates, "coordinates"));
    std::vector<Eigen::Vector3d> end;
    if (!predicted.is_none()) end = copied_points(checked(predicted, "predicted"));
    std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
    {
      // The lock is taken without the GIL: a thread waiting for it must not hold the GIL that
      // the thread inside needs to hand its results back.
      py::gil_scoped_release release;
      lock.lock();
      if (!predicted.is_none()) {
        search_.search(current, end, results_);
      } else {
        search_.search(current, results_);
      }
      last_coordinates_.swap(current);
    }
    searched_ = true;
    const std::span<const FileId> ids = mesh_ ? std::span<const FileId>(mesh_->node_ids) : std::span<const FileId>();
    py::list out;
    for (std::size_t k = 0; k < results_.size(); ++k)
      out.append(to_python(results_[k], search_.interfaces()[k].mode, ids, master_ids_[k]));
    return out;
  }

  void accept_step() {
    py::gil_scoped_release release;  // as in search: the lock is taken without the GIL
    std::lock_guard<std::mutex> lock(mutex_);
    search_.accept_step();
  }

  IdArray face_ids_of(std::size_t k, const std::string& side) const {
    const FaceIds& ids = side_ids(k, side);
    IdArray rows({static_cast<py::ssize_t>(ids.element_id.size()), py::ssize_t{2}});
    std::int64_t* out = rows.mutable_data();
    for (std::size_t f = 0; f < ids.element_id.size(); ++f) {
      *out++ = ids.element_id[f];
      *out++ = ids.local_face[f];
    }
    return rows;
  }

  void write_vtu(const py::object& path, py::handle coordinates) {
    if (!mesh_) throw py::value_error("write_vtu needs a search built from a Mesh");
    if (!searched_) throw py::value_error("write_vtu: nothing searched yet");
    std::vector<Eigen::Vector3d> given;
    if (!coordinates.is_none()) given = copied_points(checked(coordinates, "coordinates"));
    const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
    py::gil_scoped_release release;  // as in search: the lock is taken without the GIL
    std::lock_guard<std::mutex> lock(mutex_);
    write_contact_vtu(file, *mesh_, coordinates.is_none() ? last_coordinates_ : given, search_.interfaces(), results_);
  }

  const ContactSearch& library() const { return search_; }
  const ContactInterface& interface(std::size_t k) const { return search_.interfaces()[checked_index(k)]; }

 private:
  static std::vector<ContactInterface> build(const std::vector<Interface>& interfaces, const Mesh* mesh,
                                             Index node_count) {
    std::vector<ContactInterface> built;
    for (std::size_t k = 0; k < interfaces.size(); ++k)
      built.push_back(contact_interface(interfaces[k], mesh, node_count, k));
    return built;
  }

  DoubleArray checked(py::handle coordinates, const char* name) const {
    DoubleArray a = finite_array(coordinates, name, {any_size, 3});
    if (a.shape(0) != search_.node_count())
      throw py::value_error(std::string(name) + ": expected " + std::to_string(search_.node_count()) +
                            " rows (one per node), got " + std::to_string(a.shape(0)));
    return a;
  }

  static std::vector<Eigen::Vector3d> copied_points(const DoubleArray& points) {
    const std::span<const Eigen::Vector3d> view = as_points(points);
    return {view.begin(), view.end()};
  }

  std::size_t checked_index(std::size_t k) const {
    if (k >= search_.interfaces().size())
      throw py::index_error("interface " + std::to_string(k) + " of " + std::to_string(search_.interfaces().size()));
    return k;
  }

  const FaceIds& side_ids(std::size_t k, const std::string& side) const {
    if (side == "master") return master_ids_[checked_index(k)];
    if (side == "slave") return slave_ids_[checked_index(k)];
    throw py::value_error("side: expected 'master' or 'slave', got '" + side + "'");
  }

  std::shared_ptr<const Mesh> mesh_;
  ContactSearch search_;
  std::vector<InterfaceResult> results_;
  std::vector<FaceIds> master_ids_;
  std::vector<FaceIds> slave_ids_;
  std::vector<Eigen::Vector3d> last_coordinates_;  ///< of the last search, as searched
  bool searched_ = false;
  std::mutex mutex_;
};

std::vector<Interface> interface_list(const py::iterable& interfaces) {
  std::vector<Interface> list;
  for (const py::handle i : interfaces) list.push_back(i.cast<Interface>());
  return list;
}

IdArray faces_of(const Surface& surface) {
  py::ssize_t k = 0;
  for (const SurfaceFace& f : surface.faces) k = std::max<py::ssize_t>(k, node_count(f.type));
  IdArray rows({static_cast<py::ssize_t>(surface.faces.size()), k});
  std::int64_t* out = rows.mutable_data();
  for (const SurfaceFace& f : surface.faces) {
    const auto nodes = f.nodes();
    for (py::ssize_t j = 0; j < k; ++j) *out++ = j < static_cast<py::ssize_t>(nodes.size()) ? nodes[static_cast<std::size_t>(j)] : -1;
  }
  return rows;
}

}  // namespace

void bind_search(py::module_& m) {
  py::class_<Interface>(m, "Interface",
                        "One contact interface. mode 'node-to-surface': the slave's nodes against the\n"
                        "master's faces; 'surface-to-surface': faces against faces; 'self': pairs of\n"
                        "the master's faces sharing no node (slave=None). A side is a surface name of\n"
                        "the Mesh (a volume block's name stands for its exterior), slave nodes (s,)\n"
                        "int, or faces (f, k) int node indices (k = 3, 4, 6, 8, 9; a list of such\n"
                        "arrays for mixed faces), corners first, outward by the right-hand rule.\n"
                        "tolerance (required, no default): search distance, which also bounds the\n"
                        "penetrations found (a multiple of the master's mean face size when\n"
                        "relative); bv: 'aabb', 'obb' or 'dual'; skin: see SearchOptions::skin;\n"
                        "track_slip: node-to-surface results gain each contact's slip since the\n"
                        "previous step (SearchResult.slip, new_contact).")
      .def(py::init(&make_interface), py::kw_only(), py::arg("slave") = py::none(), py::arg("master"),
           py::arg("mode") = "node-to-surface", py::arg("tolerance"), py::arg("bv") = "aabb",
           py::arg("skin") = 0.0, py::arg("relative") = false, py::arg("leaves") = "face",
           py::arg("patch_faces") = 8, py::arg("rebuild_factor") = 1.5, py::arg("track_slip") = false)
      .def_readonly("slave", &Interface::slave)
      .def_readonly("master", &Interface::master)
      .def_property_readonly("mode", [](const Interface& i) { return std::string(fecontact::name(i.mode)); })
      .def_property_readonly("tolerance", [](const Interface& i) { return i.options.tolerance; })
      .def_property_readonly("relative", [](const Interface& i) { return i.options.relative; })
      .def_property_readonly("bv", [](const Interface& i) { return std::string(fecontact::name(i.options.bv)); })
      .def_property_readonly("skin", [](const Interface& i) { return i.options.skin; })
      .def_property_readonly("track_slip", [](const Interface& i) { return i.options.track_slip; })
      .def("__repr__", [](const Interface& i) {
        const auto side = [](const py::object& s) {
          return py::isinstance<py::str>(s) ? "'" + s.cast<std::string>() + "'" : std::string("<arrays>");
        };
        return "Interface(slave=" + (i.slave.is_none() ? std::string("None") : side(i.slave)) +
               ", master=" + side(i.master) + ", mode='" + std::string(fecontact::name(i.mode)) +
               "', tolerance=" + detail::number_text(i.options.tolerance) + ", bv='" + std::string(fecontact::name(i.options.bv)) + "')";
      });

  bind_search_result(m);

  py::class_<Search>(m, "ContactSearch",
                     "The contact search a solver holds: built once from a Mesh (surfaces by name)\n"
                     "or a node count (surfaces as arrays), then search(coordinates) at every step.\n"
                     "Trees are built at the first search and refitted after; one search at a time\n"
                     "per object (other threads wait).")
      .def(py::init([](std::shared_ptr<Mesh> mesh, const py::iterable& interfaces) {
             const Index n = mesh->node_count();
             return std::make_unique<Search>(std::move(mesh), n, interface_list(interfaces));
           }),
           py::arg("mesh"), py::arg("interfaces"))
      .def(py::init([](Index node_count, const py::iterable& interfaces) {
             if (node_count < 0) throw py::value_error("node_count: expected >= 0");
             return std::make_unique<Search>(nullptr, node_count, interface_list(interfaces));
           }),
           py::arg("node_count"), py::arg("interfaces"))
      .def("search", &Search::search, py::arg("coordinates"), py::arg("predicted") = py::none(),
           "One step at coordinates (n, 3): a SearchResult per interface. With predicted (n, 3),\n"
           "the two-configuration search: no contact is missed over the straight motion to it,\n"
           "and the predicted_* arrays hold each contact node's closest face there.")
      .def("accept_step", &Search::accept_step,
           "Makes the last search's configuration the accepted one: slip and new_contact\n"
           "(track_slip) are measured from it by every later search until the next accept_step.\n"
           "Call it once a step has converged (implicit) or after every search (explicit); a\n"
           "rejected step is dropped by not calling it. Before the first one every contact is new.")
      .def_property_readonly("node_count", [](const Search& s) { return s.library().node_count(); })
      .def_property_readonly("build_count", [](const Search& s) { return s.library().build_count(); },
                             "tree builds so far over all interfaces")
      .def("__len__", [](const Search& s) { return s.library().interfaces().size(); })
      .def("slave_nodes", [](const Search& s, std::size_t k) { return to_numpy(s.interface(k).slave_nodes); },
           py::arg("interface"), "(s,) the slave node indices of a node-to-surface interface, sorted")
      .def(
          "faces",
          [](const Search& s, std::size_t k, const std::string& side) {
            if (side != "master" && side != "slave")
              throw py::value_error("side: expected 'master' or 'slave', got '" + side + "'");
            return faces_of(side == "master" ? s.interface(k).master : s.interface(k).slave);
          },
          py::arg("interface"), py::arg("side") = "master",
          "(f, k) node indices of an interface's faces as searched (the index of SearchResult.face\n"
          "and the pair arrays); shorter faces end in -1")
      .def("face_ids", &Search::face_ids_of, py::arg("interface"), py::arg("side") = "master",
           "(f, 2) rows [element id, local face] of an interface's faces (-1 for faces given as arrays)")
      .def("write_vtu", &Search::write_vtu, py::arg("path"), py::arg("coordinates") = py::none(),
           "Writes the mesh with the last step's gaps, normals, contacts and pairs for ParaView\n"
           "(as fecontact search --vtu), at coordinates (default: those of the last search, as they were then).");
}

}  // namespace fecontact::python
