#pragma once
// Test helper: reads back a .vtu file with raw appended data, as write_vtu writes it, checking
// its layout on the way (header attributes, one contiguous run of appended blocks, each block's
// UInt64 byte count). Independent of the writer: regular expressions over the XML head.

#include <cstdint>
#include <cstring>
#include <map>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace fecontact::test {

struct ParsedDataArray {
  std::string section;  // PointData, CellData, Points or Cells
  std::map<std::string, std::string> attributes;
  std::string bytes;  // the block's payload, after its UInt64 byte count
};

struct ParsedVtu {
  std::map<std::string, std::string> file_attributes;   // of <VTKFile>
  std::map<std::string, std::string> piece_attributes;  // of <Piece>
  std::vector<ParsedDataArray> arrays;                  // in XML order

  const ParsedDataArray& array(const std::string& section, const std::string& name) const {
    for (const ParsedDataArray& a : arrays) {
      if (a.section == section && a.attributes.at("Name") == name) return a;
    }
    throw std::runtime_error("no DataArray " + name + " in " + section);
  }

  /// The payload as values of type T (read in the host's order: the test machine is x86-64).
  template <class T>
  std::vector<T> values(const std::string& section, const std::string& name) const {
    const std::string& bytes = array(section, name).bytes;
    if (bytes.size() % sizeof(T) != 0) throw std::runtime_error("block size not a multiple");
    std::vector<T> result(bytes.size() / sizeof(T));
    std::memcpy(result.data(), bytes.data(), bytes.size());
    return result;
  }
};

inline std::string xml_unescaped(std::string text) {
  const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
  for (const auto& [entity, character] : entities) {
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1)) {
      text.replace(at, std::strlen(entity), character);
    }
  }
  return text;
}

inline std::map<std::string, std::string> xml_attributes(const std::string& tag) {
  std::map<std::string, std::string> attributes;
  static const std::regex attribute(R"re((\w+)="([^"]*)")re");
  for (std::sregex_iterator it(tag.begin(), tag.end(), attribute), end; it != end; ++it) {
    attributes[(*it)[1]] = xml_unescaped((*it)[2]);
  }
  return attributes;
}

/// Parses `content` (a whole .vtu file); throws std::runtime_error when its layout is wrong.
inline ParsedVtu parse_vtu(const std::string& content) {
  const std::string marker = "<AppendedData encoding=\"raw\">";
  const std::size_t appended = content.find(marker);
  if (appended == std::string::npos) throw std::runtime_error("no raw AppendedData");
  const std::size_t base = content.find('_', appended) + 1;  // offsets count from here
  const std::string head = content.substr(0, appended);

  ParsedVtu vtu;
  std::smatch match;
  if (!std::regex_search(head, match, std::regex("<VTKFile[^>]*>"))) throw std::runtime_error("no VTKFile");
  vtu.file_attributes = xml_attributes(match.str());
  if (!std::regex_search(head, match, std::regex("<Piece[^>]*>"))) throw std::runtime_error("no Piece");
  vtu.piece_attributes = xml_attributes(match.str());

  static const std::regex tag(R"(<(/?)(PointData|CellData|Points|Cells)>|<DataArray[^>]*/>)");
  std::string section;
  std::size_t expected_offset = 0;
  for (std::sregex_iterator it(head.begin(), head.end(), tag), end; it != end; ++it) {
    const std::smatch& m = *it;
    if (m[2].matched) {
      section = m[1].length() == 0 ? m[2].str() : "";
      continue;
    }
    ParsedDataArray array{section, xml_attributes(m.str()), {}};
    const std::size_t offset = std::stoull(array.attributes.at("offset"));
    if (offset != expected_offset) throw std::runtime_error("appended blocks not contiguous");
    std::uint64_t size = 0;
    if (base + offset + 8 > content.size()) throw std::runtime_error("block header past the end");
    std::memcpy(&size, content.data() + base + offset, 8);
    if (base + offset + 8 + size > content.size()) throw std::runtime_error("block past the end");
    array.bytes = content.substr(base + offset + 8, size);
    expected_offset = offset + 8 + size;
    vtu.arrays.push_back(std::move(array));
  }
  const std::string tail = "\n  </AppendedData>\n</VTKFile>\n";
  if (content.compare(base + expected_offset, std::string::npos, tail) != 0) {
    throw std::runtime_error("the appended data is not followed by the closing tags");
  }
  return vtu;
}

}  // namespace fecontact::test
