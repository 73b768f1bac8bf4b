! SPDX-License-Identifier: BSD-3-Clause
! fecontact for Fortran 2003: the module `fecontact` binds fecontact's C interface (fecontact.h)
! with iso_c_binding. Compile this file with your own compiler and link libfecontact_capi:
!   gfortran -c fecontact.f90 && gfortran my_solver.f90 fecontact.o -lfecontact_capi
!
! Two layers:
! - c_fecontact_* are the C functions as they are (0-based indices, integer(c_int64_t) arrays,
!   type(c_ptr) for outputs that may be NULL), for callers that want no copy at all.
! - fecontact_* (the C names) are thin wrappers in Fortran's terms: assumed-shape arrays of
!   default integers and real(c_double), indices counted from 1 (nodes, faces, elements,
!   interfaces, and offsets: face f has the nodes face_nodes(face_offsets(f):face_offsets(f+1)-1),
!   face_offsets(1) = 1), coordinates as xyz(3, n_nodes), matrices as a(3, 3). Faces of one
!   type may also be given as faces(nodes_per_face, n_faces). They return 0 (or an interface's
!   index, from 1) on success and -1 on failure; fecontact_last_error() says why. Messages of the
!   C layer name its arguments with 0-based positions and values.
! The wrappers copy index arrays (adding or removing 1) and the results they are asked for;
! fecontact_search_step passes xyz to C without a copy when it is contiguous.
module fecontact
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_int64_t, c_null_char, c_null_ptr, &
                                         c_ptr, c_size_t, c_associated, c_f_pointer, c_loc
  implicit none
  private

  ! Element types of fecontact_mass_properties (fecontact.h: enum fecontact_element_type).
  integer, parameter, public :: FECONTACT_TET4 = 0, FECONTACT_TET10 = 1, FECONTACT_HEX8 = 2, &
                                FECONTACT_HEX20 = 3, FECONTACT_HEX27 = 4, FECONTACT_WEDGE6 = 5, &
                                FECONTACT_WEDGE15 = 6, FECONTACT_PYRAMID5 = 7

  ! A search object; null until fecontact_search_new, again after fecontact_search_free.
  type, public :: fecontact_search
    type(c_ptr) :: ptr = c_null_ptr
  end type fecontact_search

  ! A mortar object (fecontact.h: fecontact_mortar); null until fecontact_mortar_new.
  type, public :: fecontact_mortar
    type(c_ptr) :: ptr = c_null_ptr
  end type fecontact_mortar

  ! A closest-face search (fecontact.h: fecontact_closest_face_search); null until
  ! fecontact_closest_face_search_new.
  type, public :: fecontact_closest_face_search
    type(c_ptr) :: ptr = c_null_ptr
  end type fecontact_closest_face_search

  ! Multiplier bases of fecontact_mortar_step (fecontact.h: enum fecontact_mortar_basis).
  integer, parameter, public :: FECONTACT_MORTAR_STANDARD = 0, FECONTACT_MORTAR_DUAL = 1

  public :: c_fecontact_last_error, c_fecontact_report_error, c_fecontact_search_new, c_fecontact_search_free
  public :: c_fecontact_add_node_to_surface, c_fecontact_add_surface_to_surface, c_fecontact_add_self_contact
  public :: c_fecontact_set_option, c_fecontact_set_option_double, c_fecontact_set_option_int
  public :: c_fecontact_search_step, c_fecontact_search_step_swept, c_fecontact_get_predicted_contacts
  public :: c_fecontact_get_predicted_pair_distances, c_fecontact_contact_count, c_fecontact_get_contacts
  public :: c_fecontact_pair_count, c_fecontact_get_pairs, c_fecontact_mass_properties, c_fecontact_fit_aabb
  public :: c_fecontact_fit_obb, c_fecontact_eigen_symmetric3, c_fecontact_get_contact_frames
  public :: c_fecontact_get_contact_weights, c_fecontact_get_contact_slip, c_fecontact_accept_step

  public :: fecontact_last_error, fecontact_search_new, fecontact_search_free, fecontact_add_node_to_surface
  public :: fecontact_add_surface_to_surface, fecontact_add_self_contact, fecontact_set_option
  public :: fecontact_search_step, fecontact_search_step_swept, fecontact_get_predicted_contacts
  public :: fecontact_get_predicted_pair_distances, fecontact_contact_count, fecontact_get_contacts, fecontact_pair_count
  public :: fecontact_get_pairs, fecontact_mass_properties, fecontact_fit_aabb, fecontact_fit_obb
  public :: fecontact_eigen_symmetric3, fecontact_get_contact_frames, fecontact_get_contact_weights
  public :: fecontact_get_contact_slip, fecontact_accept_step
  public :: fecontact_mortar_new, fecontact_mortar_free, fecontact_mortar_step, fecontact_mortar_counts
  public :: fecontact_get_mortar_matrices, fecontact_get_weighted_gaps, fecontact_get_gap_jacobian
  public :: fecontact_get_gap_hessian
  public :: fecontact_mortar_accept_step, fecontact_get_weighted_slip, fecontact_get_slip_jacobian
  public :: fecontact_get_matrix_jacobians, fecontact_get_mortar_cells, fecontact_get_mortar_points
  public :: fecontact_get_uncovered_slave_nodes, fecontact_get_slave_transformation
  public :: c_fecontact_closest_face_search_new, c_fecontact_closest_face_search_free
  public :: c_fecontact_closest_face_search_update, c_fecontact_find_closest_faces
  public :: fecontact_closest_face_search_new, fecontact_closest_face_search_free
  public :: fecontact_closest_face_search_update, fecontact_find_closest_faces

  ! ---- The C functions ---------------------------------------------------------------------
  interface
    function c_fecontact_last_error() bind(c, name='fecontact_last_error')
      import :: c_ptr
      type(c_ptr) :: c_fecontact_last_error
    end function c_fecontact_last_error

    function c_fecontact_report_error(message) bind(c, name='fecontact_report_error')
      import :: c_char, c_int
      character(kind=c_char), intent(in) :: message(*)
      integer(c_int) :: c_fecontact_report_error
    end function c_fecontact_report_error

    function c_fecontact_search_new() bind(c, name='fecontact_search_new')
      import :: c_ptr
      type(c_ptr) :: c_fecontact_search_new
    end function c_fecontact_search_new

    subroutine c_fecontact_search_free(s) bind(c, name='fecontact_search_free')
      import :: c_ptr
      type(c_ptr), value :: s
    end subroutine c_fecontact_search_free

    function c_fecontact_add_node_to_surface(s, n_faces, face_offsets, face_nodes, n_slave_nodes, slave_nodes, &
                                             tolerance) bind(c, name='fecontact_add_node_to_surface')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_faces, n_slave_nodes
      integer(c_int64_t), intent(in) :: face_offsets(*), face_nodes(*), slave_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_add_node_to_surface
    end function c_fecontact_add_node_to_surface

    function c_fecontact_add_surface_to_surface(s, n_master_faces, master_offsets, master_nodes, n_slave_faces, &
                                                slave_offsets, slave_nodes, tolerance) &
        bind(c, name='fecontact_add_surface_to_surface')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_master_faces, n_slave_faces
      integer(c_int64_t), intent(in) :: master_offsets(*), master_nodes(*), slave_offsets(*), slave_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_add_surface_to_surface
    end function c_fecontact_add_surface_to_surface

    function c_fecontact_add_self_contact(s, n_faces, face_offsets, face_nodes, tolerance) &
        bind(c, name='fecontact_add_self_contact')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_faces
      integer(c_int64_t), intent(in) :: face_offsets(*), face_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int) :: c_fecontact_add_self_contact
    end function c_fecontact_add_self_contact

    function c_fecontact_set_option(s, interface_index, name, value) bind(c, name='fecontact_set_option')
      import :: c_ptr, c_int, c_char
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*), value(*)
      integer(c_int) :: c_fecontact_set_option
    end function c_fecontact_set_option

    function c_fecontact_set_option_double(s, interface_index, name, value) bind(c, name='fecontact_set_option_double')
      import :: c_ptr, c_int, c_char, c_double
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*)
      real(c_double), value :: value
      integer(c_int) :: c_fecontact_set_option_double
    end function c_fecontact_set_option_double

    function c_fecontact_set_option_int(s, interface_index, name, value) bind(c, name='fecontact_set_option_int')
      import :: c_ptr, c_int, c_char, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      character(kind=c_char), intent(in) :: name(*)
      integer(c_int64_t), value :: value
      integer(c_int) :: c_fecontact_set_option_int
    end function c_fecontact_set_option_int

    function c_fecontact_search_step(s, n_nodes, xyz) bind(c, name='fecontact_search_step')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_search_step
    end function c_fecontact_search_step

    function c_fecontact_search_step_swept(s, n_nodes, current, predicted) bind(c, name='fecontact_search_step_swept')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: s
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: current(*), predicted(*)
      integer(c_int) :: c_fecontact_search_step_swept
    end function c_fecontact_search_step_swept

    function c_fecontact_get_predicted_contacts(s, interface_index, capacity, slave_node, master_face, gap, normal, &
                                                point) bind(c, name='fecontact_get_predicted_contacts')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slave_node, master_face, gap, normal, point
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_predicted_contacts
    end function c_fecontact_get_predicted_contacts

    function c_fecontact_get_predicted_pair_distances(s, interface_index, capacity, distance) &
        bind(c, name='fecontact_get_predicted_pair_distances')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, distance
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_predicted_pair_distances
    end function c_fecontact_get_predicted_pair_distances

    function c_fecontact_accept_step(s) bind(c, name='fecontact_accept_step')
      import :: c_ptr, c_int
      type(c_ptr), value :: s
      integer(c_int) :: c_fecontact_accept_step
    end function c_fecontact_accept_step

    function c_fecontact_mortar_new() bind(c, name='fecontact_mortar_new')
      import :: c_ptr
      type(c_ptr) :: c_fecontact_mortar_new
    end function c_fecontact_mortar_new

    subroutine c_fecontact_mortar_free(m) bind(c, name='fecontact_mortar_free')
      import :: c_ptr
      type(c_ptr), value :: m
    end subroutine c_fecontact_mortar_free

    function c_fecontact_mortar_step(m, s, interface_index, n_nodes, xyz, basis) bind(c, name='fecontact_mortar_step')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: m, s
      integer(c_int), value :: interface_index, basis
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_mortar_step
    end function c_fecontact_mortar_step

    function c_fecontact_mortar_step_with_jacobian(m, s, interface_index, n_nodes, xyz, basis) &
        bind(c, name='fecontact_mortar_step_with_jacobian')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: m, s
      integer(c_int), value :: interface_index, basis
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_mortar_step_with_jacobian
    end function c_fecontact_mortar_step_with_jacobian

    function c_fecontact_mortar_step_with_hessian(m, s, interface_index, n_nodes, xyz, basis, n_multipliers, &
                                                  multipliers) bind(c, name='fecontact_mortar_step_with_hessian')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: m, s
      integer(c_int), value :: interface_index, basis
      integer(c_int64_t), value :: n_nodes, n_multipliers
      real(c_double), intent(in) :: xyz(*), multipliers(*)
      integer(c_int) :: c_fecontact_mortar_step_with_hessian
    end function c_fecontact_mortar_step_with_hessian

    function c_fecontact_gap_hessian_count(m) bind(c, name='fecontact_gap_hessian_count')
      import :: c_ptr, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t) :: c_fecontact_gap_hessian_count
    end function c_fecontact_gap_hessian_count

    function c_fecontact_get_gap_hessian(m, capacity, row_offsets, columns, values) &
        bind(c, name='fecontact_get_gap_hessian')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, row_offsets, columns, values
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_gap_hessian
    end function c_fecontact_get_gap_hessian

    function c_fecontact_mortar_counts(m, n_cells, n_d_entries, n_m_entries, n_slave_nodes, n_uncovered, &
                                       n_dropped_slivers) bind(c, name='fecontact_mortar_counts')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t), intent(out) :: n_cells, n_d_entries, n_m_entries, n_slave_nodes, n_uncovered, &
                                         n_dropped_slivers
      integer(c_int) :: c_fecontact_mortar_counts
    end function c_fecontact_mortar_counts

    function c_fecontact_get_mortar_matrices(m, d_capacity, d_rows, d_columns, d_values, m_capacity, m_rows, &
                                             m_columns, m_values) bind(c, name='fecontact_get_mortar_matrices')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, d_rows, d_columns, d_values, m_rows, m_columns, m_values
      integer(c_int64_t), value :: d_capacity, m_capacity
      integer(c_int) :: c_fecontact_get_mortar_matrices
    end function c_fecontact_get_mortar_matrices

    function c_fecontact_get_weighted_gaps(m, capacity, slave_node, weighted_gap, normal, coverage) &
        bind(c, name='fecontact_get_weighted_gaps')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, slave_node, weighted_gap, normal, coverage
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_weighted_gaps
    end function c_fecontact_get_weighted_gaps

    function c_fecontact_gap_jacobian_count(m) bind(c, name='fecontact_gap_jacobian_count')
      import :: c_ptr, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t) :: c_fecontact_gap_jacobian_count
    end function c_fecontact_gap_jacobian_count

    function c_fecontact_get_gap_jacobian(m, capacity, row_offsets, columns, values) &
        bind(c, name='fecontact_get_gap_jacobian')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, row_offsets, columns, values
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_gap_jacobian
    end function c_fecontact_get_gap_jacobian

    function c_fecontact_get_mortar_cells(m, capacity, slave_face, master_face, vertices) &
        bind(c, name='fecontact_get_mortar_cells')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, slave_face, master_face, vertices
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_mortar_cells
    end function c_fecontact_get_mortar_cells

    function c_fecontact_get_mortar_points(m, capacity, slave_local, master_local, weight) &
        bind(c, name='fecontact_get_mortar_points')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, slave_local, master_local, weight
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_mortar_points
    end function c_fecontact_get_mortar_points

    function c_fecontact_get_uncovered_slave_nodes(m, capacity, nodes) bind(c, name='fecontact_get_uncovered_slave_nodes')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, nodes
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_uncovered_slave_nodes
    end function c_fecontact_get_uncovered_slave_nodes

    function c_fecontact_slave_transformation_count(m) bind(c, name='fecontact_slave_transformation_count')
      import :: c_ptr, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t) :: c_fecontact_slave_transformation_count
    end function c_fecontact_slave_transformation_count

    function c_fecontact_get_slave_transformation(m, capacity, rows, columns, values) &
        bind(c, name='fecontact_get_slave_transformation')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, rows, columns, values
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_slave_transformation
    end function c_fecontact_get_slave_transformation

    function c_fecontact_mortar_step_with_matrix_jacobians(m, s, interface_index, n_nodes, xyz, basis) &
        bind(c, name='fecontact_mortar_step_with_matrix_jacobians')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: m, s
      integer(c_int), value :: interface_index, basis
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_mortar_step_with_matrix_jacobians
    end function c_fecontact_mortar_step_with_matrix_jacobians

    function c_fecontact_matrix_jacobian_counts(m, n_d_entries, n_m_entries) &
        bind(c, name='fecontact_matrix_jacobian_counts')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t), intent(out) :: n_d_entries, n_m_entries
      integer(c_int) :: c_fecontact_matrix_jacobian_counts
    end function c_fecontact_matrix_jacobian_counts

    function c_fecontact_get_matrix_jacobians(m, d_capacity, d_row_offsets, d_columns, d_values, m_capacity, &
                                              m_row_offsets, m_columns, m_values) &
        bind(c, name='fecontact_get_matrix_jacobians')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, d_row_offsets, d_columns, d_values, m_row_offsets, m_columns, m_values
      integer(c_int64_t), value :: d_capacity, m_capacity
      integer(c_int) :: c_fecontact_get_matrix_jacobians
    end function c_fecontact_get_matrix_jacobians

    function c_fecontact_mortar_accept_step(m) bind(c, name='fecontact_mortar_accept_step')
      import :: c_ptr, c_int
      type(c_ptr), value :: m
      integer(c_int) :: c_fecontact_mortar_accept_step
    end function c_fecontact_mortar_accept_step

    function c_fecontact_get_weighted_slip(m, capacity, tangents, slip) bind(c, name='fecontact_get_weighted_slip')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, tangents, slip
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_weighted_slip
    end function c_fecontact_get_weighted_slip

    function c_fecontact_slip_jacobian_count(m) bind(c, name='fecontact_slip_jacobian_count')
      import :: c_ptr, c_int64_t
      type(c_ptr), value :: m
      integer(c_int64_t) :: c_fecontact_slip_jacobian_count
    end function c_fecontact_slip_jacobian_count

    function c_fecontact_get_slip_jacobian(m, capacity, row_offsets, columns, values) &
        bind(c, name='fecontact_get_slip_jacobian')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: m, row_offsets, columns, values
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_slip_jacobian
    end function c_fecontact_get_slip_jacobian

    function c_fecontact_contact_count(s, interface_index) bind(c, name='fecontact_contact_count')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      integer(c_int64_t) :: c_fecontact_contact_count
    end function c_fecontact_contact_count

    function c_fecontact_get_contacts(s, interface_index, capacity, slave_node, master_face, gap, normal, point) &
        bind(c, name='fecontact_get_contacts')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slave_node, master_face, gap, normal, point
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_contacts
    end function c_fecontact_get_contacts

    function c_fecontact_get_contact_frames(s, interface_index, capacity, local, tangent1, tangent2) &
        bind(c, name='fecontact_get_contact_frames')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, local, tangent1, tangent2
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_contact_frames
    end function c_fecontact_get_contact_frames

    function c_fecontact_get_contact_weights(s, interface_index, capacity, master_nodes, weights) &
        bind(c, name='fecontact_get_contact_weights')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, master_nodes, weights
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_contact_weights
    end function c_fecontact_get_contact_weights

    function c_fecontact_get_contact_slip(s, interface_index, capacity, slip, new_contact) &
        bind(c, name='fecontact_get_contact_slip')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slip, new_contact
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_contact_slip
    end function c_fecontact_get_contact_slip

    function c_fecontact_pair_count(s, interface_index) bind(c, name='fecontact_pair_count')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s
      integer(c_int), value :: interface_index
      integer(c_int64_t) :: c_fecontact_pair_count
    end function c_fecontact_pair_count

    function c_fecontact_get_pairs(s, interface_index, capacity, slave_face, master_face, distance) &
        bind(c, name='fecontact_get_pairs')
      import :: c_ptr, c_int, c_int64_t
      type(c_ptr), value :: s, slave_face, master_face, distance
      integer(c_int), value :: interface_index
      integer(c_int64_t), value :: capacity
      integer(c_int) :: c_fecontact_get_pairs
    end function c_fecontact_get_pairs

    function c_fecontact_mass_properties(n_elements, element_types, element_offsets, element_nodes, densities, &
                                         n_nodes, xyz, volume, mass, center_of_mass, inertia) &
        bind(c, name='fecontact_mass_properties')
      import :: c_ptr, c_int, c_int64_t, c_double
      integer(c_int64_t), value :: n_elements, n_nodes
      integer(c_int), intent(in) :: element_types(*)
      integer(c_int64_t), intent(in) :: element_offsets(*), element_nodes(*)
      type(c_ptr), value :: densities
      real(c_double), intent(in) :: xyz(*)
      real(c_double), intent(out) :: volume, mass, center_of_mass(3), inertia(9)
      integer(c_int) :: c_fecontact_mass_properties
    end function c_fecontact_mass_properties

    function c_fecontact_closest_face_search_new(n_faces, face_offsets, face_nodes) &
        bind(c, name='fecontact_closest_face_search_new')
      import :: c_ptr, c_int64_t
      integer(c_int64_t), value :: n_faces
      integer(c_int64_t), intent(in) :: face_offsets(*), face_nodes(*)
      type(c_ptr) :: c_fecontact_closest_face_search_new
    end function c_fecontact_closest_face_search_new

    subroutine c_fecontact_closest_face_search_free(c) bind(c, name='fecontact_closest_face_search_free')
      import :: c_ptr
      type(c_ptr), value :: c
    end subroutine c_fecontact_closest_face_search_free

    function c_fecontact_closest_face_search_update(c, n_nodes, xyz) bind(c, name='fecontact_closest_face_search_update')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: c
      integer(c_int64_t), value :: n_nodes
      real(c_double), intent(in) :: xyz(*)
      integer(c_int) :: c_fecontact_closest_face_search_update
    end function c_fecontact_closest_face_search_update

    function c_fecontact_find_closest_faces(c, n_points, points, max_distance, tie_distance, face, distance, point, &
                                            local) bind(c, name='fecontact_find_closest_faces')
      import :: c_ptr, c_int, c_int64_t, c_double
      type(c_ptr), value :: c, face, distance, point, local
      integer(c_int64_t), value :: n_points
      real(c_double), intent(in) :: points(*)
      real(c_double), value :: max_distance, tie_distance
      integer(c_int) :: c_fecontact_find_closest_faces
    end function c_fecontact_find_closest_faces

    function c_fecontact_fit_aabb(n_points, xyz, min, max) bind(c, name='fecontact_fit_aabb')
      import :: c_int, c_int64_t, c_double
      integer(c_int64_t), value :: n_points
      real(c_double), intent(in) :: xyz(*)
      real(c_double), intent(out) :: min(3), max(3)
      integer(c_int) :: c_fecontact_fit_aabb
    end function c_fecontact_fit_aabb

    function c_fecontact_fit_obb(n_points, xyz, center, axes, half_extents) bind(c, name='fecontact_fit_obb')
      import :: c_int, c_int64_t, c_double
      integer(c_int64_t), value :: n_points
      real(c_double), intent(in) :: xyz(*)
      real(c_double), intent(out) :: center(3), axes(9), half_extents(3)
      integer(c_int) :: c_fecontact_fit_obb
    end function c_fecontact_fit_obb

    function c_fecontact_eigen_symmetric3(a, values, vectors) bind(c, name='fecontact_eigen_symmetric3')
      import :: c_int, c_double
      real(c_double), intent(in) :: a(9)
      real(c_double), intent(out) :: values(3), vectors(9)
      integer(c_int) :: c_fecontact_eigen_symmetric3
    end function c_fecontact_eigen_symmetric3

    function c_strlen(s) bind(c, name='strlen')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: s
      integer(c_size_t) :: c_strlen
    end function c_strlen
  end interface

  ! ---- Fortran wrappers with two forms of faces or elements --------------------------------
  ! (s, face_offsets(:), face_nodes(:), slave_nodes(:), tolerance) or
  ! (s, faces(:,:), slave_nodes(:), tolerance): the interface's index (from 1) or -1.
  interface fecontact_add_node_to_surface
    module procedure add_node_to_surface_offsets, add_node_to_surface_faces
  end interface fecontact_add_node_to_surface
  ! (s, master_offsets(:), master_nodes(:), slave_offsets(:), slave_nodes(:), tolerance) or
  ! (s, master_faces(:,:), slave_faces(:,:), tolerance).
  interface fecontact_add_surface_to_surface
    module procedure add_surface_to_surface_offsets, add_surface_to_surface_faces
  end interface fecontact_add_surface_to_surface
  ! (s, face_offsets(:), face_nodes(:), tolerance) or (s, faces(:,:), tolerance).
  interface fecontact_add_self_contact
    module procedure add_self_contact_offsets, add_self_contact_faces
  end interface fecontact_add_self_contact
  ! (s, interface_index, name, value) with value of the option's type (fecontact.h): character
  ! ('obb', 'on'; leading and trailing blanks ignored), real(c_double) (0.25d0, 1.0D-2), integer
  ! (patch_faces; 1 | 0 for on | off) or logical (.true. | .false. for on | off).
  interface fecontact_set_option
    module procedure set_option_text, set_option_double, set_option_integer, set_option_logical
  end interface fecontact_set_option
  ! (c, face_offsets(:), face_nodes(:)) or (c, faces(:,:)): 0 or -1.
  interface fecontact_closest_face_search_new
    module procedure closest_face_search_new_offsets, closest_face_search_new_faces
  end interface fecontact_closest_face_search_new
  ! (element_types(:), element_offsets(:), element_nodes(:), xyz(:,:), volume, mass,
  !  center_of_mass(3), inertia(3,3) [, densities(:)]) or
  ! (element_type, connectivity(:,:), xyz(:,:), volume, mass, center_of_mass, inertia [, densities]).
  interface fecontact_mass_properties
    module procedure mass_properties_offsets, mass_properties_connectivity
  end interface fecontact_mass_properties

contains

  ! The message of the last failed call on this thread ('' before any).
  function fecontact_last_error() result(message)
    character(len=:), allocatable :: message
    type(c_ptr) :: p
    character(kind=c_char), pointer :: chars(:)
    integer :: n, k
    p = c_fecontact_last_error()
    n = 0
    if (c_associated(p)) n = int(c_strlen(p))
    allocate(character(len=n) :: message)
    if (n == 0) return
    call c_f_pointer(p, chars, [n])
    do k = 1, n
      message(k:k) = chars(k)
    end do
  end function fecontact_last_error

  ! Records a wrapper's own message (a shape the C layer cannot see) and returns -1.
  integer function fail(message)
    character(len=*), intent(in) :: message
    fail = int(c_fecontact_report_error(message // c_null_char))
  end function fail

  integer function fecontact_search_new(s) result(status)
    type(fecontact_search), intent(out) :: s
    s%ptr = c_fecontact_search_new()
    status = 0
    if (.not. c_associated(s%ptr)) status = -1
  end function fecontact_search_new

  subroutine fecontact_search_free(s)
    type(fecontact_search), intent(inout) :: s
    call c_fecontact_search_free(s%ptr)
    s%ptr = c_null_ptr
  end subroutine fecontact_search_free

  ! 1-based offsets and indices as C's 0-based ones.
  function from_one(values) result(c)
    integer, intent(in) :: values(:)
    integer(c_int64_t) :: c(size(values))
    c = int(values, c_int64_t) - 1
  end function from_one

  ! Faces of one type, faces(nodes_per_face, n_faces), as C's offsets and 0-based nodes.
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

  integer function add_node_to_surface_offsets(s, face_offsets, face_nodes, slave_nodes, tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: face_offsets(:), face_nodes(:), slave_nodes(:)
    real(c_double), intent(in) :: tolerance
    if (size(face_offsets) < 1) then
      index = fail('fecontact_add_node_to_surface: face_offsets is empty (n_faces + 1 entries expected)')
      return
    end if
    index = interface_from_c(c_fecontact_add_node_to_surface(s%ptr, int(size(face_offsets) - 1, c_int64_t), &
        from_one(face_offsets), from_one(face_nodes), int(size(slave_nodes), c_int64_t), from_one(slave_nodes), &
        tolerance))
  end function add_node_to_surface_offsets

  integer function add_node_to_surface_faces(s, faces, slave_nodes, tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: faces(:,:), slave_nodes(:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: offsets(:), nodes(:)
    call faces_as_offsets(faces, offsets, nodes)
    index = interface_from_c(c_fecontact_add_node_to_surface(s%ptr, int(size(faces, 2), c_int64_t), offsets, nodes, &
        int(size(slave_nodes), c_int64_t), from_one(slave_nodes), tolerance))
  end function add_node_to_surface_faces

  integer function add_surface_to_surface_offsets(s, master_offsets, master_nodes, slave_offsets, slave_nodes, &
                                                  tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: master_offsets(:), master_nodes(:), slave_offsets(:), slave_nodes(:)
    real(c_double), intent(in) :: tolerance
    if (size(master_offsets) < 1 .or. size(slave_offsets) < 1) then
      index = fail('fecontact_add_surface_to_surface: master_offsets or slave_offsets is empty')
      return
    end if
    index = interface_from_c(c_fecontact_add_surface_to_surface(s%ptr, int(size(master_offsets) - 1, c_int64_t), &
        from_one(master_offsets), from_one(master_nodes), int(size(slave_offsets) - 1, c_int64_t), &
        from_one(slave_offsets), from_one(slave_nodes), tolerance))
  end function add_surface_to_surface_offsets

  integer function add_surface_to_surface_faces(s, master_faces, slave_faces, tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: master_faces(:,:), slave_faces(:,:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: master_offsets(:), master_nodes(:), slave_offsets(:), slave_nodes(:)
    call faces_as_offsets(master_faces, master_offsets, master_nodes)
    call faces_as_offsets(slave_faces, slave_offsets, slave_nodes)
    index = interface_from_c(c_fecontact_add_surface_to_surface(s%ptr, int(size(master_faces, 2), c_int64_t), &
        master_offsets, master_nodes, int(size(slave_faces, 2), c_int64_t), slave_offsets, slave_nodes, tolerance))
  end function add_surface_to_surface_faces

  integer function add_self_contact_offsets(s, face_offsets, face_nodes, tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: face_offsets(:), face_nodes(:)
    real(c_double), intent(in) :: tolerance
    if (size(face_offsets) < 1) then
      index = fail('fecontact_add_self_contact: face_offsets is empty (n_faces + 1 entries expected)')
      return
    end if
    index = interface_from_c(c_fecontact_add_self_contact(s%ptr, int(size(face_offsets) - 1, c_int64_t), &
        from_one(face_offsets), from_one(face_nodes), tolerance))
  end function add_self_contact_offsets

  integer function add_self_contact_faces(s, faces, tolerance) result(index)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: faces(:,:)
    real(c_double), intent(in) :: tolerance
    integer(c_int64_t), allocatable :: offsets(:), nodes(:)
    call faces_as_offsets(faces, offsets, nodes)
    index = interface_from_c(c_fecontact_add_self_contact(s%ptr, int(size(faces, 2), c_int64_t), offsets, nodes, &
        tolerance))
  end function add_self_contact_faces

  ! Options of interface_index (from 1) as in fecontact.h: names, numbers, integers, on | off.
  integer function set_option_text(s, interface_index, name, value) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name, value
    status = int(c_fecontact_set_option(s%ptr, int(interface_index - 1, c_int), trim(adjustl(name)) // c_null_char, &
                                        trim(adjustl(value)) // c_null_char))
  end function set_option_text

  integer function set_option_double(s, interface_index, name, value) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    real(c_double), intent(in) :: value
    status = int(c_fecontact_set_option_double(s%ptr, int(interface_index - 1, c_int), &
                                               trim(adjustl(name)) // c_null_char, value))
  end function set_option_double

  integer function set_option_integer(s, interface_index, name, value) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    integer, intent(in) :: value
    status = int(c_fecontact_set_option_int(s%ptr, int(interface_index - 1, c_int), &
                                            trim(adjustl(name)) // c_null_char, int(value, c_int64_t)))
  end function set_option_integer

  integer function set_option_logical(s, interface_index, name, value) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    character(len=*), intent(in) :: name
    logical, intent(in) :: value
    integer :: on
    on = 0
    if (value) on = 1
    status = set_option_integer(s, interface_index, name, on)
  end function set_option_logical

  ! One step at xyz(3, n_nodes).
  integer function fecontact_search_step(s, xyz) result(status)
    type(fecontact_search), intent(in) :: s
    real(c_double), intent(in) :: xyz(:,:)
    if (size(xyz, 1) /= 3) then
      status = fail('fecontact_search_step: xyz must be xyz(3, n_nodes)')
      return
    end if
    status = int(c_fecontact_search_step(s%ptr, int(size(xyz, 2), c_int64_t), xyz))
  end function fecontact_search_step

  ! The two-configuration (swept) step from current(3, n_nodes) to predicted(3, n_nodes): a node
  ! that passes through a face during the step is found (fecontact.h). Results at current as
  ! after fecontact_search_step, and at predicted from the two getters below.
  integer function fecontact_search_step_swept(s, current, predicted) result(status)
    type(fecontact_search), intent(in) :: s
    real(c_double), intent(in) :: current(:,:), predicted(:,:)
    if (size(current, 1) /= 3 .or. any(shape(predicted) /= shape(current))) then
      status = fail('fecontact_search_step_swept: current and predicted must be xyz(3, n_nodes)')
      return
    end if
    status = int(c_fecontact_search_step_swept(s%ptr, int(size(current, 2), c_int64_t), current, predicted))
  end function fecontact_search_step_swept

  ! The last step's configuration becomes the accepted one: slip and new_contact are measured from
  ! it until the next accept (fecontact.h). Call it once a step has converged; 0 or -1.
  integer function fecontact_accept_step(s) result(status)
    type(fecontact_search), intent(in) :: s
    status = int(c_fecontact_accept_step(s%ptr))
  end function fecontact_accept_step

  ! ---- Closest faces (fecontact.h: fecontact_closest_face_search_*) --------------------------

  integer function closest_face_search_new_offsets(c, face_offsets, face_nodes) result(status)
    type(fecontact_closest_face_search), intent(out) :: c
    integer, intent(in) :: face_offsets(:), face_nodes(:)
    if (size(face_offsets) < 1) then
      status = fail('fecontact_closest_face_search_new: face_offsets is empty (n_faces + 1 entries expected)')
      return
    end if
    c%ptr = c_fecontact_closest_face_search_new(int(size(face_offsets) - 1, c_int64_t), from_one(face_offsets), &
                                                from_one(face_nodes))
    status = 0
    if (.not. c_associated(c%ptr)) status = -1
  end function closest_face_search_new_offsets

  integer function closest_face_search_new_faces(c, faces) result(status)
    type(fecontact_closest_face_search), intent(out) :: c
    integer, intent(in) :: faces(:,:)
    integer(c_int64_t), allocatable :: offsets(:), nodes(:)
    call faces_as_offsets(faces, offsets, nodes)
    c%ptr = c_fecontact_closest_face_search_new(int(size(faces, 2), c_int64_t), offsets, nodes)
    status = 0
    if (.not. c_associated(c%ptr)) status = -1
  end function closest_face_search_new_faces

  subroutine fecontact_closest_face_search_free(c)
    type(fecontact_closest_face_search), intent(inout) :: c
    call c_fecontact_closest_face_search_free(c%ptr)
    c%ptr = c_null_ptr
  end subroutine fecontact_closest_face_search_free

  ! Moves the surface to xyz(3, n_nodes); 0 or -1.
  integer function fecontact_closest_face_search_update(c, xyz) result(status)
    type(fecontact_closest_face_search), intent(in) :: c
    real(c_double), intent(in) :: xyz(:,:)
    if (size(xyz, 1) /= 3) then
      status = fail('fecontact_closest_face_search_update: xyz must be xyz(3, n_nodes)')
      return
    end if
    status = int(c_fecontact_closest_face_search_update(c%ptr, int(size(xyz, 2), c_int64_t), xyz))
  end function fecontact_closest_face_search_update

  ! For each point of points(3, n): face(k) the closest face (from 1; 0 when none is within
  ! max_distance, which may be huge(1d0) for any distance), and optionally distance(k) (+inf for
  ! none), point(3, k) and local(2, k) (NaN for none); ties as fecontact.h says. 0 or -1.
  integer function fecontact_find_closest_faces(c, points, max_distance, tie_distance, face, distance, point, local) &
      result(status)
    type(fecontact_closest_face_search), intent(in) :: c
    real(c_double), intent(in) :: points(:,:), max_distance, tie_distance
    integer, intent(out) :: face(:)
    real(c_double), intent(out), optional :: distance(:), point(:,:), local(:,:)
    integer(c_int64_t), allocatable, target :: faces(:)
    real(c_double), allocatable, target :: distances(:), points_out(:,:), locals(:,:)
    type(c_ptr) :: distance_ptr, point_ptr, local_ptr
    integer :: n
    n = size(points, 2)
    if (size(points, 1) /= 3) then
      status = fail('fecontact_find_closest_faces: points must be points(3, n)')
      return
    end if
    if (too_small(face, n) .or. too_small_real(distance, n) .or. too_small_3(point, n) .or. &
        too_small_rows(local, 2, n)) then
      status = fail('fecontact_find_closest_faces: an output array is smaller than the point count')
      return
    end if
    allocate(faces(max(n, 1)))
    distance_ptr = c_null_ptr
    point_ptr = c_null_ptr
    local_ptr = c_null_ptr
    if (present(distance)) then
      allocate(distances(max(n, 1)))
      distance_ptr = c_loc(distances)
    end if
    if (present(point)) then
      allocate(points_out(3, max(n, 1)))
      point_ptr = c_loc(points_out)
    end if
    if (present(local)) then
      allocate(locals(2, max(n, 1)))
      local_ptr = c_loc(locals)
    end if
    status = int(c_fecontact_find_closest_faces(c%ptr, int(n, c_int64_t), points, max_distance, tie_distance, &
                                                c_loc(faces), distance_ptr, point_ptr, local_ptr))
    if (status /= 0 .or. n == 0) return
    face(1:n) = int(faces(1:n)) + 1
    if (present(distance)) distance(1:n) = distances(1:n)
    if (present(point)) point(:, 1:n) = points_out(:, 1:n)
    if (present(local)) local(:, 1:n) = locals(:, 1:n)
  end function fecontact_find_closest_faces

  ! ---- Mortar (fecontact.h: fecontact_mortar_*) ----------------------------------------------

  integer function fecontact_mortar_new(m) result(status)
    type(fecontact_mortar), intent(out) :: m
    m%ptr = c_fecontact_mortar_new()
    status = 0
    if (.not. c_associated(m%ptr)) status = -1
  end function fecontact_mortar_new

  subroutine fecontact_mortar_free(m)
    type(fecontact_mortar), intent(inout) :: m
    call c_fecontact_mortar_free(m%ptr)
    m%ptr = c_null_ptr
  end subroutine fecontact_mortar_free

  ! The mortar data of surface-to-surface interface `interface_index` (from 1) of s at its last
  ! step's coordinates xyz(3, n_nodes); basis FECONTACT_MORTAR_STANDARD or _DUAL; with
  ! jacobian = .true. also the weighted gaps' Jacobian (fecontact_get_gap_jacobian); with
  ! matrix_jacobians = .true. also D's and M's (fecontact_get_matrix_jacobians); with
  ! multipliers(n_slave_nodes) the Jacobian and H(multipliers) (fecontact_get_gap_hessian).
  integer function fecontact_mortar_step(m, s, interface_index, xyz, basis, jacobian, matrix_jacobians, multipliers) &
      result(status)
    type(fecontact_mortar), intent(in) :: m
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index, basis
    real(c_double), intent(in) :: xyz(:,:)
    logical, intent(in), optional :: jacobian, matrix_jacobians
    real(c_double), intent(in), optional :: multipliers(:)
    logical :: with_jacobian, with_matrices
    if (size(xyz, 1) /= 3) then
      status = fail('fecontact_mortar_step: xyz must be xyz(3, n_nodes)')
      return
    end if
    with_jacobian = .false.
    if (present(jacobian)) with_jacobian = jacobian
    with_matrices = .false.
    if (present(matrix_jacobians)) with_matrices = matrix_jacobians
    if (present(multipliers)) then
      status = int(c_fecontact_mortar_step_with_hessian(m%ptr, s%ptr, int(interface_index - 1, c_int), &
                   int(size(xyz, 2), c_int64_t), xyz, int(basis, c_int), int(size(multipliers), c_int64_t), multipliers))
    else if (with_matrices) then
      status = int(c_fecontact_mortar_step_with_matrix_jacobians(m%ptr, s%ptr, int(interface_index - 1, c_int), &
                   int(size(xyz, 2), c_int64_t), xyz, int(basis, c_int)))
    else if (with_jacobian) then
      status = int(c_fecontact_mortar_step_with_jacobian(m%ptr, s%ptr, int(interface_index - 1, c_int), &
                   int(size(xyz, 2), c_int64_t), xyz, int(basis, c_int)))
    else
      status = int(c_fecontact_mortar_step(m%ptr, s%ptr, int(interface_index - 1, c_int), int(size(xyz, 2), c_int64_t), &
                   xyz, int(basis, c_int)))
    end if
  end function fecontact_mortar_step

  ! Counts of the last mortar step (any optional): cells, entries of D and M, slave nodes,
  ! uncovered slave nodes, dropped slivers; and with the Jacobian its entries and the weighted
  ! slip's Jacobian's (-1 without); with matrix_jacobians the entries of D's and M's Jacobians
  ! (-1 without); with multipliers the entries of H (-1 without).
  integer function fecontact_mortar_counts(m, n_cells, n_d_entries, n_m_entries, n_slave_nodes, n_uncovered, &
                                           n_dropped_slivers, n_jacobian_entries, n_slip_jacobian_entries, &
                                           n_d_jacobian_entries, n_m_jacobian_entries, n_hessian_entries) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: n_cells, n_d_entries, n_m_entries, n_slave_nodes, n_uncovered, &
                                      n_dropped_slivers, n_jacobian_entries, n_slip_jacobian_entries, &
                                      n_d_jacobian_entries, n_m_jacobian_entries, n_hessian_entries
    integer(c_int64_t) :: counts(6), entries(2)
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    if (present(n_cells)) n_cells = int(counts(1))
    if (present(n_d_entries)) n_d_entries = int(counts(2))
    if (present(n_m_entries)) n_m_entries = int(counts(3))
    if (present(n_slave_nodes)) n_slave_nodes = int(counts(4))
    if (present(n_uncovered)) n_uncovered = int(counts(5))
    if (present(n_dropped_slivers)) n_dropped_slivers = int(counts(6))
    if (present(n_jacobian_entries)) n_jacobian_entries = int(c_fecontact_gap_jacobian_count(m%ptr))
    if (present(n_slip_jacobian_entries)) n_slip_jacobian_entries = int(c_fecontact_slip_jacobian_count(m%ptr))
    if (present(n_hessian_entries)) n_hessian_entries = int(c_fecontact_gap_hessian_count(m%ptr))
    if (present(n_d_jacobian_entries) .or. present(n_m_jacobian_entries)) then
      entries = -1
      if (c_fecontact_matrix_jacobian_counts(m%ptr, entries(1), entries(2)) /= 0) entries = -1
      if (present(n_d_jacobian_entries)) n_d_jacobian_entries = int(entries(1))
      if (present(n_m_jacobian_entries)) n_m_jacobian_entries = int(entries(2))
    end if
  end function fecontact_mortar_counts

  ! D and M as triplets (rows and columns: node indices from 1), arrays of at least the counts'
  ! entries, any optional.
  integer function fecontact_get_mortar_matrices(m, d_rows, d_columns, d_values, m_rows, m_columns, m_values) &
      result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: d_rows(:), d_columns(:), m_rows(:), m_columns(:)
    real(c_double), intent(out), optional :: d_values(:), m_values(:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: dr(:), dc(:), mr(:), mc(:)
    real(c_double), allocatable, target :: dv(:), mv(:)
    integer :: nd, nm
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    nd = int(counts(2))
    nm = int(counts(3))
    if (too_small(d_rows, nd) .or. too_small(d_columns, nd) .or. too_small_real(d_values, nd) .or. &
        too_small(m_rows, nm) .or. too_small(m_columns, nm) .or. too_small_real(m_values, nm)) then
      status = fail('fecontact_get_mortar_matrices: an output array is smaller than the entry count')
      return
    end if
    allocate(dr(nd), dc(nd), dv(nd), mr(nm), mc(nm), mv(nm))
    status = int(c_fecontact_get_mortar_matrices(m%ptr, int(nd, c_int64_t), c_loc(dr), c_loc(dc), c_loc(dv), &
                                                 int(nm, c_int64_t), c_loc(mr), c_loc(mc), c_loc(mv)))
    if (status /= 0) return
    if (present(d_rows)) d_rows(1:nd) = int(dr) + 1
    if (present(d_columns)) d_columns(1:nd) = int(dc) + 1
    if (present(d_values)) d_values(1:nd) = dv
    if (present(m_rows)) m_rows(1:nm) = int(mr) + 1
    if (present(m_columns)) m_columns(1:nm) = int(mc) + 1
    if (present(m_values)) m_values(1:nm) = mv
  end function fecontact_get_mortar_matrices

  ! Per slave node (arrays of at least the slave node count, any optional): its index (from 1),
  ! weighted gap, normal(3, n), coverage.
  integer function fecontact_get_weighted_gaps(m, slave_node, weighted_gap, normal, coverage) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: slave_node(:)
    real(c_double), intent(out), optional :: weighted_gap(:), normal(:,:), coverage(:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: nodes(:)
    real(c_double), allocatable, target :: gaps(:), normals(:), covered(:)
    integer :: n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    n = int(counts(4))
    if (too_small(slave_node, n) .or. too_small_real(weighted_gap, n) .or. too_small_3(normal, n) .or. &
        too_small_real(coverage, n)) then
      status = fail('fecontact_get_weighted_gaps: an output array is smaller than the slave node count')
      return
    end if
    allocate(nodes(n), gaps(n), normals(3 * n), covered(n))
    status = int(c_fecontact_get_weighted_gaps(m%ptr, int(n, c_int64_t), c_loc(nodes), c_loc(gaps), c_loc(normals), &
                                               c_loc(covered)))
    if (status /= 0) return
    if (present(slave_node)) slave_node(1:n) = int(nodes) + 1
    if (present(weighted_gap)) weighted_gap(1:n) = gaps
    if (present(normal)) normal(:, 1:n) = reshape(normals, [3, n])
    if (present(coverage)) coverage(1:n) = covered
  end function fecontact_get_weighted_gaps

  ! The weighted gaps' Jacobian G of the last step with jacobian = .true., in compressed sparse
  ! rows from 1: row j (the j-th slave node of fecontact_get_weighted_gaps) has the entries
  ! row_offsets(j) .. row_offsets(j + 1) - 1; column 3 (node - 1) + axis for node and axis from 1.
  integer function fecontact_get_gap_jacobian(m, row_offsets, columns, values) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: row_offsets(:), columns(:)
    real(c_double), intent(out), optional :: values(:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: offsets(:), cols(:)
    real(c_double), allocatable, target :: vals(:)
    integer :: rows, n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    rows = int(counts(4))
    n = int(c_fecontact_gap_jacobian_count(m%ptr))
    status = -1
    if (n < 0) return
    if (too_small(row_offsets, rows + 1) .or. too_small(columns, n) .or. too_small_real(values, n)) then
      status = fail('fecontact_get_gap_jacobian: an output array is smaller than the row or entry count')
      return
    end if
    allocate(offsets(rows + 1), cols(n), vals(n))
    status = int(c_fecontact_get_gap_jacobian(m%ptr, int(n, c_int64_t), c_loc(offsets), c_loc(cols), c_loc(vals)))
    if (status /= 0) return
    if (present(row_offsets)) row_offsets(1:rows + 1) = int(offsets) + 1
    if (present(columns)) columns(1:n) = int(cols) + 1
    if (present(values)) values(1:n) = vals
  end function fecontact_get_gap_jacobian

  ! H(multipliers) of the last step with multipliers (fecontact_mortar_step), in compressed sparse
  ! rows from 1: rows and columns 3 * (node - 1) + axis, row_offsets(3 * n_nodes + 1) for the step's
  ! n_nodes coordinates, columns and values of at least the entry count (fecontact_mortar_counts'
  ! n_hessian_entries); any optional.
  integer function fecontact_get_gap_hessian(m, n_nodes, row_offsets, columns, values) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(in) :: n_nodes
    integer, intent(out), optional :: row_offsets(:), columns(:)
    real(c_double), intent(out), optional :: values(:)
    integer(c_int64_t), allocatable, target :: offsets(:), cols(:)
    real(c_double), allocatable, target :: vals(:)
    integer :: n
    n = int(c_fecontact_gap_hessian_count(m%ptr))
    status = -1
    if (n < 0) return
    if (too_small(row_offsets, 3 * n_nodes + 1) .or. too_small(columns, n) .or. too_small_real(values, n)) then
      status = fail('fecontact_get_gap_hessian: an output array is smaller than the row or entry count')
      return
    end if
    allocate(offsets(3 * n_nodes + 1), cols(n), vals(n))
    status = int(c_fecontact_get_gap_hessian(m%ptr, int(n, c_int64_t), c_loc(offsets), c_loc(cols), c_loc(vals)))
    if (status /= 0) return
    if (present(row_offsets)) row_offsets(1:3 * n_nodes + 1) = int(offsets) + 1
    if (present(columns)) columns(1:n) = int(cols) + 1
    if (present(values)) values(1:n) = vals
  end function fecontact_get_gap_hessian

  ! Per cell (arrays of at least the cell count, any optional): its slave and master face (from 1,
  ! in the order the interface's faces were given) and vertices(3, 3, n), its three corners.
  integer function fecontact_get_mortar_cells(m, slave_face, master_face, vertices) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: slave_face(:), master_face(:)
    real(c_double), intent(out), optional :: vertices(:,:,:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: slaves(:), masters(:)
    real(c_double), allocatable, target :: corners(:)
    integer :: n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    n = int(counts(1))
    if (too_small(slave_face, n) .or. too_small(master_face, n)) then
      status = fail('fecontact_get_mortar_cells: an output array is smaller than the cell count')
      return
    end if
    if (present(vertices)) then
      if (size(vertices, 1) /= 3 .or. size(vertices, 2) /= 3 .or. size(vertices, 3) < n) then
        status = fail('fecontact_get_mortar_cells: vertices must be vertices(3, 3, n) with n at least the cell count')
        return
      end if
    end if
    allocate(slaves(n), masters(n), corners(9 * n))
    status = int(c_fecontact_get_mortar_cells(m%ptr, int(n, c_int64_t), c_loc(slaves), c_loc(masters), c_loc(corners)))
    if (status /= 0) return
    if (present(slave_face)) slave_face(1:n) = int(slaves) + 1
    if (present(master_face)) master_face(1:n) = int(masters) + 1
    if (present(vertices)) vertices(:, :, 1:n) = reshape(corners, [3, 3, n])
  end function fecontact_get_mortar_cells

  ! Per quadrature point, 7 per cell (cell c's are 7 (c - 1) + 1 .. 7 c; arrays of at least 7 times
  ! the cell count, any optional): slave_local(2, p) and master_local(2, p), (xi, eta) on the slave
  ! and the master face, and weight(p), an area.
  integer function fecontact_get_mortar_points(m, slave_local, master_local, weight) result(status)
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(out), optional :: slave_local(:,:), master_local(:,:), weight(:)
    integer(c_int64_t) :: counts(6)
    real(c_double), allocatable, target :: on_slave(:), on_master(:), weights(:)
    integer :: n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    n = 7 * int(counts(1))
    if (too_small_rows(slave_local, 2, n) .or. too_small_rows(master_local, 2, n) .or. too_small_real(weight, n)) then
      status = fail('fecontact_get_mortar_points: an output array is smaller than the point count')
      return
    end if
    allocate(on_slave(2 * n), on_master(2 * n), weights(n))
    status = int(c_fecontact_get_mortar_points(m%ptr, int(n, c_int64_t), c_loc(on_slave), c_loc(on_master), &
                                               c_loc(weights)))
    if (status /= 0) return
    if (present(slave_local)) slave_local(:, 1:n) = reshape(on_slave, [2, n])
    if (present(master_local)) master_local(:, 1:n) = reshape(on_master, [2, n])
    if (present(weight)) weight(1:n) = weights
  end function fecontact_get_mortar_points

  ! The slave nodes (from 1, ascending) that no cell touches: an array of at least n_uncovered
  ! (fecontact_mortar_counts) entries.
  integer function fecontact_get_uncovered_slave_nodes(m, nodes) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out) :: nodes(:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: uncovered(:)
    integer :: n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    n = int(counts(5))
    if (size(nodes) < n) then
      status = fail('fecontact_get_uncovered_slave_nodes: nodes is smaller than the uncovered node count')
      return
    end if
    allocate(uncovered(n))
    status = int(c_fecontact_get_uncovered_slave_nodes(m%ptr, int(n, c_int64_t), c_loc(uncovered)))
    if (status /= 0) return
    nodes(1:n) = int(uncovered) + 1
  end function fecontact_get_uncovered_slave_nodes

  ! The dual basis's x~ = T x on quadratic slave faces as triplets (rows and columns: slave node
  ! indices from 1), ascending; n_entries: their count (0 when there is none), and the arrays hold
  ! at least that many (any optional).
  integer function fecontact_get_slave_transformation(m, n_entries, rows, columns, values) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: n_entries, rows(:), columns(:)
    real(c_double), intent(out), optional :: values(:)
    integer(c_int64_t), allocatable, target :: r(:), c(:)
    real(c_double), allocatable, target :: v(:)
    integer :: n
    n = int(c_fecontact_slave_transformation_count(m%ptr))
    status = -1
    if (n < 0) return
    if (present(n_entries)) n_entries = n
    if (too_small(rows, n) .or. too_small(columns, n) .or. too_small_real(values, n)) then
      status = fail('fecontact_get_slave_transformation: an output array is smaller than the entry count')
      return
    end if
    allocate(r(n), c(n), v(n))
    status = int(c_fecontact_get_slave_transformation(m%ptr, int(n, c_int64_t), c_loc(r), c_loc(c), c_loc(v)))
    if (status /= 0) return
    if (present(rows)) rows(1:n) = int(r) + 1
    if (present(columns)) columns(1:n) = int(c) + 1
    if (present(values)) values(1:n) = v
  end function fecontact_get_slave_transformation

  ! Friction: makes the last successful mortar step the accepted one; the weighted slip of later
  ! steps is measured from it (fecontact_mortar_accept_step).
  integer function fecontact_mortar_accept_step(m) result(status)
    type(fecontact_mortar), intent(in) :: m
    status = int(c_fecontact_mortar_accept_step(m%ptr))
  end function fecontact_mortar_accept_step

  ! Per slave node (as fecontact_get_weighted_gaps; any optional): tangents(3, 2, n), tau1 and
  ! tau2; slip(2, n), the weighted tangential slip along them since the accepted step.
  integer function fecontact_get_weighted_slip(m, tangents, slip) result(status)
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(out), optional :: tangents(:,:,:), slip(:,:)
    integer(c_int64_t) :: counts(6)
    real(c_double), allocatable, target :: t(:), s(:)
    integer :: n
    logical :: bad
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    n = int(counts(4))
    bad = .false.
    if (present(tangents)) bad = size(tangents, 1) /= 3 .or. size(tangents, 2) /= 2 .or. size(tangents, 3) < n
    if (present(slip)) bad = bad .or. size(slip, 1) /= 2 .or. size(slip, 2) < n
    if (bad) then
      status = fail('fecontact_get_weighted_slip: tangents must be (3, 2, n) and slip (2, n) for n slave nodes')
      return
    end if
    allocate(t(6 * n), s(2 * n))
    status = int(c_fecontact_get_weighted_slip(m%ptr, int(n, c_int64_t), c_loc(t), c_loc(s)))
    if (status /= 0) return
    if (present(tangents)) tangents(:, :, 1:n) = reshape(t, [3, 2, n])
    if (present(slip)) slip(:, 1:n) = reshape(s, [2, n])
  end function fecontact_get_weighted_slip

  ! The weighted slip's Jacobian of the last step with jacobian = .true., in compressed sparse
  ! rows from 1: row 2 (j - 1) + a is tau_a of the j-th slave node (2 n + 1 offsets), columns as
  ! fecontact_get_gap_jacobian.
  integer function fecontact_get_slip_jacobian(m, row_offsets, columns, values) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: row_offsets(:), columns(:)
    real(c_double), intent(out), optional :: values(:)
    integer(c_int64_t) :: counts(6)
    integer(c_int64_t), allocatable, target :: offsets(:), cols(:)
    real(c_double), allocatable, target :: vals(:)
    integer :: rows, n
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    rows = 2 * int(counts(4))
    n = int(c_fecontact_slip_jacobian_count(m%ptr))
    status = -1
    if (n < 0) return
    if (too_small(row_offsets, rows + 1) .or. too_small(columns, n) .or. too_small_real(values, n)) then
      status = fail('fecontact_get_slip_jacobian: an output array is smaller than the row or entry count')
      return
    end if
    allocate(offsets(rows + 1), cols(n), vals(n))
    status = int(c_fecontact_get_slip_jacobian(m%ptr, int(n, c_int64_t), c_loc(offsets), c_loc(cols), c_loc(vals)))
    if (status /= 0) return
    if (present(row_offsets)) row_offsets(1:rows + 1) = int(offsets) + 1
    if (present(columns)) columns(1:n) = int(cols) + 1
    if (present(values)) values(1:n) = vals
  end function fecontact_get_slip_jacobian

  ! D's and M's Jacobians of the last step with matrix_jacobians = .true., in compressed sparse
  ! rows from 1: row e is the e-th triplet of fecontact_get_mortar_matrices, columns as
  ! fecontact_get_gap_jacobian; any optional.
  integer function fecontact_get_matrix_jacobians(m, d_row_offsets, d_columns, d_values, m_row_offsets, m_columns, &
                                                  m_values) result(status)
    type(fecontact_mortar), intent(in) :: m
    integer, intent(out), optional :: d_row_offsets(:), d_columns(:), m_row_offsets(:), m_columns(:)
    real(c_double), intent(out), optional :: d_values(:), m_values(:)
    integer(c_int64_t) :: counts(6), entries(2)
    integer(c_int64_t), allocatable, target :: d_offsets(:), d_cols(:), m_offsets(:), m_cols(:)
    real(c_double), allocatable, target :: d_vals(:), m_vals(:)
    integer :: nd, nm, ed, em
    status = int(c_fecontact_mortar_counts(m%ptr, counts(1), counts(2), counts(3), counts(4), counts(5), counts(6)))
    if (status /= 0) return
    status = int(c_fecontact_matrix_jacobian_counts(m%ptr, entries(1), entries(2)))
    if (status /= 0) return
    nd = int(counts(2))
    nm = int(counts(3))
    ed = int(entries(1))
    em = int(entries(2))
    if (too_small(d_row_offsets, nd + 1) .or. too_small(d_columns, ed) .or. too_small_real(d_values, ed) .or. &
        too_small(m_row_offsets, nm + 1) .or. too_small(m_columns, em) .or. too_small_real(m_values, em)) then
      status = fail('fecontact_get_matrix_jacobians: an output array is smaller than the row or entry count')
      return
    end if
    allocate(d_offsets(nd + 1), d_cols(ed), d_vals(ed), m_offsets(nm + 1), m_cols(em), m_vals(em))
    status = int(c_fecontact_get_matrix_jacobians(m%ptr, int(ed, c_int64_t), c_loc(d_offsets), c_loc(d_cols), &
                                                  c_loc(d_vals), int(em, c_int64_t), c_loc(m_offsets), c_loc(m_cols), &
                                                  c_loc(m_vals)))
    if (status /= 0) return
    if (present(d_row_offsets)) d_row_offsets(1:nd + 1) = int(d_offsets) + 1
    if (present(d_columns)) d_columns(1:ed) = int(d_cols) + 1
    if (present(d_values)) d_values(1:ed) = d_vals
    if (present(m_row_offsets)) m_row_offsets(1:nm + 1) = int(m_offsets) + 1
    if (present(m_columns)) m_columns(1:em) = int(m_cols) + 1
    if (present(m_values)) m_values(1:em) = m_vals
  end function fecontact_get_matrix_jacobians

  ! Node-to-surface contacts of the last step, or -1.
  integer function fecontact_contact_count(s, interface_index) result(count)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    count = int(c_fecontact_contact_count(s%ptr, int(interface_index - 1, c_int)))
  end function fecontact_contact_count

  ! The contacts into arrays of at least fecontact_contact_count entries (normal, point: (3, n)),
  ! any of them optional; slave nodes and master faces counted from 1.
  integer function fecontact_get_contacts(s, interface_index, slave_node, master_face, gap, normal, point) &
      result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: slave_node(:), master_face(:)
    real(c_double), intent(out), optional :: gap(:), normal(:,:), point(:,:)
    integer(c_int64_t), allocatable, target :: indices(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    integer(c_int64_t) :: capacity
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small(slave_node, n) .or. too_small(master_face, n) .or. too_small_real(gap, n) .or. &
        too_small_3(normal, n) .or. too_small_3(point, n)) then
      status = fail('fecontact_get_contacts: an output array is smaller than the contact count')
      return
    end if
    status = 0
    if (n == 0) return
    capacity = n
    allocate(indices(n), values(3 * n))
    if (present(slave_node)) then
      status = int(c_fecontact_get_contacts(s%ptr, i, capacity, c_loc(indices), c_null_ptr, c_null_ptr, c_null_ptr, c_null_ptr))
      slave_node(1:n) = int(indices) + 1
    end if
    if (present(master_face)) then
      status = int(c_fecontact_get_contacts(s%ptr, i, capacity, c_null_ptr, c_loc(indices), c_null_ptr, c_null_ptr, c_null_ptr))
      master_face(1:n) = int(indices) + 1
    end if
    if (present(gap)) then
      status = int(c_fecontact_get_contacts(s%ptr, i, capacity, c_null_ptr, c_null_ptr, c_loc(values), c_null_ptr, c_null_ptr))
      gap(1:n) = values(1:n)
    end if
    if (present(normal)) then
      status = int(c_fecontact_get_contacts(s%ptr, i, capacity, c_null_ptr, c_null_ptr, c_null_ptr, c_loc(values), c_null_ptr))
      normal(:, 1:n) = reshape(values, [3, n])
    end if
    if (present(point)) then
      status = int(c_fecontact_get_contacts(s%ptr, i, capacity, c_null_ptr, c_null_ptr, c_null_ptr, c_null_ptr, c_loc(values)))
      point(:, 1:n) = reshape(values, [3, n])
    end if
  end function fecontact_get_contacts

  ! The kinematics of the contacts (fecontact.h), in the order of fecontact_get_contacts, into
  ! arrays of at least fecontact_contact_count columns, any of them optional: local(2, n) (the
  ! local coordinates on the master face), tangent1(3, n), tangent2(3, n).
  integer function fecontact_get_contact_frames(s, interface_index, local, tangent1, tangent2) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    real(c_double), intent(out), optional :: local(:,:), tangent1(:,:), tangent2(:,:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small_rows(local, 2, n) .or. too_small_3(tangent1, n) .or. too_small_3(tangent2, n)) then
      status = fail('fecontact_get_contact_frames: an output array is smaller than the contact count')
      return
    end if
    status = 0
    if (n == 0) return
    allocate(values(3 * n))
    if (present(local)) then
      status = int(c_fecontact_get_contact_frames(s%ptr, i, int(n, c_int64_t), c_loc(values), c_null_ptr, c_null_ptr))
      local(:, 1:n) = reshape(values(1:2 * n), [2, n])
    end if
    if (present(tangent1)) then
      status = int(c_fecontact_get_contact_frames(s%ptr, i, int(n, c_int64_t), c_null_ptr, c_loc(values), c_null_ptr))
      tangent1(:, 1:n) = reshape(values, [3, n])
    end if
    if (present(tangent2)) then
      status = int(c_fecontact_get_contact_frames(s%ptr, i, int(n, c_int64_t), c_null_ptr, c_null_ptr, c_loc(values)))
      tangent2(:, 1:n) = reshape(values, [3, n])
    end if
  end function fecontact_get_contact_frames

  ! master_nodes(9, n): the master face's nodes counted from 1, 0 beyond the face's node count;
  ! weights(9, n): the face's shape functions at the contact point, 0 beyond. Either optional.
  integer function fecontact_get_contact_weights(s, interface_index, master_nodes, weights) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: master_nodes(:,:)
    real(c_double), intent(out), optional :: weights(:,:)
    integer(c_int64_t), allocatable, target :: indices(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small_rows(weights, 9, n)) then
      status = fail('fecontact_get_contact_weights: an output array is smaller than the contact count')
      return
    end if
    if (present(master_nodes)) then
      if (size(master_nodes, 1) /= 9 .or. size(master_nodes, 2) < n) then
        status = fail('fecontact_get_contact_weights: an output array is smaller than the contact count')
        return
      end if
    end if
    status = 0
    if (n == 0) return
    if (present(master_nodes)) then
      allocate(indices(9 * n))
      status = int(c_fecontact_get_contact_weights(s%ptr, i, int(n, c_int64_t), c_loc(indices), c_null_ptr))
      master_nodes(:, 1:n) = reshape(int(indices) + 1, [9, n])  ! -1 (none) becomes 0
    end if
    if (present(weights)) then
      allocate(values(9 * n))
      status = int(c_fecontact_get_contact_weights(s%ptr, i, int(n, c_int64_t), c_null_ptr, c_loc(values)))
      weights(:, 1:n) = reshape(values, [9, n])
    end if
  end function fecontact_get_contact_weights

  ! Option "track_slip" "on": slip(3, n), the contact point's slip over the master since the
  ! previous step; new_contact(n), .true. where the node had no contact at the previous step.
  integer function fecontact_get_contact_slip(s, interface_index, slip, new_contact) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    real(c_double), intent(out), optional :: slip(:,:)
    logical, intent(out), optional :: new_contact(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int), allocatable, target :: flags(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small_3(slip, n)) then
      status = fail('fecontact_get_contact_slip: an output array is smaller than the contact count')
      return
    end if
    if (present(new_contact)) then
      if (size(new_contact) < n) then
        status = fail('fecontact_get_contact_slip: an output array is smaller than the contact count')
        return
      end if
    end if
    allocate(values(3 * n), flags(n))
    ! Called even without contacts: an interface without track_slip is an error.
    status = int(c_fecontact_get_contact_slip(s%ptr, i, int(n, c_int64_t), c_loc(values), c_loc(flags)))
    if (status /= 0) return
    if (present(slip)) slip(:, 1:n) = reshape(values, [3, n])
    if (present(new_contact)) new_contact(1:n) = flags /= 0
  end function fecontact_get_contact_slip

  ! Pairs of the last step, or -1.
  integer function fecontact_pair_count(s, interface_index) result(count)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    count = int(c_fecontact_pair_count(s%ptr, int(interface_index - 1, c_int)))
  end function fecontact_pair_count

  ! The pairs into arrays of at least fecontact_pair_count entries, any optional; counted from 1.
  integer function fecontact_get_pairs(s, interface_index, slave_face, master_face, distance) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: slave_face(:), master_face(:)
    real(c_double), intent(out), optional :: distance(:)
    integer(c_int64_t), allocatable, target :: indices(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    integer(c_int64_t) :: capacity
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_pair_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small(slave_face, n) .or. too_small(master_face, n) .or. too_small_real(distance, n)) then
      status = fail('fecontact_get_pairs: an output array is smaller than the pair count')
      return
    end if
    status = 0
    if (n == 0) return
    capacity = n
    allocate(indices(n), values(n))
    if (present(slave_face)) then
      status = int(c_fecontact_get_pairs(s%ptr, i, capacity, c_loc(indices), c_null_ptr, c_null_ptr))
      slave_face(1:n) = int(indices) + 1
    end if
    if (present(master_face)) then
      status = int(c_fecontact_get_pairs(s%ptr, i, capacity, c_null_ptr, c_loc(indices), c_null_ptr))
      master_face(1:n) = int(indices) + 1
    end if
    if (present(distance)) then
      status = int(c_fecontact_get_pairs(s%ptr, i, capacity, c_null_ptr, c_null_ptr, c_loc(values)))
      distance(1:n) = values
    end if
  end function fecontact_get_pairs

  ! After fecontact_search_step_swept: the node contacts at the predicted coordinates, entry k
  ! the same slave node as fecontact_get_contacts' (arrays as there, any optional; master_face 0
  ! where every candidate face has zero area there).
  integer function fecontact_get_predicted_contacts(s, interface_index, slave_node, master_face, gap, normal, point) &
      result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    integer, intent(out), optional :: slave_node(:), master_face(:)
    real(c_double), intent(out), optional :: gap(:), normal(:,:), point(:,:)
    integer(c_int64_t), allocatable, target :: nodes(:), faces(:)
    real(c_double), allocatable, target :: gaps(:), normals(:), points(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_contact_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (too_small(slave_node, n) .or. too_small(master_face, n) .or. too_small_real(gap, n) .or. &
        too_small_3(normal, n) .or. too_small_3(point, n)) then
      status = fail('fecontact_get_predicted_contacts: an output array is smaller than the contact count')
      return
    end if
    allocate(nodes(n), faces(n), gaps(n), normals(3 * n), points(3 * n))
    ! Called even without contacts: a one-configuration step is an error.
    status = int(c_fecontact_get_predicted_contacts(s%ptr, i, int(n, c_int64_t), c_loc(nodes), c_loc(faces), &
                                                    c_loc(gaps), c_loc(normals), c_loc(points)))
    if (status /= 0) return
    if (present(slave_node)) slave_node(1:n) = int(nodes) + 1
    if (present(master_face)) master_face(1:n) = int(faces) + 1
    if (present(gap)) gap(1:n) = gaps
    if (present(normal)) normal(:, 1:n) = reshape(normals, [3, n])
    if (present(point)) point(:, 1:n) = reshape(points, [3, n])
  end function fecontact_get_predicted_contacts

  ! After fecontact_search_step_swept: each surface-to-surface or self pair's distance at the
  ! predicted coordinates, into distance(:) of at least fecontact_pair_count entries.
  integer function fecontact_get_predicted_pair_distances(s, interface_index, distance) result(status)
    type(fecontact_search), intent(in) :: s
    integer, intent(in) :: interface_index
    real(c_double), intent(out) :: distance(:)
    real(c_double), allocatable, target :: values(:)
    integer(c_int) :: i
    integer :: n
    i = int(interface_index - 1, c_int)
    n = int(c_fecontact_pair_count(s%ptr, i))
    status = -1
    if (n < 0) return
    if (size(distance) < n) then
      status = fail('fecontact_get_predicted_pair_distances: distance is smaller than the pair count')
      return
    end if
    allocate(values(n))
    status = int(c_fecontact_get_predicted_pair_distances(s%ptr, i, int(n, c_int64_t), c_loc(values)))
    if (status == 0) distance(1:n) = values
  end function fecontact_get_predicted_pair_distances

  logical function too_small(array, n)
    integer, intent(in), optional :: array(:)
    integer, intent(in) :: n
    too_small = .false.
    if (present(array)) too_small = size(array) < n
  end function too_small

  logical function too_small_real(array, n)
    real(c_double), intent(in), optional :: array(:)
    integer, intent(in) :: n
    too_small_real = .false.
    if (present(array)) too_small_real = size(array) < n
  end function too_small_real

  logical function too_small_rows(array, rows, n)
    real(c_double), intent(in), optional :: array(:,:)
    integer, intent(in) :: rows, n
    too_small_rows = .false.
    if (present(array)) too_small_rows = size(array, 1) /= rows .or. size(array, 2) < n
  end function too_small_rows

  logical function too_small_3(array, n)
    real(c_double), intent(in), optional :: array(:,:)
    integer, intent(in) :: n
    too_small_3 = .false.
    if (present(array)) too_small_3 = size(array, 1) /= 3 .or. size(array, 2) < n
  end function too_small_3

  ! Mass properties of elements of several types: element e has type element_types(e) and the
  ! nodes element_nodes(element_offsets(e):element_offsets(e+1)-1) of xyz(3, n_nodes).
  integer function mass_properties_offsets(element_types, element_offsets, element_nodes, xyz, volume, mass, &
                                           center_of_mass, inertia, densities) result(status)
    integer, intent(in) :: element_types(:), element_offsets(:), element_nodes(:)
    real(c_double), intent(in) :: xyz(:,:)
    real(c_double), intent(out) :: volume, mass, center_of_mass(3), inertia(3, 3)
    real(c_double), intent(in), optional :: densities(:)
    real(c_double), allocatable, target :: density_values(:)
    type(c_ptr) :: density_pointer
    integer(c_int64_t) :: n
    real(c_double) :: inertia_values(9)
    n = size(element_types)
    if (size(xyz, 1) /= 3 .or. size(element_offsets) /= n + 1) then
      status = fail('fecontact_mass_properties: xyz must be xyz(3, n_nodes) and element_offsets have n_elements + 1 entries')
      return
    end if
    density_pointer = c_null_ptr
    if (present(densities)) then
      if (size(densities) /= n) then
        status = fail('fecontact_mass_properties: densities must have one entry per element')
        return
      end if
      if (n > 0) then
        allocate(density_values(n))
        density_values = densities
        density_pointer = c_loc(density_values)
      end if
    end if
    status = int(c_fecontact_mass_properties(n, int(element_types, c_int), from_one(element_offsets), &
        from_one(element_nodes), density_pointer, int(size(xyz, 2), c_int64_t), xyz, volume, mass, center_of_mass, &
        inertia_values))
    if (status == 0) inertia = reshape(inertia_values, [3, 3])
  end function mass_properties_offsets

  ! Mass properties of elements of one type: connectivity(nodes_per_element, n_elements).
  integer function mass_properties_connectivity(element_type, connectivity, xyz, volume, mass, center_of_mass, &
                                                inertia, densities) result(status)
    integer, intent(in) :: element_type, connectivity(:,:)
    real(c_double), intent(in) :: xyz(:,:)
    real(c_double), intent(out) :: volume, mass, center_of_mass(3), inertia(3, 3)
    real(c_double), intent(in), optional :: densities(:)
    integer :: e, types(size(connectivity, 2)), offsets(size(connectivity, 2) + 1)
    types = element_type
    offsets = [(1 + e * size(connectivity, 1), e = 0, size(connectivity, 2))]
    status = mass_properties_offsets(types, offsets, reshape(connectivity, [size(connectivity)]), xyz, volume, mass, &
                                     center_of_mass, inertia, densities)
  end function mass_properties_connectivity

  ! The axis-aligned box [lower, upper] of the points xyz(3, n_points).
  integer function fecontact_fit_aabb(xyz, lower, upper) result(status)
    real(c_double), intent(in) :: xyz(:,:)
    real(c_double), intent(out) :: lower(3), upper(3)
    if (size(xyz, 1) /= 3) then
      status = fail('fecontact_fit_aabb: xyz must be xyz(3, n_points)')
      return
    end if
    status = int(c_fecontact_fit_aabb(int(size(xyz, 2), c_int64_t), xyz, lower, upper))
  end function fecontact_fit_aabb

  ! The PCA-fitted oriented box: axes(:, k) is axis k (axis 1 the direction of least spread).
  integer function fecontact_fit_obb(xyz, center, axes, half_extents) result(status)
    real(c_double), intent(in) :: xyz(:,:)
    real(c_double), intent(out) :: center(3), axes(3, 3), half_extents(3)
    real(c_double) :: axis_values(9)
    if (size(xyz, 1) /= 3) then
      status = fail('fecontact_fit_obb: xyz must be xyz(3, n_points)')
      return
    end if
    status = int(c_fecontact_fit_obb(int(size(xyz, 2), c_int64_t), xyz, center, axis_values, half_extents))
    if (status == 0) axes = reshape(axis_values, [3, 3])
  end function fecontact_fit_obb

  ! Eigenvalues (ascending) and eigenvectors (columns) of the symmetric a(3, 3), whose lower
  ! triangle is read.
  integer function fecontact_eigen_symmetric3(a, values, vectors) result(status)
    real(c_double), intent(in) :: a(3, 3)
    real(c_double), intent(out) :: values(3), vectors(3, 3)
    real(c_double) :: vector_values(9)
    status = int(c_fecontact_eigen_symmetric3(reshape(a, [9]), values, vector_values))
    if (status == 0) vectors = reshape(vector_values, [3, 3])
  end function fecontact_eigen_symmetric3

end module fecontact
