// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The whole public API of fecontact (the fecontact::fecontact target): each module's own.

#include "fecontact/bvh.hpp"
#include "fecontact/contact.hpp"
#include "fecontact/core.hpp"
