#pragma once
// The public API of fecontact::contact: the contact search and its narrow phase, definitions
// and reports.

#include "fecontact/contact/closest_point.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/contact/contact_detection.hpp"
#include "fecontact/contact/contact_kinematics.hpp"
#include "fecontact/contact/contact_json.hpp"
#include "fecontact/contact/contact_pairs_inp.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/contact_vtu.hpp"
#include "fecontact/contact/face_adjacency.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/contact/node_contact.hpp"
#include "fecontact/contact/spectral_patches.hpp"
#include "fecontact/contact/triangle_distance.hpp"
