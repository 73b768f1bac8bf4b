// SPDX-License-Identifier: BSD-3-Clause
// `fecontact mass` against CalculiX's own mass output on every deck of
// FECONTACT_SHARED_DATA/calculix. The deck is not copied: a variant is written at test time with
// its *NODE cards and its solid *ELEMENT cards (C3D*, as read; shells left out, as `fecontact
// mass` leaves them out), one material of density 1 on all of them, every node held, and
// *EL PRINT, TOTALS=ONLY of EVOL and EMAS. ccx 2.20 then prints the total volume, the mass,
// the centre of gravity and the "mass moment of inertia about the center of gravity"
// (xx, yy, zz, xy, xz, yz): the second moment S = ∫ r rᵀ dm with r from the centre of gravity
// (positive products, not the inertia tensor). fecontact gives the inertia tensor
// I = tr(S)·1 − S, so S = tr(I)/2·1 − I.
//
// Tolerance 1e-5: ccx prints 7 significant digits and integrates C3D8 with 2×2×2 points, which
// is not exact on warped hexahedra (x² det J is of degree 4 in each local coordinate); volume
// relative to itself, centre relative to the larger of its distance from the origin and the
// radius of gyration, S in the Frobenius norm relative to its own.

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <boost/test/unit_test.hpp>

#include "calculix_tools.hpp"
#include "json_parse.hpp"

namespace fs = std::filesystem;
using namespace fecontact;

namespace {

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::string id_card(const std::string& keyword, const std::vector<std::string>& ids) {
  std::string card = keyword + "\n";
  for (std::size_t i = 0; i < ids.size(); ++i) card += ids[i] + (i + 1 == ids.size() || i % 8 == 7 ? ",\n" : ", ");
  return card;
}

/// The mass-only variant of a deck (see the top of this file); `solids` counts its elements.
std::string mass_variant(const std::string& deck, std::size_t& solids) {
  std::istringstream in(deck);
  std::string out, keyword;
  std::vector<std::string> nodes, elements;
  bool keep = false, keyword_continues = false;
  int record_fields = 0, fields_left = 0;  // an element's id and nodes may run over lines
  for (std::string line; std::getline(in, line);) {
    const std::string text = trimmed(line);
    if (text.rfind("**", 0) == 0 || text.empty()) continue;
    if (keyword_continues || text.front() == '*') {  // a keyword line (or its continuation)
      keyword = keyword_continues ? keyword + text : upper(text);
      keyword_continues = text.back() == ',';
      if (keyword_continues) continue;
      std::string name = keyword.substr(0, keyword.find(','));
      name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
      std::string parameters = keyword;
      parameters.erase(std::remove(parameters.begin(), parameters.end(), ' '), parameters.end());
      const auto type = parameters.find("TYPE=C3D");
      keep = name == "*NODE" || (name == "*ELEMENT" && type != std::string::npos);
      // C3D<n>: n nodes (C3D4, C3D10, C3D8, C3D20, C3D6, C3D15, C3D5 and their variants).
      record_fields = name == "*ELEMENT" && keep ? 1 + std::atoi(parameters.c_str() + type + 8) : 0;
      fields_left = 0;
      if (keep) out += keyword + "\n";
      continue;
    }
    if (!keep) continue;
    out += text + "\n";
    const std::string id = trimmed(text.substr(0, text.find(',')));
    if (record_fields == 0) {
      nodes.push_back(id);
      continue;
    }
    if (fields_left == 0) {
      elements.push_back(id);
      fields_left = record_fields;
    }
    std::istringstream fields(text);
    for (std::string field; std::getline(fields, field, ',');) fields_left -= trimmed(field).empty() ? 0 : 1;
  }
  solids = elements.size();
  return out + id_card("*NSET, NSET=FCNODES", nodes) + id_card("*ELSET, ELSET=FCSOLID", elements) +
         "*MATERIAL, NAME=FCUNIT\n*ELASTIC\n1., 0.\n*DENSITY\n1.\n"
         "*SOLID SECTION, ELSET=FCSOLID, MATERIAL=FCUNIT\n"
         "*STEP\n*STATIC\n*BOUNDARY\nFCNODES, 1, 3\n"
         "*EL PRINT, ELSET=FCSOLID, TOTALS=ONLY\nEVOL, EMAS\n*END STEP\n";
}

double relative(double a, double b, double scale) { return std::abs(a - b) / scale; }

}  // namespace

BOOST_AUTO_TEST_CASE(deck_mass) {
  const auto tools = test::find_tools(false);
  if (!tools) return;
  const auto decks = test::calculix_decks();
  if (decks.empty()) return;
  const fs::path folder = test::work_folder("mass");
  std::cout << "deck: elements, volume (ccx, fecontact), largest relative differences of volume, centre, second "
               "moment\n";
  for (const fs::path& deck : decks) {
    BOOST_TEST_CONTEXT(deck.filename().string()) {
      const std::string job = deck.stem().string();
      std::size_t solids = 0;
      test::write_text(folder / (job + ".inp"), mass_variant(test::read_text(deck), solids));
      BOOST_TEST_REQUIRE(test::run_in(folder, test::quoted(tools->ccx) + " -i " + job, job + ".log") == 0);
      const std::string dat = test::read_text(folder / (job + ".dat"));
      const auto volume = test::ccx_totals(dat, "total volume", "FCSOLID");
      const auto mass = test::ccx_totals(dat, "total mass", "FCSOLID");
      const auto centre = test::ccx_totals(dat, "center of gravity", "FCSOLID");
      const auto second = test::ccx_totals(
          dat, "total mass moment of inertia about the center of gravity (xx,yy,zz,xy,xz,yz)", "FCSOLID");
      BOOST_TEST_REQUIRE(volume.size() == 1u);
      BOOST_TEST_REQUIRE(mass.size() == 1u);
      BOOST_TEST_REQUIRE(centre.size() == 3u);
      BOOST_TEST_REQUIRE(second.size() == 6u);

      BOOST_TEST_REQUIRE(test::run_in(folder, test::quoted(tools->fecontact) + " mass " + test::quoted(deck) + " --json",
                                      job + ".json") == 0);
      const test::JsonValue total = test::parse_json(test::read_text(folder / (job + ".json")))["total"];
      const double v = total["volume"].number();
      Eigen::Vector3d c;
      Eigen::Matrix3d inertia;
      for (int i = 0; i < 3; ++i) {
        c[i] = total["center_of_mass"][static_cast<std::size_t>(i)].number();
        for (int j = 0; j < 3; ++j)
          inertia(i, j) = total["inertia_com"][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].number();
      }
      const Eigen::Matrix3d s = inertia.trace() / 2 * Eigen::Matrix3d::Identity() - inertia;

      const double volume_error = relative(volume[0], v, v);
      const double length = std::max(c.norm(), std::sqrt(s.trace() / v));
      double centre_error = 0;
      for (int i = 0; i < 3; ++i) centre_error = std::max(centre_error, relative(centre[static_cast<std::size_t>(i)], c[i], length));
      const int row[] = {0, 1, 2, 0, 0, 1}, column[] = {0, 1, 2, 1, 2, 2};  // ccx: xx yy zz xy xz yz
      Eigen::Matrix3d from_ccx;
      for (std::size_t k = 0; k < 6; ++k) from_ccx(row[k], column[k]) = from_ccx(column[k], row[k]) = second[k];
      const double second_error = (from_ccx - s).norm() / s.norm();  // Frobenius
      BOOST_TEST(relative(mass[0], volume[0], volume[0]) <= 1e-6);  // density 1
      BOOST_TEST(volume_error <= 1e-5);
      BOOST_TEST(centre_error <= 1e-5);
      BOOST_TEST(second_error <= 1e-5);
      std::cout << deck.filename().string() << ": " << solids << ", " << volume[0] << " " << v << ", "
                << volume_error << " " << centre_error << " " << second_error << "\n";
    }
  }
}
