! SPDX-License-Identifier: BSD-3-Clause
! The Fortran module of the MPI search (fecontact_mpi.f90) on a bump and a sheet above it split
! over the ranks (as partition.h splits the C test's scene: master faces by column of cells,
! slave nodes and faces by row), against the serial search of module fecontact over the whole
! scene on each rank: node contacts (with their frames, weights and slip since the accepted step)
! and face pairs of each rank's slave nodes and faces, equal bit for bit, over three steps; an error on one rank fails every rank's step. Global ids are
! the serial search's 1-based node and face numbers. Prints "N passed, N failed" per rank.
program fortran_mpi_test
  use, intrinsic :: iso_c_binding, only: c_double
  use mpi
  use fecontact
  use fecontact_mpi
  implicit none
  integer, parameter :: mc = 6, ms = mc + 1, master_count = ms * ms, master_faces = mc * mc
  integer, parameter :: sc = 6, ss = sc + 1, slave_count = ss * ss, slave_faces = sc * sc
  integer, parameter :: node_count = master_count + slave_count, steps = 3
  real(c_double), parameter :: tolerance = 0.05d0, pi = 3.14159265358979323846d0
  real(c_double) :: xyz(3, node_count)
  integer :: mfaces(4, master_faces), sfaces(4, slave_faces), slaves(slave_count)
  integer :: lid(node_count), ids(node_count), n_local
  integer, allocatable :: my_mfaces(:,:), my_mface_ids(:), my_sfaces(:,:), my_sface_ids(:), my_slaves(:)
  integer :: rank, ranks, ierr, passed = 0, failed = 0, k, step, status
  integer :: totals(4) = 0  ! contacts, of them across ranks, pairs, contacts with an accepted one
  type(fecontact_search) :: serial
  type(fecontact_mpi_search) :: s

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, ranks, ierr)
  call make_scene()
  call make_part()

  call check(fecontact_search_new(serial) == 0, 'serial search')
  call check(fecontact_add_node_to_surface(serial, mfaces, slaves, tolerance) == 1, 'serial node-to-surface')
  call check(fecontact_add_surface_to_surface(serial, mfaces, sfaces, tolerance) == 2, 'serial surface-to-surface')
  call check(fecontact_mpi_search_new(s, mpi_comm_world) == 0, 'fecontact_mpi_search_new')
  call check(fecontact_mpi_set_nodes(s, ids(1:n_local)) == 0, 'fecontact_mpi_set_nodes')
  call check(fecontact_mpi_add_node_to_surface(s, my_mfaces, my_mface_ids, my_slaves, tolerance) == 1, &
             'fecontact_mpi_add_node_to_surface')
  call check(fecontact_mpi_add_surface_to_surface(s, my_mfaces, my_mface_ids, my_sfaces, my_sface_ids, tolerance) == 2, &
             'fecontact_mpi_add_surface_to_surface')
  ! Each call on a line of its own: gfortran may skip an impure function in a logical expression.
  ! The serial search's options as text, the MPI search's by the generic's typed forms.
  call check(fecontact_set_option(serial, 1, 'skin', '0.02') == 0, 'serial skin')
  call check(fecontact_mpi_set_option(s, 1, 'skin', 2.0d-2) == 0, 'skin by real(c_double)')
  call check(fecontact_mpi_set_option(s, 1, 'skin', 1) == -1, 'skin by integer refused')
  call check(index(fecontact_last_error(), 'fecontact_mpi_set_option_int: option "skin" takes a number') == 1, &
             'skin by integer: the message')
  call check(fecontact_set_option(serial, 1, 'track_slip', 'on') == 0, 'serial track_slip')
  call check(fecontact_mpi_set_option(s, 1, ' track_slip ', .true.) == 0, 'track_slip by logical')
  call check(fecontact_mpi_set_option(s, 2, 'bv', ' aabb ') == 0, 'bv by text, blanks trimmed')
  do step = 0, steps - 1
    call coordinates(step)
    call check(fecontact_search_step(serial, xyz) == 0, 'serial step')
    status = fecontact_mpi_search_step(s, xyz(:, ids(1:n_local)))
    call check(status == 0, 'fecontact_mpi_search_step')
    if (status /= 0) then
      print '(a)', fecontact_last_error()
      exit
    end if
    call check_contacts()
    call check_pairs()
    call check(fecontact_accept_step(serial) == 0, 'serial accept_step')
    call check(fecontact_mpi_accept_step(s) == 0, 'fecontact_mpi_accept_step')
  end do
  call mpi_allreduce(mpi_in_place, totals, 4, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  if (rank == 0) print '(i0, a, i0, a, i0, a, i0, a)', totals(1), ' contacts (', totals(2), &
      ' with the master face on another rank, ', totals(4), ' with slip), ', totals(3), ' pairs'
  call check(totals(1) > 0 .and. totals(3) > 0 .and. totals(4) > 0 .and. (ranks == 1 .or. totals(2) > 0), &
             'contacts, slip and pairs seen')
  call fecontact_mpi_search_free(s)
  call fecontact_search_free(serial)
  call check_error()

  print '(i0, a, i0, a)', passed, ' passed, ', failed, ' failed'
  call mpi_finalize(ierr)
  if (failed > 0 .or. passed == 0) stop 1

contains

  subroutine check(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (condition) then
      passed = passed + 1
    else
      failed = failed + 1
      print '(a, i0, 2a)', 'rank ', rank, ': check failed: ', what
    end if
  end subroutine check

  integer function master_rank(f)  ! f from 1
    integer, intent(in) :: f
    master_rank = mod(f - 1, mc) * ranks / mc
  end function master_rank

  integer function slave_rank(k)  ! slave node or face k from 1, by row
    integer, intent(in) :: k
    slave_rank = ((k - 1) / ss) * ranks / ss
  end function slave_rank

  integer function slave_face_rank(f)
    integer, intent(in) :: f
    slave_face_rank = ((f - 1) / sc) * ranks / sc
  end function slave_face_rank

  subroutine make_scene()
    integer :: a, b, f, first
    f = 0
    do b = 0, mc - 1
      do a = 0, mc - 1
        f = f + 1
        first = b * ms + a + 1
        mfaces(:, f) = [first, first + 1, first + ms + 1, first + ms]  ! counter-clockwise from +z
      end do
    end do
    f = 0
    do b = 0, sc - 1
      do a = 0, sc - 1
        f = f + 1
        first = master_count + b * ss + a + 1
        sfaces(:, f) = [first, first + ss, first + ss + 1, first + 1]  ! clockwise: the sheet faces down
      end do
    end do
    slaves = [(master_count + k, k = 1, slave_count)]
  end subroutine make_scene

  ! The bump tilts, the sheet slides and sinks.
  subroutine coordinates(step)
    integer, intent(in) :: step
    integer :: i, j, n
    real(c_double) :: x, y
    do j = 0, ms - 1
      do i = 0, ms - 1
        n = j * ms + i + 1
        x = -1 + 2d0 * i / (ms - 1)
        y = -1 + 2d0 * j / (ms - 1)
        xyz(:, n) = [x, y, 0.05d0 * cos(pi * x / 2) * cos(pi * y / 2) + 0.002d0 * step * x]
      end do
    end do
    do j = 0, ss - 1
      do i = 0, ss - 1
        n = master_count + j * ss + i + 1
        x = -0.7d0 + 1.4d0 * i / (ss - 1)
        y = -0.7d0 + 1.4d0 * j / (ss - 1)
        xyz(:, n) = [x + 0.01d0 * step, y + 0.005d0 * step, 0.06d0 - 0.08d0 * (x * x + y * y) - 0.004d0 * step]
      end do
    end do
  end subroutine coordinates

  ! This rank's faces, slave nodes and nodes (those they use, ascending global id).
  subroutine make_part()
    logical :: used(node_count)
    integer :: f, mine_m(master_faces), mine_s(slave_faces), mine_n(slave_count), nm, ns, nn
    used = .false.
    nm = 0
    ns = 0
    nn = 0
    do f = 1, master_faces
      if (master_rank(f) == rank) then
        nm = nm + 1
        mine_m(nm) = f
        used(mfaces(:, f)) = .true.
      end if
    end do
    do f = 1, slave_faces
      if (slave_face_rank(f) == rank) then
        ns = ns + 1
        mine_s(ns) = f
        used(sfaces(:, f)) = .true.
      end if
    end do
    do k = 1, slave_count
      if (slave_rank(k) == rank) then
        nn = nn + 1
        mine_n(nn) = k
        used(slaves(k)) = .true.
      end if
    end do
    n_local = 0
    lid = 0
    do k = 1, node_count
      if (used(k)) then
        n_local = n_local + 1
        lid(k) = n_local
        ids(n_local) = k
      end if
    end do
    allocate(my_mfaces(4, nm), my_mface_ids(nm), my_sfaces(4, ns), my_sface_ids(ns), my_slaves(nn))
    do f = 1, nm
      my_mfaces(:, f) = lid(mfaces(:, mine_m(f)))
      my_mface_ids(f) = mine_m(f)
    end do
    do f = 1, ns
      my_sfaces(:, f) = lid(sfaces(:, mine_s(f)))
      my_sface_ids(f) = mine_s(f)
    end do
    my_slaves = lid(slaves(mine_n(1:nn)))
  end subroutine make_part

  ! This rank's contacts are the serial search's contacts of its slave nodes, in order.
  subroutine check_contacts()
    integer :: n_serial, n, j
    integer, allocatable :: node(:), face(:), my_node(:), my_face(:), my_rank(:), nodes(:,:), my_nodes(:,:)
    real(c_double), allocatable :: gap(:), normal(:,:), point(:,:), my_gap(:), my_normal(:,:), my_point(:,:)
    real(c_double), allocatable :: local(:,:), t1(:,:), t2(:,:), weights(:,:), slip(:,:)
    real(c_double), allocatable :: my_local(:,:), my_t1(:,:), my_t2(:,:), my_weights(:,:), my_slip(:,:)
    logical, allocatable :: new_contact(:), my_new_contact(:)
    n_serial = fecontact_contact_count(serial, 1)
    n = fecontact_mpi_contact_count(s, 1)
    call check(n_serial >= 0 .and. n >= 0, 'contact counts')
    allocate(node(n_serial), face(n_serial), gap(n_serial), normal(3, n_serial), point(3, n_serial))
    allocate(my_node(n), my_face(n), my_rank(n), my_gap(n), my_normal(3, n), my_point(3, n))
    call check(fecontact_get_contacts(serial, 1, node, face, gap, normal, point) == 0, 'serial contacts')
    call check(fecontact_mpi_get_contacts(s, 1, my_node, my_face, my_rank, my_gap, my_normal, my_point) == 0, &
               'fecontact_mpi_get_contacts')
    allocate(local(2, n_serial), t1(3, n_serial), t2(3, n_serial), nodes(9, n_serial), weights(9, n_serial))
    allocate(slip(3, n_serial), new_contact(n_serial))
    allocate(my_local(2, n), my_t1(3, n), my_t2(3, n), my_nodes(9, n), my_weights(9, n), my_slip(3, n), my_new_contact(n))
    call check(fecontact_get_contact_frames(serial, 1, local, t1, t2) == 0, 'serial frames')
    call check(fecontact_get_contact_weights(serial, 1, nodes, weights) == 0, 'serial weights')
    call check(fecontact_get_contact_slip(serial, 1, slip, new_contact) == 0, 'serial slip')
    call check(fecontact_mpi_get_contact_frames(s, 1, my_local, my_t1, my_t2) == 0, 'fecontact_mpi_get_contact_frames')
    call check(fecontact_mpi_get_contact_weights(s, 1, my_nodes, my_weights) == 0, 'fecontact_mpi_get_contact_weights')
    call check(fecontact_mpi_get_contact_slip(s, 1, my_slip, my_new_contact) == 0, 'fecontact_mpi_get_contact_slip')
    where (nodes == 0) nodes = -1  ! the serial module's "no node" (0, from 1) as the ids' (-1)
    j = 0
    do k = 1, n_serial
      if (slave_rank(node(k) - master_count) /= rank) cycle
      j = j + 1
      if (j > n) exit
      call check(my_node(j) == node(k) .and. my_face(j) == face(k), 'contact node and face')
      call check(my_gap(j) == gap(k) .and. all(my_normal(:, j) == normal(:, k)) .and. all(my_point(:, j) == point(:, k)), &
                 'contact gap, normal, point bit for bit')
      call check(my_rank(j) == master_rank(face(k)), 'the rank of the master face')
      call check(all(my_local(:, j) == local(:, k)) .and. all(my_t1(:, j) == t1(:, k)) .and. &
                 all(my_t2(:, j) == t2(:, k)), 'contact frame bit for bit')
      call check(all(my_nodes(:, j) == nodes(:, k)) .and. all(my_weights(:, j) == weights(:, k)), &
                 'master nodes and weights bit for bit')
      call check(all(my_slip(:, j) == slip(:, k)) .and. (my_new_contact(j) .eqv. new_contact(k)), 'slip bit for bit')
      if (.not. new_contact(k)) totals(4) = totals(4) + 1
      if (my_rank(j) /= rank) totals(2) = totals(2) + 1
    end do
    call check(j == n, 'as many contacts as the serial search has of this rank''s slave nodes')
    totals(1) = totals(1) + n
  end subroutine check_contacts

  ! This rank's pairs are the serial search's pairs of its slave faces, in order.
  subroutine check_pairs()
    integer :: n_serial, n, j
    integer, allocatable :: slave(:), master(:), my_slave(:), my_master(:), my_rank(:)
    real(c_double), allocatable :: distance(:), my_distance(:)
    n_serial = fecontact_pair_count(serial, 2)
    n = fecontact_mpi_pair_count(s, 2)
    call check(n_serial >= 0 .and. n >= 0, 'pair counts')
    allocate(slave(n_serial), master(n_serial), distance(n_serial), my_slave(n), my_master(n), my_rank(n), my_distance(n))
    call check(fecontact_get_pairs(serial, 2, slave, master, distance) == 0, 'serial pairs')
    call check(fecontact_mpi_get_pairs(s, 2, my_slave, my_master, my_rank, my_distance) == 0, 'fecontact_mpi_get_pairs')
    j = 0
    do k = 1, n_serial
      if (slave_face_rank(slave(k)) /= rank) cycle
      j = j + 1
      if (j > n) exit
      call check(my_slave(j) == slave(k) .and. my_master(j) == master(k) .and. my_distance(j) == distance(k), &
                 'pair bit for bit')
      call check(my_rank(j) == master_rank(master(k)), 'the rank of the master face of a pair')
    end do
    call check(j == n, 'as many pairs as the serial search has of this rank''s slave faces')
    totals(3) = totals(3) + n
  end subroutine check_pairs

  ! One triangle per rank; on the last rank one of its nodes is 4 of its 3: every rank's step fails.
  subroutine check_error()
    type(fecontact_mpi_search) :: e
    integer :: face(3, 1)
    character(len=:), allocatable :: message
    character(len=16) :: expected
    real(c_double) :: corners(3, 3) = reshape([0d0, 0d0, 0d0, 1d0, 0d0, 0d0, 0d0, 1d0, 0d0], [3, 3])
    face(:, 1) = [1, 2, 3]
    if (rank == ranks - 1) face(:, 1) = [1, 2, 4]
    call check(fecontact_mpi_search_new(e, mpi_comm_world) == 0, 'fecontact_mpi_search_new')
    call check(fecontact_mpi_set_nodes(e, [1, 2, 3]) == 0, 'fecontact_mpi_set_nodes')
    call check(fecontact_mpi_add_node_to_surface(e, face, [rank + 1], [integer ::], 0.1d0) == 1, 'add')
    call check(fecontact_mpi_search_step(e, corners) == -1, 'the bad node index fails the step')
    message = fecontact_last_error()
    write (expected, '(a, i0, a)') 'rank ', ranks - 1, ': '
    call check(index(message, 'fecontact_mpi_search_step: ' // trim(expected)) == 1 .and. &
               index(message, 'has node 3, outside the 3 nodes') > 0, 'message: ' // message)
    call fecontact_mpi_search_free(e)
  end subroutine check_error
end program fortran_mpi_test
