// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The public API of fecontact::contact: the contact search, its narrow phase and kinematics,
// contact definitions, mortar preprocessing.

#include "fecontact/contact/closest_face_search.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/contact/contact_kinematics.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/contact/node_contact.hpp"
#include "fecontact/contact/spectral_patches.hpp"
