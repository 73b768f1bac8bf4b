! SPDX-License-Identifier: BSD-3-Clause
! fecontact for Fortran 2003 on MPI: the module `fecontact_mpi` binds the C interface to the
! distributed contact search (fecontact_mpi.h) with iso_c_binding. Compile it with your own
! compiler beside fecontact.f90 (whose fecontact_last_error says why a call failed) and link
! libfecontact_capi_mpi and libfecontact_capi:
!   mpif90 -c fecontact.f90 fecontact_mpi.f90 && mpif90 my_solver.f90 fecontact.o fecontact_mpi.o \
!     -lfecontact_capi_mpi -lfecontact_capi
! The communicator is Fortran's integer handle (`use mpi`, mpif.h; with `use mpi_f08`, comm%MPI_VAL),
! converted by MPI_Comm_f2c on the C side: the module itself needs no MPI module to compile.
!
! As module fecontact: c_fecontact_mpi_* are the C functions as they are; fecontact_mpi_* (the C
! names) take Fortran arrays of default integers, count this rank's node indices and the
! interfaces from 1, take faces of one type as faces(nodes_per_face, n_faces) and coordinates as
! xyz(3, n_nodes), and return 0 (or an interface's index, from 1) or -1. Global ids (nodes, faces)
! and ranks are the caller's and MPI's numbers, passed through unchanged.
module fecontact_mpi
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_int64_t, c_null_char, c_null_ptr, c_ptr, &
                                         c_associated, c_loc
  implicit none
  private

  ! A distributed search object; null until fecontact_mpi_search_new, again after _free.
  type, public :: fecontact_mpi_search
    type(c_ptr) :: ptr = c_null_ptr
  end type fecontact_mpi_search

  public :: c_fecontact_mpi_search_new_f, c_fecontact_mpi_search_free, c_fecontact_mpi_set_nodes
  public :: c_fecontact_mpi_add_node_to_surface, c_fecontact_mpi_add_surface_to_surface
  public :: c_fecontact_mpi_add_self_contact, c_fecontact_mpi_set_option, c_fecontact_mpi_set_option_double
  public :: c_fecontact_mpi_set_option_int, c_fecontact_mpi_search_step
  public :: c_fecontact_mpi_accept_step, c_fecontact_mpi_contact_count, c_fecontact_mpi_get_contacts
  public :: c_fecontact_mpi_get_contact_frames, c_fecontact_mpi_get_contact_weights, c_fecontact_mpi_get_contact_slip
  public :: c_fecontact_mpi_pair_count, c_fecontact_mpi_get_pairs

  public :: fecontact_mpi_search_new, fecontact_mpi_search_free, fecontact_mpi_set_nodes
  public :: fecontact_mpi_add_node_to_surface, fecontact_mpi_add_surface_to_surface, fecontact_mpi_add_self_contact
  public :: fecontact_mpi_set_option, fecontact_mpi_search_step, fecontact_mpi_accept_step
  public :: fecontact_mpi_contact_count, fecontact_mpi_get_contacts, fecontact_mpi_get_contact_frames
  public :: fecontact_mpi_get_contact_weights, fecontact_mpi_get_contact_slip, fecontact_mpi_pair_count
  public :: fecontact_mpi_get_pairs

  interface
    function c_fecontact_report_error(message) bind(c, name='fecontact_report_error')
      import :: c_char, c_int
      character(kind=c_char), intent(in) :: message(*)
      integer(c_int) :: c_fecontact_report_error
    end function c_fecontact_report_error

    function c_fecontact_mpi_search_new_f(comm) bind(c, name='fecontact_mpi_search_new_f')
      import :: c_ptr, c_int
      integer(c_int), value :: comm  ! MPI_Fint: a default integer with gfortran and Open MPI
      type(c_ptr) :: c_fecontact_mpi_search_new_f
    end function c_fecontact_mpi_search_new_f

    subroutine c_fecontact_mpi_search_free(s) bind(c, name='fecontact_mpi_search_free')
      import :: c_ptr
      type(c_ptr), value :: s
    end subroutine c_fecontact_mpi_search_free

    function c_fecontact_mpi_set_nodes(s, n_nodes, node_ids) bind(c, name='fecontact_mpi_set_nodes')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_nodes
      integer(c_int64_t), intent(in) :: node_ids(*)
      integer(c_int) :: c_fecontact_mpi_set_nodes
    end function c_fecontact_mpi_set_nodes

    function c_fecontact_mpi_add_node_to_surface(s, n_faces, face_offsets, face_nodes, face_ids, n_slave_nodes, &
                                                 slave_nodes, tolerance) bind(c, name='fecontact_mpi_add_node_to_surface')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_faces, n_slave_nodes
      integer(c_int64_t), intent(in) :: face_offsets(*), face_nodes(*), face_ids(*), slave_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_mpi_add_node_to_surface
    end function c_fecontact_mpi_add_node_to_surface

    function c_fecontact_mpi_add_surface_to_surface(s, n_master_faces, master_offsets, master_nodes, master_ids, &
                                                    n_slave_faces, slave_offsets, slave_nodes, slave_ids, tolerance) &
        bind(c, name='fecontact_mpi_add_surface_to_surface')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_master_faces, n_slave_faces
      integer(c_int64_t), intent(in) :: master_offsets(*), master_nodes(*), master_ids(*)
      integer(c_int64_t), intent(in) :: slave_offsets(*), slave_nodes(*), slave_ids(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_mpi_add_surface_to_surface
    end function c_fecontact_mpi_add_surface_to_surface

    function c_fecontact_mpi_add_self_contact(s, n_faces, face_offsets, face_nodes, face_ids, tolerance) &
        bind(c, name='fecontact_mpi_add_self_contact')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_faces
      integer(c_int64_t), intent(in) :: face_offsets(*), face_nodes(*), face_ids(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_mpi_add_self_contact
    end function c_fecontact_mpi_add_self_contact

    function c_fecontact_mpi_set_option(s, interface_index, name, value) bind(c, name='fecontact_mpi_set_option')
      import :: c_ptr, c_int, c_char
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*), value(*)
      integer(c_int) :: c_fecontact_mpi_set_option
    end function c_fecontact_mpi_set_option

    function c_fecontact_mpi_set_option_double(s, interface_index, name, value) &
        bind(c, name='fecontact_mpi_set_option_double')
      import :: c_ptr, c_int, c_char, c_double
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*)
      real(c_double), value :: value
      integer(c_int) :: c_fecontact_mpi_set_option_double
    end function c_fecontact_mpi_set_option_double

    function c_fecontact_mpi_set_option_int(s, interface_index, name, value) bind(c, name='fecontact_mpi_set_option_int')
      import :: c_ptr, c_int, c_char, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*)
      integer(c_int64_t), value :: value
      integer(c_int) :: c_fecontact_mpi_set_option_int
    end function c_fecontact_mpi_set_option_int

    function c_fecontact_mpi_search_step(s, n_nodes, xyz) bind(c, name='fecontact_mpi_search_step')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_mpi_search_step
    end function c_fecontact_mpi_search_step

    function c_fecontact_mpi_accept_step(s) bind(c, name='fecontact_mpi_accept_step')
      import :: c_ptr, c_int
      type(c_ptr), value :: s
      integer(c_int) :: c_fecontact_mpi_accept_step
    end function c_fecontact_mpi_accept_step

    function c_fecontact_mpi_contact_count(s, interface_index) bind(c, name='fecontact_mpi_contact_count')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      integer(c_int64_t) :: c_fecontact_mpi_contact_count
    end function c_fecontact_mpi_contact_count

    function c_fecontact_mpi_get_contacts(s, interface_index, capacity, slave_node, master_face, face_rank, gap, &
                                          normal, point) bind(c, name='fecontact_mpi_get_contacts')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slave_node, master_face, face_rank, gap, normal, point
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_mpi_get_contacts
    end function c_fecontact_mpi_get_contacts

    function c_fecontact_mpi_get_contact_frames(s, interface_index, capacity, local, tangent1, tangent2) &
        bind(c, name='fecontact_mpi_get_contact_frames')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, local, tangent1, tangent2
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_mpi_get_contact_frames
    end function c_fecontact_mpi_get_contact_frames

    function c_fecontact_mpi_get_contact_weights(s, interface_index, capacity, master_nodes, weights) &
        bind(c, name='fecontact_mpi_get_contact_weights')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, master_nodes, weights
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_mpi_get_contact_weights
    end function c_fecontact_mpi_get_contact_weights

    function c_fecontact_mpi_get_contact_slip(s, interface_index, capacity, slip, new_contact) &
        bind(c, name='fecontact_mpi_get_contact_slip')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slip, new_contact
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_mpi_get_contact_slip
    end function c_fecontact_mpi_get_contact_slip

    function c_fecontact_mpi_pair_count(s, interface_index) bind(c, name='fecontact_mpi_pair_count')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      integer(c_int64_t) :: c_fecontact_mpi_pair_count
    end function c_fecontact_mpi_pair_count

    function c_fecontact_mpi_get_pairs(s, interface_index, capacity, slave, master, master_rank, distance) &
        bind(c, name='fecontact_mpi_get_pairs')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slave, master, master_rank, distance
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_mpi_get_pairs
    end function c_fecontact_mpi_get_pairs
  end interface

  ! (s, interface_index, name, value) with value of the option's type, as fecontact_set_option's
  ! (module fecontact): character ('obb', 'on'; leading and trailing blanks ignored), real(c_double)
  ! (0.25d0, 1.0D-2), integer (patch_faces; 1 | 0 for on | off) or logical (.true. | .false.).
  interface fecontact_mpi_set_option
    module procedure set_option_text, set_option_double, set_option_integer, set_option_logical
  end interface fecontact_mpi_set_option

contains

  ! Records a wrapper's own message (a shape the C layer cannot see) and returns -1.
  integer function fail(message)
    character(len=*), intent(in) :: message
    fail = int(c_fecontact_report_error(message // c_null_char))
  end function fail

  ! A search over the ranks of the communicator `comm` (Fortran's handle). Collective; 0 or -1.
  integer function fecontact_mpi_search_new(s, comm) result(status)
    type(fecontact_mpi_search), intent(out) :: s
    integer, intent(in) :: comm
    s%ptr = c_fecontact_mpi_search_new_f(int(comm, c_int))
    status = 0
    if (.not. c_associated(s%ptr)) status = -1
  end function fecontact_mpi_search_new

  ! Collective; before MPI_Finalize.
  subroutine fecontact_mpi_search_free(s)
    type(fecontact_mpi_search), intent(inout) :: s
    call c_fecontact_mpi_search_free(s%ptr)
    s%ptr = c_null_ptr
  end subroutine fecontact_mpi_search_free

  ! Faces of one type, faces(nodes_per_face, n_faces) of 1-based node indices, as C's offsets and
  ! 0-based nodes.
  subroutine faces_as_offsets(faces, offsets, nodes)
    integer, intent(in) :: faces(:,:)
    integer(c_int64_t), allocatable, intent(out) :: offsets(:), nodes(:)
    integer :: f
    allocate(offsets(size(faces, 2) + 1), nodes(size(faces)))
    offsets = [(int(f, c_int64_t) * size(faces, 1), f = 0, size(faces, 2))]
    nodes = reshape(int(faces, c_int64_t) - 1, [size(faces)])
  end subroutine faces_as_offsets

  ! C's interface index (from 0, or -1) counted from 1 (or -1).
  integer function interface_from_c(index)
    integer(c_int), intent(in) :: index
    interface_from_c = -1
    if (index >= 0) interface_from_c = int(index) + 1
  end function interface_from_c

  ! This rank's nodes: node k (from 1) has the global id node_ids(k).
  integer function fecontact_mpi_set_nodes(s, node_ids) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: node_ids(:)
    status = int(c_fecontact_mpi_set_nodes(s%ptr, int(size(node_ids), c_int64_t), int(node_ids, c_int64_t)))
  end function fecontact_mpi_set_nodes

  ! This rank's master faces faces(:, f) with global ids face_ids(f) and its slave nodes (1-based
  ! indices of its nodes): the interface's index (from 1) or -1.
  integer function fecontact_mpi_add_node_to_surface(s, faces, face_ids, slave_nodes, tolerance) result(index)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: faces(:,:), face_ids(:), slave_nodes(:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: offsets(:), nodes(:)
    if (size(face_ids) /= size(faces, 2)) then
      index = fail('fecontact_mpi_add_node_to_surface: one face id per face (column of faces) expected')
      return
    end if
    call faces_as_offsets(faces, offsets, nodes)
    index = interface_from_c(c_fecontact_mpi_add_node_to_surface(s%ptr, int(size(faces, 2), c_int64_t), offsets, &
        nodes, int(face_ids, c_int64_t), int(size(slave_nodes), c_int64_t), int(slave_nodes, c_int64_t) - 1, tolerance))
  end function fecontact_mpi_add_node_to_surface

  integer function fecontact_mpi_add_surface_to_surface(s, master_faces, master_ids, slave_faces, slave_ids, &
                                                        tolerance) result(index)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: master_faces(:,:), master_ids(:), slave_faces(:,:), slave_ids(:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: master_offsets(:), master_nodes(:), slave_offsets(:), slave_nodes(:)
    if (size(master_ids) /= size(master_faces, 2) .or. size(slave_ids) /= size(slave_faces, 2)) then
      index = fail('fecontact_mpi_add_surface_to_surface: one face id per face (column of faces) expected')
      return
    end if
    call faces_as_offsets(master_faces, master_offsets, master_nodes)
    call faces_as_offsets(slave_faces, slave_offsets, slave_nodes)
    index = interface_from_c(c_fecontact_mpi_add_surface_to_surface(s%ptr, int(size(master_faces, 2), c_int64_t), &
        master_offsets, master_nodes, int(master_ids, c_int64_t), int(size(slave_faces, 2), c_int64_t), &
        slave_offsets, slave_nodes, int(slave_ids, c_int64_t), tolerance))
  end function fecontact_mpi_add_surface_to_surface

  integer function fecontact_mpi_add_self_contact(s, faces, face_ids, tolerance) result(index)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: faces(:,:), face_ids(:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: offsets(:), nodes(:)
    if (size(face_ids) /= size(faces, 2)) then
      index = fail('fecontact_mpi_add_self_contact: one face id per face (column of faces) expected')
      return
    end if
    call faces_as_offsets(faces, offsets, nodes)
    index = interface_from_c(c_fecontact_mpi_add_self_contact(s%ptr, int(size(faces, 2), c_int64_t), offsets, nodes, &
        int(face_ids, c_int64_t), tolerance))
  end function fecontact_mpi_add_self_contact

  ! Options of interface_index (from 1) as fecontact_set_option's (module fecontact); no relative tolerance.
  integer function set_option_text(s, interface_index, name, value) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name, value
    status = int(c_fecontact_mpi_set_option(s%ptr, int(interface_index - 1, c_int), trim(adjustl(name)) // c_null_char, &
                                            trim(adjustl(value)) // c_null_char))
  end function set_option_text

  integer function set_option_double(s, interface_index, name, value) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    real(c_double), intent(in) :: value
    status = int(c_fecontact_mpi_set_option_double(s%ptr, int(interface_index - 1, c_int), &
                                                   trim(adjustl(name)) // c_null_char, value))
  end function set_option_double

  integer function set_option_integer(s, interface_index, name, value) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    integer, intent(in) :: value
    status = int(c_fecontact_mpi_set_option_int(s%ptr, int(interface_index - 1, c_int), &
                                                trim(adjustl(name)) // c_null_char, int(value, c_int64_t)))
  end function set_option_integer

  integer function set_option_logical(s, interface_index, name, value) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    logical, intent(in) :: value
    integer :: on
    on = 0
    if (value) on = 1
    status = set_option_integer(s, interface_index, name, on)
  end function set_option_logical

  ! One step at xyz(3, n_nodes) of this rank's nodes. Collective.
  integer function fecontact_mpi_search_step(s, xyz) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    real(c_double), intent(in) :: xyz(:,:)
    ! A wrong shape on one rank must still reach the others' collective: C gets no coordinates
    ! then, and fails on every rank (this rank's message names the count).
    if (size(xyz, 1) /= 3) then
      status = int(c_fecontact_mpi_search_step(s%ptr, -1_c_int64_t, [0d0]))
      return
    end if
    status = int(c_fecontact_mpi_search_step(s%ptr, int(size(xyz, 2), c_int64_t), xyz))
  end function fecontact_mpi_search_step

  integer function fecontact_mpi_accept_step(s) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    status = int(c_fecontact_mpi_accept_step(s%ptr))
  end function fecontact_mpi_accept_step

  ! This rank's node-to-surface contacts of the last step, or -1.
  integer function fecontact_mpi_contact_count(s, interface_index) result(count)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    count = int(c_fecontact_mpi_contact_count(s%ptr, int(interface_index - 1, c_int)))
  end function fecontact_mpi_contact_count

  ! The contacts into arrays of at least fecontact_mpi_contact_count entries (normal, point:
  ! (3, n)), any of them optional: slave_node and master_face global ids, face_rank MPI ranks.
  integer function fecontact_mpi_get_contacts(s, interface_index, slave_node, master_face, face_rank, gap, normal, &
                                              point) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: slave_node(:), master_face(:), face_rank(:)
    real(c_double), intent(out), optional :: gap(:), normal(:,:), point(:,:)
    integer(c_int64_t), allocatable, target :: nodes(:), faces(:)
    integer(c_int), allocatable, target :: ranks(:)
    real(c_double), allocatable, target :: gaps(:), normals(:), points(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_mpi_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (short(slave_node, n) .or. short(master_face, n) .or. short(face_rank, n) .or. short_real(gap, n) .or. &
        short_3(normal, n) .or. short_3(point, n)) then
      status = fail('fecontact_mpi_get_contacts: an output array is smaller than the contact count')
      return
    end if
    allocate(nodes(n + 1), faces(n + 1), ranks(n + 1), gaps(n + 1), normals(3 * n + 1), points(3 * n + 1))
    status = int(c_fecontact_mpi_get_contacts(s%ptr, i, int(n, c_int64_t), c_loc(nodes), c_loc(faces), c_loc(ranks), &
                                              c_loc(gaps), c_loc(normals), c_loc(points)))
    if (status /= 0) return
    if (present(slave_node)) slave_node(1:n) = int(nodes(1:n))
    if (present(master_face)) master_face(1:n) = int(faces(1:n))
    if (present(face_rank)) face_rank(1:n) = int(ranks(1:n))
    if (present(gap)) gap(1:n) = gaps(1:n)
    if (present(normal)) normal(:, 1:n) = reshape(normals(1:3 * n), [3, n])
    if (present(point)) point(:, 1:n) = reshape(points(1:3 * n), [3, n])
  end function fecontact_mpi_get_contacts

  ! The contacts' kinematics, in the order of fecontact_mpi_get_contacts, into arrays of at least
  ! fecontact_mpi_contact_count columns, any of them optional: local(2, n), tangent1(3, n),
  ! tangent2(3, n).
  integer function fecontact_mpi_get_contact_frames(s, interface_index, local, tangent1, tangent2) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    real(c_double), intent(out), optional :: local(:,:), tangent1(:,:), tangent2(:,:)
    real(c_double), allocatable, target :: locals(:), t1(:), t2(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_mpi_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (short_rows(local, 2, n) .or. short_3(tangent1, n) .or. short_3(tangent2, n)) then
      status = fail('fecontact_mpi_get_contact_frames: an output array is smaller than the contact count')
      return
    end if
    allocate(locals(2 * n + 1), t1(3 * n + 1), t2(3 * n + 1))
    status = int(c_fecontact_mpi_get_contact_frames(s%ptr, i, int(n, c_int64_t), c_loc(locals), c_loc(t1), c_loc(t2)))
    if (status /= 0) return
    if (present(local)) local(:, 1:n) = reshape(locals(1:2 * n), [2, n])
    if (present(tangent1)) tangent1(:, 1:n) = reshape(t1(1:3 * n), [3, n])
    if (present(tangent2)) tangent2(:, 1:n) = reshape(t2(1:3 * n), [3, n])
  end function fecontact_mpi_get_contact_frames

  ! master_nodes(9, n): the master face's nodes as global ids, -1 beyond its node count;
  ! weights(9, n): its shape functions at the contact point, 0 beyond.
  integer function fecontact_mpi_get_contact_weights(s, interface_index, master_nodes, weights) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: master_nodes(:,:)
    real(c_double), intent(out), optional :: weights(:,:)
    integer(c_int64_t), allocatable, target :: nodes(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_mpi_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (short_int_rows(master_nodes, 9, n) .or. short_rows(weights, 9, n)) then
      status = fail('fecontact_mpi_get_contact_weights: an output array is smaller than the contact count')
      return
    end if
    allocate(nodes(9 * n + 1), values(9 * n + 1))
    status = int(c_fecontact_mpi_get_contact_weights(s%ptr, i, int(n, c_int64_t), c_loc(nodes), c_loc(values)))
    if (status /= 0) return
    if (present(master_nodes)) master_nodes(:, 1:n) = reshape(int(nodes(1:9 * n)), [9, n])
    if (present(weights)) weights(:, 1:n) = reshape(values(1:9 * n), [9, n])
  end function fecontact_mpi_get_contact_weights

  ! Option "track_slip" "on": slip(3, n) since the accepted step; new_contact(n), .true. where the
  ! node had no contact at the accepted step.
  integer function fecontact_mpi_get_contact_slip(s, interface_index, slip, new_contact) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    real(c_double), intent(out), optional :: slip(:,:)
    logical, intent(out), optional :: new_contact(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int), allocatable, target :: flags(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_mpi_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (short_3(slip, n) .or. short_logical(new_contact, n)) then
      status = fail('fecontact_mpi_get_contact_slip: an output array is smaller than the contact count')
      return
    end if
    allocate(values(3 * n + 1), flags(n + 1))
    ! Called even without contacts: an interface without track_slip is an error.
    status = int(c_fecontact_mpi_get_contact_slip(s%ptr, i, int(n, c_int64_t), c_loc(values), c_loc(flags)))
    if (status /= 0) return
    if (present(slip)) slip(:, 1:n) = reshape(values(1:3 * n), [3, n])
    if (present(new_contact)) new_contact(1:n) = flags(1:n) /= 0
  end function fecontact_mpi_get_contact_slip

  ! This rank's pairs of the last step, or -1.
  integer function fecontact_mpi_pair_count(s, interface_index) result(count)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    count = int(c_fecontact_mpi_pair_count(s%ptr, int(interface_index - 1, c_int)))
  end function fecontact_mpi_pair_count

  ! The pairs into arrays of at least fecontact_mpi_pair_count entries, any of them optional:
  ! slave and master global ids, master_rank MPI ranks.
  integer function fecontact_mpi_get_pairs(s, interface_index, slave, master, master_rank, distance) result(status)
    type(fecontact_mpi_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: slave(:), master(:), master_rank(:)
    real(c_double), intent(out), optional :: distance(:)
    integer(c_int64_t), allocatable, target :: slaves(:), masters(:)
    integer(c_int), allocatable, target :: ranks(:)
    real(c_double), allocatable, target :: distances(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_mpi_pair_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (short(slave, n) .or. short(master, n) .or. short(master_rank, n) .or. short_real(distance, n)) then
      status = fail('fecontact_mpi_get_pairs: an output array is smaller than the pair count')
      return
    end if
    allocate(slaves(n + 1), masters(n + 1), ranks(n + 1), distances(n + 1))
    status = int(c_fecontact_mpi_get_pairs(s%ptr, i, int(n, c_int64_t), c_loc(slaves), c_loc(masters), c_loc(ranks), &
                                           c_loc(distances)))
    if (status /= 0) return
    if (present(slave)) slave(1:n) = int(slaves(1:n))
    if (present(master)) master(1:n) = int(masters(1:n))
    if (present(master_rank)) master_rank(1:n) = int(ranks(1:n))
    if (present(distance)) distance(1:n) = distances(1:n)
  end function fecontact_mpi_get_pairs

  ! An optional output array present and shorter than n.
  logical function short(a, n)
    integer, intent(in), optional :: a(:)
    integer, intent(in) :: n
    short = .false.
    if (present(a)) short = size(a) < n
  end function short

  logical function short_real(a, n)
    real(c_double), intent(in), optional :: a(:)
    integer, intent(in) :: n
    short_real = .false.
    if (present(a)) short_real = size(a) < n
  end function short_real

  logical function short_logical(a, n)
    logical, intent(in), optional :: a(:)
    integer, intent(in) :: n
    short_logical = .false.
    if (present(a)) short_logical = size(a) < n
  end function short_logical

  ! An optional output array a(rows, :) present with another row count or fewer than n columns.
  logical function short_rows(a, rows, n)
    real(c_double), intent(in), optional :: a(:,:)
    integer, intent(in) :: rows, n
    short_rows = .false.
    if (present(a)) short_rows = size(a, 1) /= rows .or. size(a, 2) < n
  end function short_rows

  logical function short_int_rows(a, rows, n)
    integer, intent(in), optional :: a(:,:)
    integer, intent(in) :: rows, n
    short_int_rows = .false.
    if (present(a)) short_int_rows = size(a, 1) /= rows .or. size(a, 2) < n
  end function short_int_rows

  logical function short_3(a, n)
    real(c_double), intent(in), optional :: a(:,:)
    integer, intent(in) :: n
    short_3 = short_rows(a, 3, n)
  end function short_3
end module fecontact_mpi
