// SPDX-License-Identifier: BSD-3-Clause
#include <stdio.h>
#include <fecontact/fecontact.h>

int main(void) { /* nodes 4 and 5 above and below the unit square 0-1-2-3, one quad4 face */
  const double xyz[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.5, 0.01, 0.2, 0.7, -0.02};
  const int64_t offsets[] = {0, 4}, face[] = {0, 1, 2, 3}, slaves[] = {4, 5};
  int64_t node[2], k; double gap[2]; /* at most one contact per slave node */
  fecontact_search* s = fecontact_search_new();
  if (fecontact_add_node_to_surface(s, 1, offsets, face, 2, slaves, 0.05) < 0 || fecontact_search_step(s, 6, xyz) < 0 ||
      fecontact_get_contacts(s, 0, 2, node, NULL, gap, NULL, NULL) < 0)
    return fprintf(stderr, "%s\n", fecontact_last_error()), 1;
  for (k = 0; k < fecontact_contact_count(s, 0); ++k) printf("node %lld: gap %g\n", (long long)node[k], gap[k]);
  fecontact_search_free(s);
  return 0;
}
