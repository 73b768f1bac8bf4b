! SPDX-License-Identifier: BSD-3-Clause
program example ! nodes 5 and 6 above and below the unit square 1-2-3-4, one quad4 face
  use fecontact
  implicit none
  double precision :: xyz(3, 6) = reshape([0d0, 0d0, 0d0, 1d0, 0d0, 0d0, 1d0, 1d0, 0d0, 0d0, 1d0, 0d0, &
                                           0.5d0, 0.5d0, 0.01d0, 0.2d0, 0.7d0, -0.02d0], [3, 6]), gap(2)
  integer :: node(2), k, status
  type(fecontact_search) :: s
  status = fecontact_search_new(s) ! then interface 1, or -1:
  if (status == 0) status = min(0, fecontact_add_node_to_surface(s, reshape([1, 2, 3, 4], [4, 1]), [5, 6], 0.05d0))
  if (status == 0) status = fecontact_search_step(s, xyz)
  if (status == 0) status = fecontact_get_contacts(s, 1, node, gap=gap)
  if (status /= 0) then
    print '(a)', fecontact_last_error()
    stop 1
  end if
  do k = 1, fecontact_contact_count(s, 1)
    print '(a, i0, a, f6.3)', 'node ', node(k), ': gap ', gap(k)
  end do
  call fecontact_search_free(s)
end program example
