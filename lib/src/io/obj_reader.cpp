// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/obj_reader.hpp"

#include <array>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "fecontact/io/read_error.hpp"
#include "mapped_file.hpp"
#include "text_cursor.hpp"
#include "triangle_mesh.hpp"

namespace fecontact {
namespace {

// Statements of the OBJ format that carry nothing a contact surface needs.
bool is_ignored_statement(std::string_view keyword) {
  constexpr std::array<std::string_view, 8> ignored{"vt", "vn", "vp",     "s",
                                                    "g",  "o",  "mtllib", "usemtl"};
  for (const std::string_view k : ignored) {
    if (keyword == k) return true;
  }
  return keyword.front() == '#';
}

// A skipped line as quoted in a warning: at most 60 characters.
std::string shown(std::string_view line) {
  while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  return std::string(line.substr(0, 60));
}

class ObjParser {
 public:
  explicit ObjParser(detail::TextCursor& in) : in_(in) {}

  // "v x y z", "v x y z w" or "v x y z r g b": all values checked, x y z kept.
  void read_vertex(std::string_view keyword) {
    std::array<std::string_view, 6> values;
    std::size_t count = 0;
    for (std::string_view value = in_.token_in_line(); !value.empty();
         value = in_.token_in_line()) {
      if (count < values.size()) values[count] = value;
      ++count;
    }
    if (count != 3 && count != 4 && count != 6) {
      in_.fail_at(keyword.data(),
                  "expected 3 vertex coordinates (or x y z w, or x y z r g b), found " +
                      std::to_string(count) + " values");
    }
    if (vertices_.size() == max_vertices) in_.fail_at(keyword.data(), "too many vertices");
    Eigen::Vector3d p;
    for (std::size_t i = 0; i < count; ++i) {
      const double x = in_.field<double>(values[i], "a number");
      if (i < 3) p[static_cast<Eigen::Index>(i)] = x;
    }
    vertices_.push_back(p);
  }

  // A polygon as a fan of triangles (0, i, i+1) from its first vertex.
  void read_face(std::string_view keyword) {
    corners_.clear();
    for (std::string_view token = in_.token_in_line(); !token.empty(); token = in_.token_in_line())
      corners_.push_back(token);
    if (corners_.size() < 3) {
      in_.fail_at(keyword.data(), "expected a face of at least 3 vertices, found " +
                                      std::to_string(corners_.size()));
    }
    const Index first = vertex_index(corners_[0]);
    Index previous = vertex_index(corners_[1]);
    for (std::size_t i = 2; i < corners_.size(); ++i) {
      const Index current = vertex_index(corners_[i]);
      if (connectivity_.size() >= max_connectivity)
        in_.fail_at(corners_[i].data(), "too many triangles");
      connectivity_.insert(connectivity_.end(), {first, previous, current});
      previous = current;
    }
  }

  std::vector<Eigen::Vector3d>& vertices() { return vertices_; }
  std::vector<Index>& connectivity() { return connectivity_; }

 private:
  static constexpr std::size_t max_vertices = std::numeric_limits<Index>::max() - 1;
  static constexpr std::size_t max_connectivity = max_vertices;

  // The vertex of "v", "v/vt", "v/vt/vn" or "v//vn" as a node index.
  Index vertex_index(std::string_view token) const {
    const std::size_t slash = token.find('/');
    const std::int64_t index = integer(token.substr(0, slash));
    if (slash != std::string_view::npos) check_attributes(token.substr(slash + 1));
    const auto defined = static_cast<std::int64_t>(vertices_.size());
    const std::int64_t position = index > 0 ? index - 1 : defined + index;
    if (index == 0 || position < 0 || position >= defined) {
      in_.fail_at(token.data(), "vertex index " + std::to_string(index) + " names no vertex (" +
                                    std::to_string(defined) + " defined so far; indices are 1.." +
                                    std::to_string(defined) + " or -1..-" +
                                    std::to_string(defined) + ")");
    }
    return static_cast<Index>(position);
  }

  // After the vertex index: "vt", "vt/vn" or "/vn" (read as integers, not kept).
  void check_attributes(std::string_view rest) const {
    const std::size_t slash = rest.find('/');
    const std::string_view vt = rest.substr(0, slash);
    if (slash == std::string_view::npos || !vt.empty()) integer(vt);
    if (slash != std::string_view::npos) integer(rest.substr(slash + 1));
  }

  // One number of a v/vt/vn token, reported at its own column.
  std::int64_t integer(std::string_view text) const {
    return in_.field<std::int64_t>(text, "an integer");
  }

  detail::TextCursor& in_;
  std::vector<std::string_view> corners_;  // of the face being read
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<Index> connectivity_;
};

}  // namespace

Mesh read_obj(const std::filesystem::path& path) {
  constexpr std::size_t max_line_warnings = 10;
  const detail::MappedFile file(path);
  if (file.text().empty())
    throw ReadError(file.name(), 0, 0, "empty file, expected OBJ 'v' and 'f' lines");

  detail::TextCursor in(file);
  ObjParser parser(in);
  std::vector<std::string> warnings;
  std::size_t skipped = 0;
  while (!in.at_end()) {
    const std::string_view keyword = in.token_in_line();
    const bool statement = keyword == "v" || keyword == "f";
    if (keyword == "v") parser.read_vertex(keyword);
    if (keyword == "f") parser.read_face(keyword);
    const std::string_view rest = in.line();  // empty after v and f, which read their line
    if (!statement && !keyword.empty() && !is_ignored_statement(keyword) &&
        ++skipped <= max_line_warnings) {
      const auto length = static_cast<std::size_t>(rest.data() + rest.size() - keyword.data());
      const std::string_view text(keyword.data(), length);
      warnings.push_back(file.name() + ":" + std::to_string(in.place(keyword.data()).line) +
                         ": skipped a line that is not an OBJ statement read here: '" +
                         shown(text) + "'");
    }
  }
  if (skipped > max_line_warnings) {
    warnings.push_back(file.name() + ": skipped " + std::to_string(skipped - max_line_warnings) +
                       " more such lines");
  }
  if (parser.connectivity().empty()) {
    throw ReadError(file.name(), 0, 0, "the OBJ file holds no face ('f' line)");
  }
  Mesh mesh = detail::triangle_mesh(path.stem().string(), std::move(parser.vertices()),
                                    std::move(parser.connectivity()));
  mesh.warnings = std::move(warnings);
  return mesh;
}

}  // namespace fecontact
