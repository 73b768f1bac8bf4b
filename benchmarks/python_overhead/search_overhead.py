# SPDX-License-Identifier: BSD-3-Clause
"""What a contact-search step costs from Python over the same step in C++.

Runs bench_search_step (C++: a ContactSearch searched again and again into results it keeps)
and the same step through the module (fecontact.ContactSearch.search, which also checks the
coordinates and copies the results into numpy arrays) in turn, round after round, and prints
each side's median step time per round, the difference and the ratio, then the medians over
the rounds. Both sides must report the same contacts (count and checksum of the gaps). As the
difference of two noisy times is itself noisy, the fixed cost of a call is also timed alone:
a search without interfaces (the coordinates' checks, the GIL released and taken back) and one
of a single node against a single face far from it (a result of empty arrays).

usage: python3 search_overhead.py BENCH_SEARCH_STEP MESH [--tolerance D] [--runs N] [--rounds R]
       (interface: cylinder_surface on block_top, as in the demo; defaults: tolerance 0.02,
       200 runs, 5 rounds)
"""

import argparse
import statistics
import struct
import subprocess
import time

import fecontact

SLAVE, MASTER = "cylinder_surface", "block_top"


def fnv1a(values):
    """The checksum of bench::Checksum over the doubles' bytes."""
    h = 0xCBF29CE484222325
    for byte in b"".join(struct.pack("<d", v) for v in values):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def cpp_step(driver, mesh, tolerance, runs):
    out = subprocess.run([driver, mesh, SLAVE, MASTER, repr(tolerance), "--runs", str(runs)],
                         check=True, capture_output=True, text=True).stdout.split()
    fields = dict(zip(out[::2], out[1::2]))
    return float(fields["median_us"]), int(fields["contacts"]), fields["checksum"]


def python_step(search, coordinates, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        results = search.search(coordinates)
        times.append(time.perf_counter() - start)
    median = statistics.median(times) * 1e6
    return (median, len(results[0]), fnv1a(results[0].gap)) if results else (median, 0, "")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("driver")
    parser.add_argument("mesh")
    parser.add_argument("--tolerance", type=float, default=0.02)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    mesh = fecontact.read_mesh(args.mesh)
    search = fecontact.ContactSearch(mesh, [fecontact.Interface(slave=SLAVE, master=MASTER, tolerance=args.tolerance)])
    coordinates = mesh.coordinates
    search.search(coordinates)  # builds the trees
    print("round   C++ us  Python us  Python - C++ us  Python / C++")
    rows = []
    for k in range(args.rounds):
        cpp, cpp_contacts, cpp_sum = cpp_step(args.driver, args.mesh, args.tolerance, args.runs)
        py, py_contacts, py_sum = python_step(search, coordinates, args.runs)
        if (cpp_contacts, cpp_sum) != (py_contacts, py_sum):
            raise SystemExit(f"the two steps disagree: C++ {cpp_contacts} {cpp_sum}, Python {py_contacts} {py_sum}")
        rows.append((cpp, py, py - cpp, py / cpp))
        print(f"{k:5} {cpp:8.1f} {py:10.1f} {py - cpp:16.1f} {py / cpp:13.3f}")
    medians = [statistics.median(column) for column in zip(*rows)]
    print(f"median {medians[0]:7.1f} {medians[1]:10.1f} {medians[2]:16.1f} {medians[3]:13.3f}"
          f"   ({py_contacts} contacts, {mesh.node_count} nodes)")
    empty = fecontact.ContactSearch(mesh, [])
    by_x = coordinates[:, 0].argsort()  # the node of largest x against a face of the smallest
    far = fecontact.ContactSearch(mesh, [fecontact.Interface(slave=by_x[-1:], master=[by_x[:3]], tolerance=0.0)])
    if len(far.search(coordinates)[0]) != 0:
        raise SystemExit("the far interface has contacts")
    print(f"fixed cost of a call: {python_step(empty, coordinates, args.runs)[0]:.1f} us without interfaces, "
          f"{python_step(far, coordinates, args.runs)[0]:.1f} us with one interface of empty results")


if __name__ == "__main__":
    main()
