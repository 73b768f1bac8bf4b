#include "fecontact/io/obj_reader.hpp"

#include <array>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "fecontact/io/read_error.hpp"
#include "file_bytes.hpp"
#include "text_tokens.hpp"
#include "triangle_mesh.hpp"

namespace fecontact {
namespace {

using detail::Token;

// Statements of the OBJ format that carry nothing a contact surface needs.
bool is_ignored_statement(std::string_view keyword) {
  constexpr std::array<std::string_view, 8> ignored{"vt", "vn", "vp",     "s",
                                                    "g",  "o",  "mtllib", "usemtl"};
  for (const std::string_view k : ignored) {
    if (keyword == k) return true;
  }
  return keyword.front() == '#';
}

// A skipped line as quoted in a warning: without its line end, at most 60 characters.
std::string shown(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  return std::string(line.substr(0, 60));
}

class ObjParser {
 public:
  explicit ObjParser(const std::string& file) : file_(file) {}

  void read_vertex(const std::vector<Token>& tokens) {
    const std::size_t count = tokens.size() - 1;
    if (count != 3 && count != 4 && count != 6) {
      throw ReadError(file_, tokens[0].line, tokens[0].column,
                      "expected 3 vertex coordinates (or x y z w, or x y z r g b), found " +
                          std::to_string(count) + " values");
    }
    if (vertices_.size() == max_vertices) {
      throw ReadError(file_, tokens[0].line, tokens[0].column, "too many vertices");
    }
    Eigen::Vector3d p;
    for (std::size_t i = 1; i <= count; ++i) {
      const double x = detail::parse_double(tokens[i], file_);  // all checked, 3 kept
      if (i <= 3) p[static_cast<Eigen::Index>(i - 1)] = x;
    }
    vertices_.push_back(p);
  }

  // A polygon as a fan of triangles (0, i, i+1) from its first vertex.
  void read_face(const std::vector<Token>& tokens) {
    if (tokens.size() < 4) {
      throw ReadError(
          file_, tokens[0].line, tokens[0].column,
          "expected a face of at least 3 vertices, found " + std::to_string(tokens.size() - 1));
    }
    const Index first = vertex_index(tokens[1]);
    Index previous = vertex_index(tokens[2]);
    for (std::size_t i = 3; i < tokens.size(); ++i) {
      const Index current = vertex_index(tokens[i]);
      if (connectivity_.size() >= max_connectivity) {
        throw ReadError(file_, tokens[i].line, tokens[i].column, "too many triangles");
      }
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
  Index vertex_index(const Token& token) const {
    const std::string_view text = token.text;
    const std::size_t slash = text.find('/');
    const std::int64_t index = detail::parse_integer(text.substr(0, slash), token, file_);
    if (slash != std::string_view::npos) check_attributes(text.substr(slash + 1), token);
    const auto defined = static_cast<std::int64_t>(vertices_.size());
    const std::int64_t position = index > 0 ? index - 1 : defined + index;
    if (index == 0 || position < 0 || position >= defined) {
      throw ReadError(file_, token.line, token.column,
                      "vertex index " + std::to_string(index) + " names no vertex (" +
                          std::to_string(defined) + " defined so far; indices are 1.." +
                          std::to_string(defined) + " or -1..-" + std::to_string(defined) + ")");
    }
    return static_cast<Index>(position);
  }

  // After the vertex index: "vt", "vt/vn" or "/vn" (read as integers, not kept).
  void check_attributes(std::string_view rest, const Token& token) const {
    const std::size_t slash = rest.find('/');
    const std::string_view vt = rest.substr(0, slash);
    if (slash == std::string_view::npos || !vt.empty()) detail::parse_integer(vt, token, file_);
    if (slash != std::string_view::npos) {
      detail::parse_integer(rest.substr(slash + 1), token, file_);
    }
  }

  const std::string& file_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<Index> connectivity_;
};

}  // namespace

Mesh read_obj(const std::filesystem::path& path) {
  constexpr std::size_t max_line_warnings = 10;
  const std::string file = path.string();
  const std::string bytes = detail::read_file_bytes(path);
  if (bytes.empty()) throw ReadError(file, 0, 0, "empty file, expected OBJ 'v' and 'f' lines");

  ObjParser parser(file);
  std::vector<std::string> warnings;
  std::size_t skipped = 0;
  detail::LineSplitter lines(bytes);
  std::vector<Token> tokens;
  while (lines.next(tokens)) {
    if (tokens.empty()) continue;
    const std::string_view keyword = tokens[0].text;
    if (keyword == "v") {
      parser.read_vertex(tokens);
    } else if (keyword == "f") {
      parser.read_face(tokens);
    } else if (!is_ignored_statement(keyword) && ++skipped <= max_line_warnings) {
      warnings.push_back(file + ":" + std::to_string(lines.line_number()) +
                         ": skipped a line that is not an OBJ statement read here: '" +
                         shown(lines.line()) + "'");
    }
  }
  if (skipped > max_line_warnings) {
    warnings.push_back(file + ": skipped " + std::to_string(skipped - max_line_warnings) +
                       " more such lines");
  }
  if (parser.connectivity().empty()) {
    throw ReadError(file, 0, 0, "the OBJ file holds no face ('f' line)");
  }
  Mesh mesh = detail::triangle_mesh(path.stem().string(), std::move(parser.vertices()),
                                    std::move(parser.connectivity()));
  mesh.warnings = std::move(warnings);
  return mesh;
}

}  // namespace fecontact
