// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Test helper: reads back a .vtu file with raw appended data, as write_vtu writes it, checking
// its layout on the way (header attributes, one contiguous run of appended blocks, each block's
// UInt64 byte count). Independent of the writer: plain string search over the XML head.

#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
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
    if (!bytes.empty()) std::memcpy(result.data(), bytes.data(), bytes.size());
    return result;
  }
};

inline std::string xml_unescaped(std::string text) {
  const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
  for (const auto& [entity, character] : entities) {
    for (std::size_t at = text.find(entity); at != std::string::npos;
         at = text.find(entity, at + 1)) {
      text.replace(at, std::strlen(entity), character);
    }
  }
  return text;
}

inline std::map<std::string, std::string> xml_attributes(const std::string& tag) {
  std::map<std::string, std::string> attributes;
  for (std::size_t equals = tag.find("=\""); equals != std::string::npos;
       equals = tag.find("=\"", equals + 1)) {
    std::size_t start = equals;
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(tag[start - 1])) != 0 ||
                         tag[start - 1] == '_')) {
      --start;
    }
    const std::size_t close = tag.find('"', equals + 2);
    attributes[tag.substr(start, equals - start)] =
        xml_unescaped(tag.substr(equals + 2, close - equals - 2));
  }
  return attributes;
}

// The tag beginning with `opening` ("<Piece") in `head`, up to its '>'.
inline std::string xml_tag(const std::string& head, const std::string& opening) {
  const std::size_t start = head.find(opening);
  if (start == std::string::npos) throw std::runtime_error("no " + opening + " tag");
  return head.substr(start, head.find('>', start) + 1 - start);
}

/// Parses `content` (a whole .vtu file); throws std::runtime_error when its layout is wrong.
inline ParsedVtu parse_vtu(const std::string& content) {
  const std::string marker = "<AppendedData encoding=\"raw\">";
  const std::size_t appended = content.find(marker);
  if (appended == std::string::npos) throw std::runtime_error("no raw AppendedData");
  const std::size_t base = content.find('_', appended) + 1;  // offsets count from here
  const std::string head = content.substr(0, appended);

  ParsedVtu vtu;
  vtu.file_attributes = xml_attributes(xml_tag(head, "<VTKFile"));
  vtu.piece_attributes = xml_attributes(xml_tag(head, "<Piece"));
  const std::vector<std::string> sections{"PointData", "CellData", "Points", "Cells"};
  std::string section;
  std::size_t expected_offset = 0;
  for (std::size_t at = head.find('<'); at != std::string::npos; at = head.find('<', at + 1)) {
    const std::string tag = head.substr(at, head.find('>', at) + 1 - at);
    for (const std::string& name : sections) {
      if (tag == "<" + name + ">") section = name;
      if (tag == "</" + name + ">") section.clear();
    }
    if (tag.rfind("<DataArray", 0) != 0) continue;
    ParsedDataArray array{section, xml_attributes(tag), {}};
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
