// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/gmsh_reader.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "gmsh_element_type.hpp"
#include "mapped_file.hpp"
#include "text_cursor.hpp"
#include "fecontact/detail/number_text.hpp"

namespace fecontact {
namespace {

using detail::GmshElementType;

template <class T>
T byte_swapped(T value) {
  std::array<unsigned char, sizeof(T)> bytes;
  std::memcpy(bytes.data(), &value, sizeof(T));
  std::reverse(bytes.begin(), bytes.end());
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

/// Where an element goes: (dimension, physical group or entity, tag, type). The order of the
/// keys is the order of the blocks: volumes first, physical groups before entities.
struct BlockKey {
  int dimension;
  bool physical;
  int tag;
  ElementType type;
  auto order() const { return std::make_tuple(-dimension, !physical, tag, type); }
  bool operator<(const BlockKey& other) const { return order() < other.order(); }
};

class GmshParser {
 public:
  explicit GmshParser(const std::filesystem::path& path) : file_(path), in_(file_) {}

  Mesh parse() {
    if (in_.token() != "$MeshFormat") in_.fail("expected $MeshFormat at the start of a Gmsh file");
    read_format();
    bool have_nodes = false;
    for (std::string_view section = in_.token(); !section.empty(); section = in_.token()) {
      section_line_ = in_.place(in_.last_token()).line;
      const std::string name(section);
      if (name == "$PhysicalNames") {
        read_physical_names();
      } else if (name == "$Entities" && version_ == 4) {
        read_entities();
      } else if (name == "$Nodes") {
        version_ == 4 ? read_nodes_v4() : read_nodes_v2();
        index_nodes();
        have_nodes = true;
      } else if (name == "$Elements") {
        if (!have_nodes) in_.fail("expected $Nodes before $Elements");
        version_ == 4 ? read_elements_v4() : read_elements_v2();
      } else if (name.size() > 1 && name[0] == '$') {
        mesh_.warnings.push_back(in_.file() + ":" + std::to_string(section_line_) +
                                 ": skipped section " + name);
        if (!in_.skip_past("$End" + name.substr(1))) in_.fail("missing $End" + name.substr(1));
        continue;
      } else {
        in_.fail("expected a section such as $Nodes, found '" + name + "'");
      }
      expect_end(name);
    }
    return finish();
  }

 private:
  // ---- values: text or binary, with the error that names the place ----

  [[noreturn]] void fail(const std::string& message) const {
    if (!binary_data_) in_.fail(message);
    in_.fail_on_line(section_line_,
                     message + " (binary data, byte offset " + std::to_string(in_.offset()) + ")");
  }

  template <class T>
  T text_number(std::string_view what) {
    const std::string_view token = in_.token();
    if (token.empty()) fail(std::string("unexpected end of file; expected ").append(what));
    return in_.field<T>(token, what);
  }

  template <class T>
  T binary_number(std::string_view what) {
    const char* bytes = in_.bytes(sizeof(T));
    if (bytes == nullptr) fail(std::string("truncated binary data; expected ").append(what));
    T value;
    std::memcpy(&value, bytes, sizeof value);
    return swap_ ? byte_swapped(value) : value;
  }

  /// A Gmsh int (4 bytes in binary).
  int integer(std::string_view what) {
    return binary_data_ ? binary_number<std::int32_t>(what) : text_number<int>(what);
  }
  /// A Gmsh size_t (8 bytes in binary, version 4; an int in version 2).
  std::uint64_t size(std::string_view what) {
    if (!binary_data_) return text_number<std::uint64_t>(what);
    if (version_ == 4) return binary_number<std::uint64_t>(what);
    const std::int32_t value = binary_number<std::int32_t>(what);
    if (value < 0) fail(std::string("expected ").append(what).append(", found a negative number"));
    return static_cast<std::uint64_t>(value);
  }
  /// A finite double (text_number checks text; binary data is checked here).
  double real(std::string_view what) {
    if (!binary_data_) return text_number<double>(what);
    const double value = binary_number<double>(what);
    if (!std::isfinite(value))
      fail("found " + std::string(what) + " that is not finite (" + detail::number_text(value) + ")");
    return value;
  }
  FileId tag(std::string_view what) {
    const std::uint64_t value = size(what);
    if (value == 0 || value > static_cast<std::uint64_t>(std::numeric_limits<FileId>::max()))
      fail(std::string("expected a positive ").append(what));
    return static_cast<FileId>(value);
  }

  /// Fails unless the rest of the file can hold `count` items of at least `bytes_each` bytes
  /// and an Index can number them: no allocation is ever sized by an unchecked count.
  void check_count(std::uint64_t count, std::uint64_t bytes_each, std::string_view what) const {
    const std::string announced =
        ("the header announces " + std::to_string(count) + " ").append(what);
    if (count > in_.remaining() / bytes_each)
      fail(announced + ", more than the remaining " + std::to_string(in_.remaining()) +
           " bytes of the file can hold");
    if (count > static_cast<std::uint64_t>(std::numeric_limits<Index>::max()))
      fail(announced + ", more than the 2147483647 (2^31 - 1) that fecontact's Index can number");
  }

  /// Moves to the section's data: in a binary file, past the end of the text line.
  void start_data() {
    if (binary_) in_.skip_line_end();
    binary_data_ = binary_;
  }

  void expect_end(const std::string& section) {
    binary_data_ = false;
    const std::string end = "$End" + section.substr(1);
    const std::string_view token = in_.token();
    if (token != end)
      in_.fail("expected " + end + ", found '" + std::string(token.substr(0, 40)) + "'");
  }

  // ---- sections ----

  void read_format() {
    const std::string_view version = in_.token();
    if (version == "4.1")
      version_ = 4;
    else if (version == "2.2" || version == "2.1" || version == "2" || version == "2.0")
      version_ = 2;
    else
      in_.fail("unsupported .msh version '" + std::string(version.substr(0, 40)) +
               "'; expected 4.1 or 2.2");
    const int file_type = text_number<int>("the file type (0 ASCII, 1 binary)");
    if (file_type != 0 && file_type != 1)
      in_.fail("expected the file type 0 (ASCII) or 1 (binary)");
    if (text_number<int>("the data size") != 8) in_.fail("unsupported data size; expected 8");
    binary_ = file_type == 1;
    if (binary_) {
      in_.skip_line_end();
      const char* bytes = in_.bytes(sizeof(std::int32_t));
      if (bytes == nullptr) in_.fail_at(in_.position(), "truncated binary byte-order check");
      std::int32_t one = 0;
      std::memcpy(&one, bytes, sizeof one);
      if (one != 1 && byte_swapped(one) != 1)
        in_.fail_at(bytes, "the binary byte-order check is neither 1 nor 1 swapped");
      swap_ = one != 1;
    }
    expect_end("$MeshFormat");
  }

  void read_physical_names() {
    const std::uint64_t count = text_number<std::uint64_t>("the number of physical names");
    check_count(count, 6, "physical names");
    for (std::uint64_t i = 0; i < count; ++i) {
      const int dim = text_number<int>("a physical dimension");
      const int physical = text_number<int>("a physical tag");
      physical_names_[{dim, physical}] = in_.quoted();
    }
  }

  void read_entities() {
    start_data();
    std::array<std::uint64_t, 4> counts{};
    for (auto& count : counts) count = size("a number of entities");
    for (int dim = 0; dim < 4; ++dim) {
      check_count(counts[static_cast<std::size_t>(dim)], binary_ ? 28 : 8, "entities");
      for (std::uint64_t i = 0; i < counts[static_cast<std::size_t>(dim)]; ++i) {
        const int entity = integer("an entity tag");
        for (int k = 0; k < (dim == 0 ? 3 : 6); ++k) real("an entity bounding-box coordinate");
        const std::uint64_t physical_count = size("a number of physical tags");
        check_count(physical_count, binary_ ? 4 : 2, "physical tags");
        std::vector<int>& physicals = entity_physicals_[{dim, entity}];
        for (std::uint64_t p = 0; p < physical_count; ++p)
          physicals.push_back(integer("a physical tag"));
        if (dim == 0) continue;
        const std::uint64_t bounding_count = size("a number of bounding entities");
        check_count(bounding_count, binary_ ? 4 : 2, "bounding entities");
        for (std::uint64_t b = 0; b < bounding_count; ++b) integer("a bounding entity tag");
      }
    }
  }

  void reserve_nodes(std::uint64_t count, std::uint64_t bytes_each) {
    check_count(count, bytes_each, "nodes");
    mesh_.coordinates.reserve(static_cast<std::size_t>(count));
    mesh_.node_ids.reserve(static_cast<std::size_t>(count));
  }

  Eigen::Vector3d point() {
    const double x = real("a coordinate");
    const double y = real("a coordinate");
    return {x, y, real("a coordinate")};
  }

  void read_nodes_v4() {
    start_data();
    const std::uint64_t blocks = size("the number of node blocks");
    const std::uint64_t total = size("the number of nodes");
    size("the smallest node tag");
    size("the largest node tag");
    check_count(blocks, binary_ ? 20 : 8, "node blocks");
    reserve_nodes(total, binary_ ? 32 : 8);
    for (std::uint64_t b = 0; b < blocks; ++b) {
      const int dim = integer("an entity dimension");
      integer("an entity tag");
      const int parametric = integer("the parametric flag");
      const std::uint64_t count = size("the number of nodes in the block");
      if (dim < 0 || dim > 3 || (parametric != 0 && parametric != 1))
        fail("expected a dimension 0..3 and a parametric flag 0 or 1");
      if (count > total - mesh_.node_ids.size())
        fail("the node blocks hold more nodes than the header announces");
      for (std::uint64_t i = 0; i < count; ++i) mesh_.node_ids.push_back(tag("a node tag"));
      for (std::uint64_t i = 0; i < count; ++i) {
        mesh_.coordinates.push_back(point());
        for (int k = 0; k < parametric * dim; ++k) real("a parametric coordinate");
      }
    }
    if (mesh_.node_ids.size() != total)
      fail("the node blocks hold fewer nodes than the header announces");
  }

  void read_nodes_v2() {
    const std::uint64_t total = text_number<std::uint64_t>("the number of nodes");
    reserve_nodes(total, binary_ ? 28 : 8);
    start_data();
    for (std::uint64_t i = 0; i < total; ++i) {
      mesh_.node_ids.push_back(tag("a node tag"));
      mesh_.coordinates.push_back(point());
    }
  }

  /// Fills mesh_.node_index, and a dense table when the tags are nearly contiguous (the usual
  /// case), so that element nodes are found without hashing.
  void index_nodes() {
    const std::size_t count = mesh_.node_ids.size();
    mesh_.node_index.reserve(count);
    FileId low = std::numeric_limits<FileId>::max(), high = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const FileId id = mesh_.node_ids[i];
      if (!mesh_.node_index.emplace(id, static_cast<Index>(i)).second)
        in_.fail_on_line(section_line_,
                         "node tag " + std::to_string(id) + " appears twice in $Nodes");
      low = std::min(low, id);
      high = std::max(high, id);
    }
    dense_first_ = low;
    dense_.clear();
    if (count > 0 &&
        static_cast<std::uint64_t>(high - low) < 2 * static_cast<std::uint64_t>(count) + 1024) {
      dense_.assign(static_cast<std::size_t>(high - low + 1), -1);
      for (std::size_t i = 0; i < count; ++i)
        dense_[static_cast<std::size_t>(mesh_.node_ids[i] - low)] = static_cast<Index>(i);
    }
  }

  Index node(FileId id, FileId element) const {
    if (!dense_.empty()) {
      const std::uint64_t at = static_cast<std::uint64_t>(id - dense_first_);
      if (id >= dense_first_ && at < dense_.size() && dense_[at] >= 0) return dense_[at];
    } else if (const auto found = mesh_.node_index.find(id); found != mesh_.node_index.end()) {
      return found->second;
    }
    fail("element " + std::to_string(element) + " refers to node " + std::to_string(id) +
         ", which is not in $Nodes");
  }

  GmshElementType element_type(int number) const {
    const auto type = detail::gmsh_element_type(number);
    if (!type) fail("unknown or unsupported Gmsh element type " + std::to_string(number));
    return *type;
  }

  /// The blocks that an element of (dimension, entity, type) with these physical groups goes to.
  std::vector<ElementBlock*> targets(int dimension, int entity, const std::vector<int>& physicals,
                                     ElementType type) {
    std::vector<ElementBlock*> result;
    if (physicals.empty()) result.push_back(&block({dimension, false, entity, type}));
    for (const int physical : physicals)
      result.push_back(&block({dimension, true, physical, type}));
    return result;
  }

  ElementBlock& block(const BlockKey& key) {
    ElementBlock& block = blocks_[key];
    block.type = key.type;
    return block;
  }

  /// Reads one element's nodes (ASCII or binary) and appends it, numbered `id`, to `to`. In
  /// text, a node is looked up as soon as it is read, so that an error names its column.
  void read_element(FileId id, const GmshElementType& type, const std::vector<ElementBlock*>& to) {
    const auto count = static_cast<std::size_t>(type.node_count);
    std::array<Index, 27> gmsh_nodes{};
    if (binary_data_) {
      std::array<FileId, 27> tags{};
      read_binary_tags(std::span<FileId>(tags).first(count), "a node tag");
      for (std::size_t k = 0; k < count; ++k) gmsh_nodes[k] = node(tags[k], id);
    } else {
      for (std::size_t k = 0; k < count; ++k) gmsh_nodes[k] = node(tag("a node tag"), id);
    }
    for (ElementBlock* block : to) {
      block->element_ids.push_back(id);
      for (const std::uint8_t from : type.to_internal)
        block->connectivity.push_back(gmsh_nodes[from]);
    }
  }

  /// Reads out.size() binary tags with one read (the hot loop of large files).
  void read_binary_tags(std::span<FileId> out, std::string_view what) {
    const auto read = [&](auto* raw) {
      const char* bytes = in_.bytes(out.size() * sizeof *raw);
      if (bytes == nullptr) fail(std::string("truncated binary data; expected ").append(what));
      std::memcpy(raw, bytes, out.size() * sizeof *raw);
      for (std::size_t k = 0; k < out.size(); ++k) {
        const auto value = swap_ ? byte_swapped(raw[k]) : raw[k];
        if (value <= 0 || static_cast<std::uint64_t>(value) >
                              static_cast<std::uint64_t>(std::numeric_limits<FileId>::max()))
          fail(std::string("expected a positive ").append(what));
        out[k] = static_cast<FileId>(value);
      }
    };
    std::array<std::uint64_t, 27> wide;   // Gmsh 4.1 size_t
    std::array<std::int32_t, 27> narrow;  // Gmsh 2.2 int
    version_ == 4 ? read(wide.data()) : read(narrow.data());
  }

  void read_elements_v4() {
    start_data();
    const std::uint64_t blocks = size("the number of element blocks");
    const std::uint64_t total = size("the number of elements");
    size("the smallest element tag");
    size("the largest element tag");
    check_count(blocks, binary_ ? 20 : 8, "element blocks");
    check_count(total, binary_ ? 16 : 4, "elements");
    std::uint64_t done = 0;
    for (std::uint64_t b = 0; b < blocks; ++b) {
      const int dim = integer("an entity dimension");
      const int entity = integer("an entity tag");
      const GmshElementType type = element_type(integer("an element type"));
      const std::uint64_t count = size("the number of elements in the block");
      check_count(count, static_cast<std::uint64_t>(type.node_count + 1) * (binary_ ? 8 : 2),
                  "elements");
      if (count > total - done)
        fail("the element blocks hold more elements than the header announces");
      done += count;
      std::vector<ElementBlock*> to;
      if (type.type && dimension(*type.type) >= 2) {
        const auto physicals = entity_physicals_.find({dim, entity});
        to = targets(dimension(*type.type), entity,
                     physicals == entity_physicals_.end() ? std::vector<int>{} : physicals->second,
                     *type.type);
        for (ElementBlock* block : to) {
          block->element_ids.reserve(block->element_ids.size() + count);
          block->connectivity.reserve(block->connectivity.size() +
                                      count * static_cast<std::size_t>(type.node_count));
        }
      }
      for (std::uint64_t i = 0; i < count; ++i) read_element(tag("an element tag"), type, to);
    }
    if (done != total) fail("the element blocks hold fewer elements than the header announces");
  }

  void read_elements_v2() {
    const std::uint64_t total = text_number<std::uint64_t>("the number of elements");
    check_count(total, binary_ ? 12 : 8, "elements");
    start_data();
    for (std::uint64_t done = 0; done < total;) {
      // ASCII: "id type tag-count tags... nodes..." per element; binary: a header
      // (type, count, tag-count), then `count` elements "id tags... nodes...".
      FileId id = binary_ ? 0 : tag("an element tag");
      const GmshElementType type = element_type(integer("an element type"));
      const std::uint64_t count = binary_ ? size("the number of elements that follow") : 1;
      if (count > total - done) fail("more elements than the header of $Elements announces");
      const std::uint64_t tag_count = size("the number of element tags");
      check_count(tag_count, 2, "element tags");
      for (std::uint64_t i = 0; i < count; ++i, ++done) {
        if (binary_) id = tag("an element tag");
        std::array<int, 2> tags{};  // physical group, elementary entity
        for (std::uint64_t t = 0; t < tag_count; ++t) {
          const int value = integer("an element tag");
          if (t < 2) tags[t] = value;
        }
        std::vector<ElementBlock*> to;
        if (type.type && dimension(*type.type) >= 2)
          to = targets(dimension(*type.type), tags[1],
                       tags[0] > 0 ? std::vector<int>{tags[0]} : std::vector<int>{}, *type.type);
        read_element(id, type, to);
      }
    }
  }

  // ---- the result ----

  std::string block_name(const BlockKey& key) const {
    if (!key.physical) return "entity" + std::to_string(key.tag);
    const auto name = physical_names_.find({key.dimension, key.tag});
    return name != physical_names_.end() ? name->second : "physical" + std::to_string(key.tag);
  }

  Mesh finish() {
    std::map<int, SurfaceDefinition> surfaces;  // by physical tag
    for (auto& [key, block] : blocks_) {
      block.name = block_name(key);
      const Index index = static_cast<Index>(mesh_.blocks.size());
      if (key.dimension == 2 && key.physical) {
        SurfaceDefinition& surface = surfaces[key.tag];
        surface.name = block.name;
        for (Index e = 0; e < block.size(); ++e) surface.faces.push_back(FaceRef{{index, e}, 0});
      }
      mesh_.blocks.push_back(std::move(block));
    }
    for (auto& [tag, surface] : surfaces) mesh_.surfaces.push_back(std::move(surface));
    return std::move(mesh_);
  }

  detail::MappedFile file_;
  detail::TextCursor in_;
  int version_ = 4;
  bool binary_ = false;       // the file is binary
  bool binary_data_ = false;  // the read position is in binary data
  bool swap_ = false;
  std::size_t section_line_ = 0;
  std::map<std::pair<int, int>, std::string> physical_names_;         // (dimension, tag) -> name
  std::map<std::pair<int, int>, std::vector<int>> entity_physicals_;  // (dimension, tag) -> tags
  std::map<BlockKey, ElementBlock> blocks_;
  std::vector<Index> dense_;  // node index by tag - dense_first_, -1 where none
  FileId dense_first_ = 0;
  Mesh mesh_;
};

}  // namespace

Mesh read_gmsh(const std::filesystem::path& path) { return GmshParser(path).parse(); }

}  // namespace fecontact
