! SPDX-License-Identifier: BSD-3-Clause
! The Fortran module on the scene of scene.h (built here in Fortran, 1-based): its node contacts
! and face pairs against the C++ object's (reference_search.cpp, called through iso_c_binding)
! step after step, for every kind of bounding volume; the contact kinematics (frames, weights,
! slip) against the C++ object's after four steps (reference_kinematics); mass properties, OBB and eigenpairs
! against closed forms; errors reported with fecontact_last_error. Prints "N passed, N failed".
module scene
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_int64_t, c_ptr, c_null_ptr, c_loc
  implicit none
  integer, parameter :: master_cells = 6, master_side = 2 * master_cells + 1, master_nodes = master_side**2
  integer, parameter :: slave_cells = 6, slave_side = slave_cells + 1, slave_count = slave_side**2
  integer, parameter :: node_count = master_nodes + slave_count
  integer, parameter :: capacity = 4096
  real(c_double), parameter :: pi = 3.14159265358979323846d0
  integer :: passed = 0, failed = 0

  interface
    function reference_search(kind, n_nodes, xyz, n_master_faces, master_offsets, master_nodes, n_slave, &
                              slave_offsets, slave_nodes, tolerance, capacity, slave, master, value, normal, point) &
        bind(c, name='reference_search')
      import :: c_int, c_int64_t, c_double, c_ptr
      integer(c_int), value :: kind
      integer(c_int64_t), value :: n_nodes, n_master_faces, n_slave, capacity
      real(c_double), intent(in) :: xyz(*)
      integer(c_int64_t), intent(in) :: master_offsets(*), master_nodes(*), slave_offsets(*), slave_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int64_t), intent(out) :: slave(*), master(*)
      real(c_double), intent(out) :: value(*)
      type(c_ptr), value :: normal, point
      integer(c_int64_t) :: reference_search
    end function reference_search

    function reference_swept_search(kind, n_nodes, xyz, predicted, n_master_faces, master_offsets, master_nodes, &
                                    n_slave, slave_offsets, slave_nodes, tolerance, capacity, slave, master, value, &
                                    predicted_master, predicted_value) bind(c, name='reference_swept_search')
      import :: c_int, c_int64_t, c_double
      integer(c_int), value :: kind
      integer(c_int64_t), value :: n_nodes, n_master_faces, n_slave, capacity
      real(c_double), intent(in) :: xyz(*), predicted(*)
      integer(c_int64_t), intent(in) :: master_offsets(*), master_nodes(*), slave_offsets(*), slave_nodes(*)
      real(c_double), value :: tolerance
      integer(c_int64_t), intent(out) :: slave(*), master(*), predicted_master(*)
      real(c_double), intent(out) :: value(*), predicted_value(*)
      integer(c_int64_t) :: reference_swept_search
    end function reference_swept_search

    function reference_kinematics(n_nodes, steps, xyz_steps, n_master_faces, master_offsets, master_nodes, &
                                  n_slave_nodes, slave_nodes, tolerance, capacity, local, tangent1, tangent2, nodes, &
                                  weights, slip, new_contact) bind(c, name='reference_kinematics')
      import :: c_int, c_int64_t, c_double
      integer(c_int64_t), value :: n_nodes, n_master_faces, n_slave_nodes, capacity
      integer(c_int), value :: steps
      real(c_double), intent(in) :: xyz_steps(*)
      integer(c_int64_t), intent(in) :: master_offsets(*), master_nodes(*), slave_nodes(*)
      real(c_double), value :: tolerance
      real(c_double), intent(out) :: local(*), tangent1(*), tangent2(*), weights(*), slip(*)
      integer(c_int64_t), intent(out) :: nodes(*)
      integer(c_int), intent(out) :: new_contact(*)
      integer(c_int64_t) :: reference_kinematics
    end function reference_kinematics
  end interface

contains

  subroutine check(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (condition) then
      passed = passed + 1
    else
      failed = failed + 1
      print '(2a)', 'check failed: ', what
    end if
  end subroutine check

  ! Coordinates at step k (as scene_coordinates of scene.h).
  subroutine coordinates(k, xyz)
    integer, intent(in) :: k
    real(c_double), intent(out) :: xyz(3, node_count)
    integer :: i, j, n
    real(c_double) :: x, y
    do j = 0, master_side - 1
      do i = 0, master_side - 1
        n = j * master_side + i + 1
        xyz(1, n) = -1 + 2d0 * i / (master_side - 1)
        xyz(2, n) = -1 + 2d0 * j / (master_side - 1)
        xyz(3, n) = 0.05d0 * cos(pi * xyz(1, n) / 2) * cos(pi * xyz(2, n) / 2) + 0.002d0 * k * xyz(1, n)
      end do
    end do
    do j = 0, slave_side - 1
      do i = 0, slave_side - 1
        n = master_nodes + j * slave_side + i + 1
        x = -0.7d0 + 1.4d0 * i / (slave_side - 1)
        y = -0.7d0 + 1.4d0 * j / (slave_side - 1)
        xyz(:, n) = [x + 0.01d0 * k, y + 0.005d0 * k, 0.06d0 - 0.08d0 * (x * x + y * y) - 0.004d0 * k]
      end do
    end do
  end subroutine coordinates

  ! quad9 master faces and quad4 slave faces, 1-based, as faces(nodes, n_faces).
  subroutine faces(master, slave)
    integer, intent(out) :: master(9, master_cells**2), slave(4, slave_cells**2)
    integer :: a, b, f, i, j, first
    f = 0
    do b = 0, master_cells - 1
      do a = 0, master_cells - 1
        f = f + 1
        i = 2 * a
        j = 2 * b
        master(:, f) = 1 + [j * master_side + i, j * master_side + i + 2, (j + 2) * master_side + i + 2, &
                             (j + 2) * master_side + i, j * master_side + i + 1, (j + 1) * master_side + i + 2, &
                             (j + 2) * master_side + i + 1, (j + 1) * master_side + i, (j + 1) * master_side + i + 1]
      end do
    end do
    f = 0
    do b = 0, slave_cells - 1
      do a = 0, slave_cells - 1
        f = f + 1
        first = master_nodes + b * slave_side + a + 1
        slave(:, f) = [first, first + slave_side, first + slave_side + 1, first + 1]
      end do
    end do
  end subroutine faces

  ! C's 0-based offsets and nodes of face_nodes(n, f).
  subroutine c_arrays(face_nodes, offsets, nodes)
    integer, intent(in) :: face_nodes(:,:)
    integer(c_int64_t), intent(out) :: offsets(:), nodes(:)
    integer :: f
    offsets = [(int(f * size(face_nodes, 1), c_int64_t), f = 0, size(face_nodes, 2))]
    nodes = reshape(int(face_nodes, c_int64_t) - 1, [size(face_nodes)])
  end subroutine c_arrays
end module scene

program fortran_test
  use fecontact
  use scene
  implicit none
  character(len=4), parameter :: volumes(3) = ['aabb', 'obb ', 'dual']
  integer :: master(9, master_cells**2), slave(4, slave_cells**2), slave_nodes(slave_count)
  integer(c_int64_t) :: master_offsets(master_cells**2 + 1), master_c(9 * master_cells**2)
  integer(c_int64_t) :: slave_offsets(slave_cells**2 + 1), slave_c(4 * slave_cells**2), slave_nodes_c(slave_count)
  integer(c_int64_t) :: expected_slave(capacity), expected_master(capacity), n_expected
  real(c_double), target :: expected_value(capacity), expected_normal(3, capacity)
  real(c_double) :: xyz(3, node_count), gap(capacity), normal(3, capacity), distance(capacity)
  integer :: node(capacity), face(capacity), pair_slave(capacity), pair_master(capacity)
  integer :: v, skin, k, n, penetrations
  type(fecontact_search) :: s

  call faces(master, slave)
  call c_arrays(master, master_offsets, master_c)
  call c_arrays(slave, slave_offsets, slave_c)
  slave_nodes = [(master_nodes + k, k = 1, slave_count)]
  slave_nodes_c = slave_nodes - 1
  penetrations = 0

  do v = 1, 3
    do skin = 0, 1
      call check(fecontact_search_new(s) == 0, 'fecontact_search_new')
      call check(fecontact_add_node_to_surface(s, master, slave_nodes, 0.05d0) == 1, 'add node to surface')
      call check(fecontact_add_surface_to_surface(s, master, slave, 0.05d0) == 2, 'add surface to surface')
      call check(fecontact_set_option(s, 1, 'bv', volumes(v)) == 0, 'bv')
      call check(fecontact_set_option(s, 2, 'bv', volumes(v)) == 0, 'bv')
      if (skin == 1) call check(fecontact_set_option(s, 1, 'skin', '0.01') == 0, 'skin')
      do k = 0, 3
        call coordinates(k, xyz)
        call check(fecontact_search_step(s, xyz) == 0, 'step')
        ! node contacts
        n_expected = reference_search(0_c_int, int(node_count, c_int64_t), xyz, int(master_cells**2, c_int64_t), &
            master_offsets, master_c, int(slave_count, c_int64_t), slave_offsets, slave_nodes_c, 0.05d0, &
            int(capacity, c_int64_t), expected_slave, expected_master, expected_value, c_loc(expected_normal), c_null_ptr)
        n = fecontact_contact_count(s, 1)
        call check(n == n_expected .and. n > 0, 'contact count')
        if (n /= n_expected) cycle
        call check(fecontact_get_contacts(s, 1, slave_node=node, master_face=face, gap=gap, normal=normal) == 0, &
                   'get contacts')
        call check(all(node(1:n) == expected_slave(1:n) + 1) .and. all(face(1:n) == expected_master(1:n) + 1), &
                   'contact nodes and faces, from 1')
        call check(all(gap(1:n) == expected_value(1:n)), 'gaps equal the C++ object''s')
        call check(all(normal(:, 1:n) == expected_normal(:, 1:n)), 'normals')
        penetrations = penetrations + count(gap(1:n) < 0)
        ! face pairs
        n_expected = reference_search(2_c_int, int(node_count, c_int64_t), xyz, int(master_cells**2, c_int64_t), &
            master_offsets, master_c, int(slave_cells**2, c_int64_t), slave_offsets, slave_c, 0.05d0, &
            int(capacity, c_int64_t), expected_slave, expected_master, expected_value, c_null_ptr, c_null_ptr)
        n = fecontact_pair_count(s, 2)
        call check(n == n_expected .and. n > 0, 'pair count')
        if (n /= n_expected) cycle
        call check(fecontact_get_pairs(s, 2, pair_slave, pair_master, distance) == 0, 'get pairs')
        call check(all(pair_slave(1:n) == expected_slave(1:n) + 1) .and. &
                   all(pair_master(1:n) == expected_master(1:n) + 1) .and. &
                   all(distance(1:n) == expected_value(1:n)), 'pairs equal the C++ object''s')
      end do
      call fecontact_search_free(s)
    end do
  end do
  call check(penetrations > 0, 'some nodes penetrate')
  call errors()
  call options()
  call swept()
  call kinematics()
  call mortar()
  call geometry()
  call closest_faces()
  print '(i0, a, i0, a)', passed, ' passed, ', failed, ' failed'
  if (failed > 0 .or. passed == 0) stop 1

contains

  subroutine errors()
    type(fecontact_search) :: t
    integer :: small(1)
    call check(fecontact_search_new(t) == 0, 'new')
    ! node 0 does not exist in 1-based terms: C sees -1
    call check(fecontact_add_node_to_surface(t, master, [0], 0.05d0) == -1, 'node 0 rejected')
    call check(index(fecontact_last_error(), 'fecontact_add_node_to_surface: slave_nodes[0] = -1') == 1, &
               'message names slave_nodes: ' // fecontact_last_error())
    call check(fecontact_set_option(t, 1, 'bv', 'obb') == -1, 'no interface 1 yet')
    call check(fecontact_add_node_to_surface(t, master, slave_nodes, 0.05d0) == 1, 'add')
    call check(fecontact_set_option(t, 1, 'colour', 'red') == -1, 'unknown option')
    call check(index(fecontact_last_error(), 'name "colour" is not an option') > 0, fecontact_last_error())
    call check(fecontact_search_step(t, xyz(1:2, :)) == -1, 'xyz with 2 rows')
    call check(fecontact_last_error() == 'fecontact_search_step: xyz must be xyz(3, n_nodes)', fecontact_last_error())
    call check(fecontact_search_step(t, xyz) == 0, 'step')
    call check(fecontact_get_contacts(t, 1, slave_node=small) == -1, 'too small an array')
    call check(index(fecontact_last_error(), 'smaller than the contact count') > 0, fecontact_last_error())
    call fecontact_search_free(t)
    call fecontact_search_free(t) ! a freed search is null: freeing it again is fine
  end subroutine errors

  ! The options through the generic fecontact_set_option, on a flat quad4 plate of 2 x 2 faces of
  ! side 2 at z = 0 (mean face size 2) with slave nodes at the heights `heights` (closed form:
  ! a node is found when |height| <= the tolerance, times 2 when relative).
  subroutine options()
    real(c_double), parameter :: heights(4) = [0.01d0, -0.02d0, 0.08d0, 0.2d0]
    integer, parameter :: plate(4, 4) = reshape([1, 2, 5, 4, 2, 3, 6, 5, 4, 5, 8, 7, 5, 6, 9, 8], [4, 4])
    real(c_double) :: p_xyz(3, 13)
    type(fecontact_search) :: t
    integer :: i, j, status
    do j = 0, 2
      do i = 0, 2
        p_xyz(:, 3 * j + i + 1) = [2.0d0 * i, 2.0d0 * j, 0.0d0]
      end do
    end do
    do i = 1, 4
      p_xyz(:, 9 + i) = [0.5d0 + 0.9d0 * (i - 1), 3.5d0 - 0.8d0 * (i - 1), heights(i)]
    end do
    call check(fecontact_search_new(t) == 0, 'new')
    call check(fecontact_add_node_to_surface(t, plate, [10, 11, 12, 13], 1.0d0) == 1, 'add plate')
    call check(fecontact_set_option(t, 1, 'tolerance', 5.0D-2) == 0, 'tolerance as a double, D exponent')
    call check(contacts_at(t, p_xyz) == count(abs(heights) <= 0.05d0), 'absolute tolerance 0.05')
    call check(fecontact_set_option(t, 1, 'relative', .true.) == 0, 'relative as a logical')
    call check(contacts_at(t, p_xyz) == count(abs(heights) <= 0.1d0), 'relative tolerance 0.05 * 2')
    call check(fecontact_set_option(t, 1, 'relative', 0) == 0, 'relative as an integer')
    call check(contacts_at(t, p_xyz) == count(abs(heights) <= 0.05d0), 'absolute again')
    call check(fecontact_set_option(t, 1, 'relative', ' on') == 0, 'relative as text with a leading blank')
    call check(contacts_at(t, p_xyz) == count(abs(heights) <= 0.1d0), 'relative again')
    call check(fecontact_set_option(t, 1, 'rebuild_factor', 2.0d0) == 0, 'rebuild_factor')
    call check(fecontact_set_option(t, 1, 'patch_faces', 2) == 0, 'patch_faces as an integer')
    call check(fecontact_set_option(t, 1, 'leaves', 'spectral_patch') == 0, 'leaves')
    status = fecontact_search_step(t, p_xyz)
    if (status == 0) then
      call check(fecontact_contact_count(t, 1) == count(abs(heights) <= 0.1d0), 'spectral-patch leaves')
    else
      call check(index(fecontact_last_error(), 'Spectra') > 0, 'no spectral patches without Spectra')
    end if
    call check(fecontact_set_option(t, 1, 'skin', 1) == -1, 'skin as an integer refused')
    call check(index(fecontact_last_error(), 'fecontact_set_option_int: option "skin" takes a number') == 1, &
               fecontact_last_error())
    call check(fecontact_set_option(t, 1, 'patch_faces', 2.0d0) == -1, 'patch_faces as a double refused')
    call check(index(fecontact_last_error(), 'option "patch_faces" takes an integer') > 0, fecontact_last_error())
    call check(fecontact_set_option(t, 1, 'tolerance', -1.0d0) == -1, 'negative tolerance refused')
    call check(index(fecontact_last_error(), 'value -1 of option "tolerance" is not a finite number >= 0') > 0, &
               fecontact_last_error())
    call check(fecontact_set_option(t, 1, 'bv', .true.) == -1, 'bv as a logical refused')
    call check(index(fecontact_last_error(), 'option "bv" takes a name') > 0, fecontact_last_error())
    call fecontact_search_free(t)
  end subroutine options

  ! The swept step: a node that passes through a flat plate within the step is found by it and
  ! missed by one-configuration steps at either end (closed-form gaps: 0.3 at the start, -0.3 at
  ! the end); on the scene, contacts, pairs and their predicted values equal the C++ object's.
  subroutine swept()
    integer, parameter :: plate(4, 4) = reshape([1, 2, 5, 4, 2, 3, 6, 5, 4, 5, 8, 7, 5, 6, 9, 8], [4, 4])
    real(c_double) :: start(3, 10), finish(3, 10), gap1(1), predicted_gap(1), predicted_normal(3, 1)
    real(c_double) :: x0(3, node_count), x1(3, node_count), value(capacity), predicted(capacity)
    real(c_double) :: expected_value(capacity), expected_predicted(capacity)
    integer(c_int64_t) :: expected_slave(capacity), expected_master(capacity), expected_face(capacity), n_expected
    integer :: node1(1), face1(1), node(capacity), face(capacity), predicted_face(capacity), i, j, k, n
    type(fecontact_search) :: t
    do j = 0, 2
      do i = 0, 2
        start(:, 3 * j + i + 1) = [1.0d0 * i, 1.0d0 * j, 0.0d0]
      end do
    end do
    finish = start
    start(:, 10) = [0.5d0, 0.5d0, 0.3d0]
    finish(:, 10) = [0.5d0, 0.5d0, -0.3d0]
    call check(fecontact_search_new(t) == 0, 'new')
    call check(fecontact_add_node_to_surface(t, plate, [10], 0.05d0) == 1, 'add plate')
    call check(fecontact_search_step(t, start) == 0, 'step at the start')
    call check(fecontact_contact_count(t, 1) == 0, 'none at the start')
    call check(fecontact_get_predicted_contacts(t, 1, gap=predicted_gap) == -1, 'no predicted contacts yet')
    call check(index(fecontact_last_error(), 'the last step had one configuration') > 0, fecontact_last_error())
    call check(fecontact_search_step(t, finish) == 0, 'step at the end')
    call check(fecontact_contact_count(t, 1) == 0, 'none at the end')
    call check(fecontact_search_step_swept(t, start, finish) == 0, 'swept step')
    call check(fecontact_contact_count(t, 1) == 1, 'the tunnelling node is found')
    call check(fecontact_get_contacts(t, 1, slave_node=node1, master_face=face1, gap=gap1) == 0, 'contacts')
    call check(node1(1) == 10 .and. face1(1) == 1 .and. abs(gap1(1) - 0.3d0) <= 1d-15, 'gap 0.3 at the start')
    call check(fecontact_get_predicted_contacts(t, 1, master_face=face1, gap=predicted_gap, normal=predicted_normal) &
               == 0, 'predicted contacts')
    call check(face1(1) == 1 .and. abs(predicted_gap(1) + 0.3d0) <= 1d-15 .and. predicted_normal(3, 1) == 1, &
               'gap -0.3 at the end')
    call check(fecontact_search_step_swept(t, start, finish(:, 1:9)) == -1, 'shapes differ')
    call check(index(fecontact_last_error(), 'current and predicted must be xyz(3, n_nodes)') > 0, &
               fecontact_last_error())
    call fecontact_search_free(t)

    call check(fecontact_search_new(t) == 0, 'new')
    call check(fecontact_add_node_to_surface(t, master, slave_nodes, 0.05d0) == 1, 'add node to surface')
    call check(fecontact_add_surface_to_surface(t, master, slave, 0.05d0) == 2, 'add surface to surface')
    do k = 0, 1
      call coordinates(k, x0)
      call coordinates(k + 2, x1)
      call check(fecontact_search_step_swept(t, x0, x1) == 0, 'swept step on the scene')
      n_expected = reference_swept_search(0_c_int, int(node_count, c_int64_t), x0, x1, &
          int(master_cells**2, c_int64_t), master_offsets, master_c, int(slave_count, c_int64_t), slave_offsets, &
          slave_nodes_c, 0.05d0, int(capacity, c_int64_t), expected_slave, expected_master, expected_value, &
          expected_face, expected_predicted)
      n = fecontact_contact_count(t, 1)
      call check(n == n_expected .and. n > 0, 'swept contact count')
      if (n /= n_expected) cycle
      call check(fecontact_get_contacts(t, 1, slave_node=node, master_face=face, gap=value) == 0, 'contacts')
      call check(fecontact_get_predicted_contacts(t, 1, master_face=predicted_face, gap=predicted) == 0, 'predicted')
      call check(all(node(1:n) == expected_slave(1:n) + 1) .and. all(face(1:n) == expected_master(1:n) + 1) .and. &
                 all(value(1:n) == expected_value(1:n)), 'swept contacts equal the C++ object''s')
      call check(all(predicted_face(1:n) == expected_face(1:n) + 1) .and. &
                 all(predicted(1:n) == expected_predicted(1:n)), 'predicted contacts equal the C++ object''s')
      n_expected = reference_swept_search(2_c_int, int(node_count, c_int64_t), x0, x1, &
          int(master_cells**2, c_int64_t), master_offsets, master_c, int(slave_cells**2, c_int64_t), slave_offsets, &
          slave_c, 0.05d0, int(capacity, c_int64_t), expected_slave, expected_master, expected_value, expected_face, &
          expected_predicted)
      n = fecontact_pair_count(t, 2)
      call check(n == n_expected .and. n > 0, 'swept pair count')
      if (n /= n_expected) cycle
      call check(fecontact_get_pairs(t, 2, node, face, value) == 0, 'pairs')
      call check(fecontact_get_predicted_pair_distances(t, 2, predicted) == 0, 'predicted distances')
      call check(all(node(1:n) == expected_slave(1:n) + 1) .and. all(face(1:n) == expected_master(1:n) + 1) .and. &
                 all(value(1:n) == expected_value(1:n)), 'swept pairs equal the C++ object''s')
      call check(all(predicted(1:n) == expected_predicted(1:n)), 'predicted distances equal the C++ object''s')
    end do
    call fecontact_search_free(t)
  end subroutine swept

  ! The contact count of interface 1 after a step at p_xyz, or -1.
  integer function contacts_at(t, p_xyz)
    type(fecontact_search), intent(in) :: t
    real(c_double), intent(in) :: p_xyz(:,:)
    contacts_at = -1
    if (fecontact_search_step(t, p_xyz) == 0) contacts_at = fecontact_contact_count(t, 1)
  end function contacts_at

  ! Four steps with track_slip, each after two trial steps (the slave nodes moved aside) and
  ! accepted: frames, weights (nodes from 1, 0 beyond) and slip equal the C++ object's (one step
  ! at a time, each accepted) bit for bit, so the trials left the history alone; the slip getter
  ! refuses an interface without track_slip.
  subroutine kinematics()
    type(fecontact_search) :: t
    real(c_double) :: steps(3, node_count, 4), trial(3, node_count), local(2, slave_count), tangent1(3, slave_count)
    real(c_double) :: tangent2(3, slave_count), weights(9, slave_count), slip(3, slave_count)
    real(c_double) :: e_local(2, slave_count), e_tangent1(3, slave_count), e_tangent2(3, slave_count)
    real(c_double) :: e_weights(9, slave_count), e_slip(3, slave_count)
    integer(c_int64_t) :: e_nodes(9, slave_count), n_expected
    integer(c_int) :: e_new(slave_count)
    integer :: nodes(9, slave_count), k, n, attempt
    logical :: new_contact(slave_count)
    call check(fecontact_search_new(t) == 0, 'new')
    call check(fecontact_add_node_to_surface(t, master, slave_nodes, 0.05d0) == 1, 'add')
    call check(fecontact_set_option(t, 1, 'track_slip', 'on') == 0, 'track_slip on')
    do k = 1, 4
      call coordinates(k - 1, steps(:, :, k))
      do attempt = 1, 2
        trial = steps(:, :, k)
        trial(1, slave_nodes) = trial(1, slave_nodes) + 0.003d0 * attempt
        trial(2, slave_nodes) = trial(2, slave_nodes) - 0.002d0
        if (k > 1) call check(fecontact_search_step(t, trial) == 0, 'trial step')
      end do
      call check(fecontact_search_step(t, steps(:, :, k)) == 0, 'step')
      call check(fecontact_accept_step(t) == 0, 'accept')
    end do
    n_expected = reference_kinematics(int(node_count, c_int64_t), 4_c_int, steps, int(master_cells**2, c_int64_t), &
        master_offsets, master_c, int(slave_count, c_int64_t), slave_nodes_c, 0.05d0, int(slave_count, c_int64_t), &
        e_local, e_tangent1, e_tangent2, e_nodes, e_weights, e_slip, e_new)
    n = fecontact_contact_count(t, 1)
    call check(n == n_expected .and. n > 0, 'kinematics: contact count')
    call check(fecontact_get_contact_frames(t, 1, local=local, tangent1=tangent1, tangent2=tangent2) == 0, 'frames')
    call check(fecontact_get_contact_weights(t, 1, master_nodes=nodes, weights=weights) == 0, 'weights')
    call check(fecontact_get_contact_slip(t, 1, slip=slip, new_contact=new_contact) == 0, 'slip')
    call check(all(local(:, 1:n) == e_local(:, 1:n)) .and. all(tangent1(:, 1:n) == e_tangent1(:, 1:n)) .and. &
               all(tangent2(:, 1:n) == e_tangent2(:, 1:n)), 'frames equal the C++ object''s')
    call check(all(nodes(:, 1:n) == e_nodes(:, 1:n) + 1) .and. all(weights(:, 1:n) == e_weights(:, 1:n)), &
               'master nodes (from 1) and weights equal the C++ object''s')
    call check(all(slip(:, 1:n) == e_slip(:, 1:n)) .and. all(new_contact(1:n) .eqv. (e_new(1:n) /= 0)), &
               'slip and new_contact equal the C++ object''s')
    call check(any(.not. new_contact(1:n)) .and. any(slip(1, 1:n) /= 0), 'contacts that stayed and slid')
    call check(all(abs(sum(weights(:, 1:n), 1) - 1) < 1d-12), 'weights sum to 1')
    call check(fecontact_get_contact_frames(t, 1, local=local(:, 1:1)) == -1 .or. n <= 1, 'too small an array')
    call check(fecontact_set_option(t, 1, 'track_slip', 'off') == 0, 'track_slip off')
    call check(fecontact_search_step(t, steps(:, :, 4)) == 0, 'step')
    call check(fecontact_get_contact_slip(t, 1, slip=slip) == -1, 'no slip without track_slip')
    call check(index(fecontact_last_error(), 'track_slip') > 0, fecontact_last_error())
    call fecontact_search_free(t)
  end subroutine kinematics

  ! Mortar of the surface-to-surface interface: each weighted gap equals n . (sum M x - sum D x)
  ! recomputed from the matrices (nodes from 1), and the Jacobian's rows are those of a
  ! translation-invariant function (each axis's entries sum to 0), columns 3 (node - 1) + axis.
  subroutine mortar()
    type(fecontact_search) :: t
    type(fecontact_mortar) :: m
    real(c_double) :: x(3, node_count), gaps(slave_count), normals(3, slave_count), w(3), axis_sum(3), scale
    real(c_double), allocatable :: d_values(:), m_values(:), g_values(:)
    integer, allocatable :: d_rows(:), d_columns(:), m_rows(:), m_columns(:), g_offsets(:), g_columns(:)
    integer :: nodes(slave_count), n_d, n_m, n_rows, n_g, j, e, row
    call coordinates(1, x)
    call check(fecontact_search_new(t) == 0, 'new')
    call check(fecontact_add_surface_to_surface(t, master, slave, 0.05d0) == 1, 'add')
    call check(fecontact_search_step(t, x) == 0, 'step')
    call check(fecontact_mortar_new(m) == 0, 'mortar new')
    call check(fecontact_mortar_step(m, t, 1, x, FECONTACT_MORTAR_STANDARD, jacobian=.true.) == 0, 'mortar step')
    call check(fecontact_mortar_counts(m, n_d_entries=n_d, n_m_entries=n_m, n_slave_nodes=n_rows, &
                                       n_jacobian_entries=n_g) == 0, 'mortar counts')
    call check(n_rows == slave_count .and. n_d > 0 .and. n_m > 0 .and. n_g > 0, 'mortar counts positive')
    allocate(d_rows(n_d), d_columns(n_d), d_values(n_d), m_rows(n_m), m_columns(n_m), m_values(n_m))
    allocate(g_offsets(n_rows + 1), g_columns(n_g), g_values(n_g))
    call check(fecontact_get_weighted_gaps(m, nodes, gaps, normals) == 0, 'weighted gaps')
    call check(fecontact_get_mortar_matrices(m, d_rows, d_columns, d_values, m_rows, m_columns, m_values) == 0, 'D, M')
    call check(fecontact_get_gap_jacobian(m, g_offsets, g_columns, g_values) == 0, 'Jacobian')
    call check(fecontact_get_gap_jacobian(m, columns=g_columns(1:n_g - 1)) == -1, 'Jacobian: too small an array')
    call check(all(nodes == slave_nodes), 'slave nodes from 1')
    scale = maxval(abs(gaps))
    do j = 1, n_rows
      w = 0
      do e = 1, n_m
        if (m_rows(e) == nodes(j)) w = w + m_values(e) * x(:, m_columns(e))
      end do
      do e = 1, n_d
        if (d_rows(e) == nodes(j)) w = w - d_values(e) * x(:, d_columns(e))
      end do
      call check(abs(dot_product(normals(:, j), w) - gaps(j)) <= 1d-12 * max(scale, 1d-3), 'weighted gap from D and M')
    end do
    call check(g_offsets(1) == 1 .and. g_offsets(n_rows + 1) == n_g + 1, 'Jacobian offsets from 1')
    do row = 1, n_rows
      axis_sum = 0
      do e = g_offsets(row), g_offsets(row + 1) - 1
        axis_sum(mod(g_columns(e) - 1, 3) + 1) = axis_sum(mod(g_columns(e) - 1, 3) + 1) + g_values(e)
      end do
      call check(all(abs(axis_sum) <= 1d-12 * max(1d0, sum(abs(g_values)))), 'Jacobian: translation invariant')
    end do
    call check(all(g_columns >= 1 .and. g_columns <= 3 * node_count), 'Jacobian columns from 1')
    call mortar_cells(m, d_values, nodes, gaps)
    call friction(t, m, x, d_rows, d_columns, d_values, m_rows, m_columns, m_values)
    call hessian(t, m, x, n_rows)
    call fecontact_mortar_free(m)
    call fecontact_search_free(t)
  end subroutine mortar

  ! H(lambda) with multipliers 1, 1.1, ...: rows from 1 over the 3 node_count coordinates, each
  ! axis's entries of a row summing to 0 (translation invariance), symmetric to rounding; a wrong
  ! number of multipliers is refused, naming them.
  subroutine hessian(t, m, x, n_rows)
    type(fecontact_search), intent(in) :: t
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(in) :: x(:,:)
    integer, intent(in) :: n_rows
    real(c_double) :: lambda(n_rows), axis_sum(3), scale
    real(c_double), allocatable :: h_values(:)
    integer, allocatable :: h_offsets(:), h_columns(:)
    integer :: n_h, row, e, f, j
    logical :: mirrored
    do j = 1, n_rows
      lambda(j) = 1 + 0.1d0 * (j - 1)
    end do
    call check(fecontact_mortar_step(m, t, 1, x, FECONTACT_MORTAR_STANDARD, multipliers=lambda(1:n_rows - 1)) == -1, &
               'Hessian: too few multipliers')
    call check(index(fecontact_last_error(), 'multipliers') > 0, fecontact_last_error())
    call check(fecontact_mortar_step(m, t, 1, x, FECONTACT_MORTAR_STANDARD, multipliers=lambda) == 0, 'Hessian step')
    call check(fecontact_mortar_counts(m, n_hessian_entries=n_h) == 0 .and. n_h > 0, 'Hessian count')
    allocate(h_offsets(3 * node_count + 1), h_columns(n_h), h_values(n_h))
    call check(fecontact_get_gap_hessian(m, node_count, h_offsets, h_columns, h_values) == 0, 'Hessian')
    call check(fecontact_get_gap_hessian(m, node_count, columns=h_columns(1:n_h - 1)) == -1, 'Hessian: too small an array')
    call check(h_offsets(1) == 1 .and. h_offsets(3 * node_count + 1) == n_h + 1, 'Hessian offsets from 1')
    call check(all(h_columns >= 1 .and. h_columns <= 3 * node_count), 'Hessian columns from 1')
    scale = maxval(abs(h_values))
    do row = 1, 3 * node_count
      axis_sum = 0
      do e = h_offsets(row), h_offsets(row + 1) - 1
        axis_sum(mod(h_columns(e) - 1, 3) + 1) = axis_sum(mod(h_columns(e) - 1, 3) + 1) + h_values(e)
        mirrored = .false.
        do f = h_offsets(h_columns(e)), h_offsets(h_columns(e) + 1) - 1
          if (h_columns(f) == row) mirrored = abs(h_values(f) - h_values(e)) <= 1d-13 * scale
        end do
        call check(mirrored, 'Hessian: symmetric')
      end do
      call check(all(abs(axis_sum) <= 1d-12 * scale), 'Hessian: translation invariant')
    end do
  end subroutine hessian

  ! Cells, quadrature points, uncovered nodes and T of the standard-basis step: each cell's 7 weights
  ! add up to the area of its triangle of vertices, and all weights to the sum of D's entries
  ! (sum_j Phi_j = sum_k N_k = 1); faces and nodes from 1; an uncovered node's weighted gap is 0;
  ! linear faces have no T.
  subroutine mortar_cells(m, d_values, nodes, gaps)
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(in) :: d_values(:), gaps(:)
    integer, intent(in) :: nodes(:)
    real(c_double), allocatable :: vertices(:,:,:), slave_local(:,:), master_local(:,:), weight(:)
    integer, allocatable :: slave_face(:), master_face(:), uncovered(:)
    real(c_double) :: area
    integer :: n_cells, n_uncovered, n_t, c, k
    call check(fecontact_mortar_counts(m, n_cells=n_cells, n_uncovered=n_uncovered) == 0, 'cell counts')
    call check(n_cells > 0, 'cells')
    allocate(vertices(3, 3, n_cells), slave_face(n_cells), master_face(n_cells))
    allocate(slave_local(2, 7 * n_cells), master_local(2, 7 * n_cells), weight(7 * n_cells), uncovered(n_uncovered))
    call check(fecontact_get_mortar_cells(m, slave_face, master_face, vertices) == 0, 'cells')
    call check(fecontact_get_mortar_cells(m, slave_face(1:n_cells - 1)) == -1, 'cells: too small an array')
    call check(fecontact_get_mortar_points(m, slave_local, master_local, weight) == 0, 'points')
    call check(fecontact_get_mortar_points(m, weight=weight(1:7 * n_cells - 1)) == -1, 'points: too small an array')
    call check(all(slave_face >= 1 .and. slave_face <= slave_cells**2) .and. all(master_face >= 1), 'cell faces from 1')
    do c = 1, n_cells
      area = 0.5d0 * norm2(cross(vertices(:, 2, c) - vertices(:, 1, c), vertices(:, 3, c) - vertices(:, 1, c)))
      call check(abs(sum(weight(7 * (c - 1) + 1:7 * c)) - area) <= 1d-13 * max(area, 1d-3), 'cell weights: its area')
    end do
    call check(abs(sum(weight) - sum(d_values)) <= 1d-12 * sum(weight), 'weights: the sum of D')
    call check(all(abs(slave_local) <= 1 + 1d-12) .and. all(abs(master_local) <= 1 + 1d-12), 'points on the faces')
    call check(fecontact_get_uncovered_slave_nodes(m, uncovered) == 0, 'uncovered nodes')
    do k = 1, n_uncovered
      call check(any(nodes == uncovered(k)), 'uncovered: a slave node')
      call check(all(pack(gaps, nodes == uncovered(k)) == 0), 'uncovered: gap 0')
    end do
    call check(fecontact_get_slave_transformation(m, n_entries=n_t) == 0 .and. n_t == 0, 'linear faces: no T')
  end subroutine mortar_cells

  function cross(a, b)
    real(c_double), intent(in) :: a(3), b(3)
    real(c_double) :: cross(3)
    cross = [a(2) * b(3) - a(3) * b(2), a(3) * b(1) - a(1) * b(3), a(1) * b(2) - a(2) * b(1)]
  end function cross

  ! Friction: accepted at step 1 (its D and M given), the weighted slip at step 2 equals
  ! tau . (sum (M - M1) x - sum (D - D1) x) recomputed from both steps' matrices at step 2's x.
  subroutine friction(t, m, x1, d1_rows, d1_columns, d1_values, m1_rows, m1_columns, m1_values)
    type(fecontact_search), intent(in) :: t
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(in) :: x1(3, node_count), d1_values(:), m1_values(:)
    integer, intent(in) :: d1_rows(:), d1_columns(:), m1_rows(:), m1_columns(:)
    real(c_double) :: x(3, node_count), tangents(3, 2, slave_count), slip(2, slave_count), u(3), scale
    real(c_double), allocatable :: d_values(:), m_values(:)
    integer, allocatable :: d_rows(:), d_columns(:), m_rows(:), m_columns(:), s_offsets(:), s_columns(:)
    integer :: nodes(slave_count), n_d, n_m, n_s, j, e
    call check(fecontact_mortar_accept_step(m) == 0, 'accept step')
    call coordinates(2, x)
    call check(any(x /= x1), 'step 2 moves')
    call check(fecontact_search_step(t, x) == 0, 'step 2')
    call check(fecontact_mortar_step(m, t, 1, x, FECONTACT_MORTAR_STANDARD, jacobian=.true.) == 0, 'mortar step 2')
    call check(fecontact_mortar_counts(m, n_d_entries=n_d, n_m_entries=n_m) == 0, 'mortar counts 2')
    allocate(d_rows(n_d), d_columns(n_d), d_values(n_d), m_rows(n_m), m_columns(n_m), m_values(n_m))
    call check(fecontact_get_mortar_matrices(m, d_rows, d_columns, d_values, m_rows, m_columns, m_values) == 0, 'D, M 2')
    call check(fecontact_get_weighted_gaps(m, nodes) == 0, 'slave nodes 2')
    call check(fecontact_get_weighted_slip(m, tangents, slip) == 0, 'weighted slip')
    call check(fecontact_get_weighted_slip(m, slip=slip(:, 1:slave_count - 1)) == -1, 'slip: too small an array')
    scale = maxval(abs(slip))
    call check(scale > 1d-6, 'the slave slid')
    do j = 1, slave_count
      u = 0
      do e = 1, n_m
        if (m_rows(e) == nodes(j)) u = u + m_values(e) * x(:, m_columns(e))
      end do
      do e = 1, size(m1_values)
        if (m1_rows(e) == nodes(j)) u = u - m1_values(e) * x(:, m1_columns(e))
      end do
      do e = 1, n_d
        if (d_rows(e) == nodes(j)) u = u - d_values(e) * x(:, d_columns(e))
      end do
      do e = 1, size(d1_values)
        if (d1_rows(e) == nodes(j)) u = u + d1_values(e) * x(:, d1_columns(e))
      end do
      call check(all(abs(matmul(u, tangents(:, :, j)) - slip(:, j)) <= 1d-12 * scale), 'slip from D, M and D1, M1')
    end do
    call check(fecontact_mortar_counts(m, n_slip_jacobian_entries=n_s) == 0, 'slip Jacobian count')
    call check(n_s > 0, 'slip Jacobian entries')
    allocate(s_offsets(2 * slave_count + 1), s_columns(n_s))
    call check(fecontact_get_slip_jacobian(m, s_offsets, s_columns) == 0, 'slip Jacobian')
    call check(s_offsets(1) == 1 .and. s_offsets(2 * slave_count + 1) == n_s + 1, 'slip Jacobian offsets from 1')
    call check(all(s_columns >= 1 .and. s_columns <= 3 * node_count), 'slip Jacobian columns from 1')
    call matrix_jacobians(t, m, x, n_d, n_m)
  end subroutine friction

  ! D's and M's Jacobians: one row per triplet of D and M (offsets from 1), each row translation
  ! invariant (its entries of one axis sum to 0).
  subroutine matrix_jacobians(t, m, x, n_d, n_m)
    type(fecontact_search), intent(in) :: t
    type(fecontact_mortar), intent(in) :: m
    real(c_double), intent(in) :: x(3, node_count)
    integer, intent(in) :: n_d, n_m
    integer, allocatable :: d_offsets(:), d_columns(:), m_offsets(:), m_columns(:)
    real(c_double), allocatable :: d_values(:), m_values(:)
    real(c_double) :: axis_sum(3)
    integer :: ed, em, row, e
    call check(fecontact_mortar_step(m, t, 1, x, FECONTACT_MORTAR_STANDARD, matrix_jacobians=.true.) == 0, &
               'mortar step with matrix Jacobians')
    call check(fecontact_mortar_counts(m, n_d_jacobian_entries=ed, n_m_jacobian_entries=em) == 0, 'matrix Jacobian counts')
    call check(ed > 0 .and. em > 0, 'matrix Jacobian entries')
    allocate(d_offsets(n_d + 1), d_columns(ed), d_values(ed), m_offsets(n_m + 1), m_columns(em), m_values(em))
    call check(fecontact_get_matrix_jacobians(m, d_offsets, d_columns, d_values, m_offsets, m_columns, m_values) == 0, &
               'matrix Jacobians')
    call check(fecontact_get_matrix_jacobians(m, d_columns=d_columns(1:ed - 1)) == -1, 'matrix Jacobians: too small')
    call check(d_offsets(1) == 1 .and. d_offsets(n_d + 1) == ed + 1 .and. m_offsets(1) == 1 .and. &
               m_offsets(n_m + 1) == em + 1, 'matrix Jacobian offsets from 1')
    do row = 1, n_d
      axis_sum = 0
      do e = d_offsets(row), d_offsets(row + 1) - 1
        axis_sum(mod(d_columns(e) - 1, 3) + 1) = axis_sum(mod(d_columns(e) - 1, 3) + 1) + d_values(e)
      end do
      call check(all(abs(axis_sum) <= 1d-12 * max(1d-300, sum(abs(d_values(d_offsets(row):d_offsets(row + 1) - 1))))), &
                 'dD: translation invariant')
    end do
    do row = 1, n_m
      axis_sum = 0
      do e = m_offsets(row), m_offsets(row + 1) - 1
        axis_sum(mod(m_columns(e) - 1, 3) + 1) = axis_sum(mod(m_columns(e) - 1, 3) + 1) + m_values(e)
      end do
      call check(all(abs(axis_sum) <= 1d-12 * max(1d-300, sum(abs(m_values(m_offsets(row):m_offsets(row + 1) - 1))))), &
                 'dM: translation invariant')
    end do
  end subroutine matrix_jacobians

  subroutine geometry()
    real(c_double), parameter :: cube(3, 8) = reshape([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, &
                                                       0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1], [3, 8])
    real(c_double) :: volume, mass, center(3), inertia(3, 3), axes(3, 3), half(3), values(3), vectors(3, 3)
    real(c_double) :: box(3, 8), a(3, 3)
    integer :: corner, status
    ! unit cube: I = diag(1/6) about its centre; density 2 doubles mass and inertia
    call check(fecontact_mass_properties(FECONTACT_HEX8, reshape([1, 2, 3, 4, 5, 6, 7, 8], [8, 1]), cube, volume, &
               mass, center, inertia, [2d0]) == 0, 'mass properties')
    call check(abs(volume - 1) < 1d-14 .and. abs(mass - 2) < 1d-14, 'volume 1, mass 2')
    call check(all(abs(center - 0.5d0) < 1d-14), 'centre')
    call check(abs(inertia(1, 1) - 1d0 / 3) < 1d-14 .and. abs(inertia(3, 3) - 1d0 / 3) < 1d-14 .and. &
               abs(inertia(1, 2)) < 1d-14, 'inertia 2/6 on the diagonal')
    status = fecontact_mass_properties(FECONTACT_TET4, reshape([1, 2, 3, 5], [4, 1]), cube, volume, mass, center, inertia)
    call check(status == 0, 'tet4')
    call check(abs(volume - 1d0 / 6) < 1d-15, 'tet4 of volume 1/6')
    call check(fecontact_mass_properties(FECONTACT_TET4, reshape([1, 3, 2, 5], [4, 1]), cube, volume, mass, center, &
               inertia) == -1, 'an inverted tet4')
    call check(index(fecontact_last_error(), 'element 0 is inverted') > 0, fecontact_last_error())
    ! a box of half extents (0.5, 1, 2) about the z axis turned by 30 degrees: its OBB
    do corner = 1, 8
      box(:, corner) = [0.5d0, 1d0, 2d0] * (2 * cube(:, corner) - 1)
      box(:, corner) = [cos(pi / 6) * box(1, corner) - sin(pi / 6) * box(2, corner), &
                        sin(pi / 6) * box(1, corner) + cos(pi / 6) * box(2, corner), box(3, corner) + 5]
    end do
    call check(fecontact_fit_obb(box, center, axes, half) == 0, 'fit_obb')
    call check(all(abs(half - [0.5d0, 1d0, 2d0]) < 1d-13) .and. all(abs(center - [0d0, 0d0, 5d0]) < 1d-13), &
               'OBB half extents and centre')
    call check(abs(abs(axes(1, 1)) - cos(pi / 6)) < 1d-13 .and. abs(abs(axes(2, 1)) - sin(pi / 6)) < 1d-13, &
               'OBB axis 1 along the box''s shortest side')
    call check(fecontact_fit_aabb(box, center, half) == 0, 'fit_aabb')
    call check(abs(half(3) - 7) < 1d-14, 'AABB top at z = 7')
    ! eigenpairs of diag(3, 1, 2)
    a = reshape([3, 0, 0, 0, 1, 0, 0, 0, 2], [3, 3])
    call check(fecontact_eigen_symmetric3(a, values, vectors) == 0, 'eigen')
    call check(all(abs(values - [1d0, 2d0, 3d0]) < 1d-15), 'eigenvalues ascending')
    call check(abs(vectors(2, 1) - 1) < 1d-15 .and. abs(vectors(3, 2) - 1) < 1d-15 .and. abs(vectors(1, 3) - 1) < 1d-15, &
               'eigenvectors as columns')
  end subroutine geometry

  ! The closest faces of a flat 2 x 1 grid of quad4 over [0, 2] x [0, 1] (faces as (4, n) and
  ! as offsets), against closed forms: above face 2, beyond its edge x = 2, out of reach.
  subroutine closest_faces()
    type(fecontact_closest_face_search) :: c, d
    real(c_double), parameter :: grid(3, 6) = reshape([0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0], [3, 6])
    real(c_double), parameter :: points(3, 3) = reshape([1.5d0, 0.25d0, 0.5d0, 3d0, 0.5d0, 0d0, 0d0, 0d0, 9d0], &
                                                        [3, 3])
    integer :: face(3)
    real(c_double) :: distance(3), point(3, 3), local(2, 3)
    call check(fecontact_closest_face_search_new(c, reshape([1, 2, 5, 4, 2, 3, 6, 5], [4, 2])) == 0, 'closest new')
    call check(fecontact_closest_face_search_update(c, grid) == 0, 'closest update')
    call check(fecontact_find_closest_faces(c, points, 2d0, 0d0, face, distance, point, local) == 0, 'find closest')
    call check(all(face == [2, 2, 0]), 'closest faces 2, 2 and none')
    call check(abs(distance(1) - 0.5d0) < 1d-15 .and. abs(distance(2) - 1) < 1d-15 .and. distance(3) > huge(1d0), &
               'closest distances 0.5, 1, +inf')
    call check(all(abs(point(:, 1) - [1.5d0, 0.25d0, 0d0]) < 1d-15) .and. &
               all(abs(local(:, 1) - [0d0, -0.5d0]) < 1d-14), 'closest point and local coordinates')
    call check(all(abs(point(:, 2) - [2d0, 0.5d0, 0d0]) < 1d-15), 'closest point on the edge')
    call check(fecontact_find_closest_faces(c, points(:, 3:3), huge(1d0), 0d0, face(1:1)) == 0 .and. face(1) == 1, &
               'at any distance: face 1, whose corner (0, 0) is nearest')
    call check(fecontact_find_closest_faces(c, points, -1d0, 0d0, face) == -1, 'negative max_distance')
    call check(index(fecontact_last_error(), 'fecontact_find_closest_faces: ') == 1, fecontact_last_error())
    call check(fecontact_find_closest_faces(c, points, 1d0, 0d0, face(1:2)) == -1, 'face too small')
    call fecontact_closest_face_search_free(c)
    call check(fecontact_closest_face_search_new(d, [1, 5, 9], [1, 2, 5, 4, 2, 3, 6, 5]) == 0, 'closest new (offsets)')
    call check(fecontact_closest_face_search_update(d, grid(:, 1:5)) == -1, 'node 6 missing')
    call check(index(fecontact_last_error(), 'face 1 has node 5, outside the 5 coordinates') > 0, fecontact_last_error())
    call fecontact_closest_face_search_free(d)
  end subroutine closest_faces
end program fortran_test
