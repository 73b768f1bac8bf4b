# SPDX-License-Identifier: BSD-3-Clause
# Type stubs of the fecontact package (the compiled _fecontact module and the meshio helpers).
from os import PathLike
from typing import Any, Mapping, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

_Path = Union[str, PathLike[str]]
_Floats = npt.ArrayLike
_Ints = npt.ArrayLike
_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]
_Side = Union[str, npt.ArrayLike, Sequence[npt.ArrayLike], None]

class ReadError(ValueError):
    file: str
    line: int
    column: int
    message: str

class Block:
    def __init__(self, name: str, type: str, connectivity: _Ints, element_ids: _Ints | None = None) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def connectivity(self) -> _I64: ...
    @property
    def element_ids(self) -> _I64 | None: ...

class Mesh:
    def __init__(
        self,
        coordinates: _Floats,
        blocks: Sequence[Block] = ...,
        node_ids: _Ints | None = None,
        surfaces: Mapping[str, _Ints] = ...,
        node_sets: Mapping[str, _Ints] = ...,
        element_sets: Mapping[str, _Ints] = ...,
        contact_pairs: Sequence[tuple[str, str, str]] = ...,
    ) -> None: ...
    @property
    def coordinates(self) -> _F64: ...
    @property
    def node_ids(self) -> _I64: ...
    @property
    def node_count(self) -> int: ...
    @property
    def blocks(self) -> list[Block]: ...
    @property
    def surfaces(self) -> list[str]: ...
    @property
    def node_sets(self) -> dict[str, _I64]: ...
    @property
    def element_sets(self) -> dict[str, _I64]: ...
    @property
    def contact_pairs(self) -> list[tuple[str, str, str]]: ...
    @property
    def warnings(self) -> list[str]: ...
    def surface_faces(self, name: str) -> _I64: ...
    def surface_nodes(self, name: str) -> _I64: ...
    def node_index(self, ids: _Ints) -> _I64: ...

def read_mesh(path: _Path) -> Mesh: ...
def write_vtu(
    path: _Path, mesh: Mesh, point_data: Mapping[str, npt.ArrayLike] = ..., cell_data: Mapping[str, npt.ArrayLike] = ...
) -> None: ...

class MassProperties:
    @property
    def volume(self) -> float: ...
    @property
    def mass(self) -> float: ...
    @property
    def center_of_mass(self) -> _F64: ...
    @property
    def inertia_com(self) -> _F64: ...
    @property
    def principal_moments(self) -> _F64: ...
    @property
    def principal_axes(self) -> _F64: ...
    def inertia_about(self, point: _Floats) -> _F64: ...

def mass_properties(mesh: Mesh, density: float | Mapping[str, float] | None = None) -> dict[str, MassProperties]: ...

class Interface:
    def __init__(
        self,
        *,
        slave: _Side = None,
        master: _Side,
        mode: str = "node-to-surface",
        tolerance: float,
        bv: str = "aabb",
        skin: float = 0.0,
        relative: bool = False,
        leaves: str = "face",
        patch_faces: int = 8,
        rebuild_factor: float = 1.5,
        track_slip: bool = False,
    ) -> None: ...
    @property
    def slave(self) -> Any: ...
    @property
    def master(self) -> Any: ...
    @property
    def mode(self) -> str: ...
    @property
    def tolerance(self) -> float: ...
    @property
    def relative(self) -> bool: ...
    @property
    def bv(self) -> str: ...
    @property
    def skin(self) -> float: ...
    @property
    def track_slip(self) -> bool: ...

class SearchResult:
    mode: str
    node: _I64
    node_id: _I64
    face: _I64
    face_element_id: _I64
    local_face: _I64
    gap: _F64
    normal: _F64
    point: _F64
    local: _F64
    feature: npt.NDArray[np.int8]
    master_nodes: _I64
    weights: _F64
    tangent1: _F64
    tangent2: _F64
    slip: _F64
    new_contact: npt.NDArray[np.bool_]
    predicted_face: _I64
    predicted_gap: _F64
    predicted_normal: _F64
    predicted_point: _F64
    pair_slave: _I64
    pair_master: _I64
    pair_distance: _F64
    pair_distance_predicted: _F64
    degenerate_master_faces: _I64
    degenerate_slave_faces: _I64
    tolerance: float
    configurations: int
    searched: bool
    rebuilt: bool
    bv_tests: int
    candidates: int
    def __len__(self) -> int: ...

class MortarResult:
    cell_slave_face: _I64
    cell_master_face: _I64
    cell_vertices: _F64
    point_slave_local: _F64
    point_master_local: _F64
    point_weight: _F64
    dropped_slivers: int
    slave_nodes: _I64
    master_nodes: _I64
    D: tuple[_F64, _I64, _I64]
    M: tuple[_F64, _I64, _I64]
    slave_transformation: tuple[_F64, _I64, _I64]
    slave_normals: _F64
    weighted_gap: _F64
    slave_coverage: _F64
    uncovered_slave_nodes: _I64
    gap_jacobian: tuple[_F64, _I64, _I64] | None
    slave_tangents: _F64
    weighted_slip: _F64
    slip_jacobian: tuple[_F64, _I64, _I64] | None
    D_jacobian: tuple[_F64, _I64, _I64] | None
    M_jacobian: tuple[_F64, _I64, _I64] | None
    gap_hessian: tuple[_F64, _I64, _I64] | None

class MortarIntegration:
    has_accepted_step: bool
    def __init__(self) -> None: ...
    def compute(
        self,
        coordinates: _Floats,
        *,
        slave_faces: _Side,
        master_faces: _Side,
        pair_slave: _Ints,
        pair_master: _Ints,
        basis: str = "standard",
        tolerance: float = 1e-12,
        derivatives: bool = False,
        matrix_derivatives: bool = False,
        multipliers: _Floats | None = None,
    ) -> MortarResult: ...
    def accept_step(self) -> None: ...

def mortar_integration(
    coordinates: _Floats,
    *,
    slave_faces: _Side,
    master_faces: _Side,
    pair_slave: _Ints,
    pair_master: _Ints,
    basis: str = "standard",
    tolerance: float = 1e-12,
    derivatives: bool = False,
    matrix_derivatives: bool = False,
    multipliers: _Floats | None = None,
) -> MortarResult: ...

class ClosestFaceSearch:
    def __init__(self, faces: _Side) -> None: ...
    def update(self, coordinates: _Floats) -> None: ...
    def find(
        self, points: _Floats, *, max_distance: float = ..., tie_distance: float = 0.0
    ) -> tuple[_I64, _F64, _F64, _F64]: ...

class ContactSearch:
    @overload
    def __init__(self, mesh: Mesh, interfaces: Sequence[Interface]) -> None: ...
    @overload
    def __init__(self, node_count: int, interfaces: Sequence[Interface]) -> None: ...
    def search(self, coordinates: _Floats, predicted: _Floats | None = None) -> list[SearchResult]: ...
    def accept_step(self) -> None: ...
    @property
    def node_count(self) -> int: ...
    @property
    def build_count(self) -> int: ...
    def __len__(self) -> int: ...
    def slave_nodes(self, interface: int) -> _I64: ...
    def faces(self, interface: int, side: str = "master") -> _I64: ...
    def face_ids(self, interface: int, side: str = "master") -> _I64: ...
    def write_vtu(self, path: _Path, coordinates: _Floats | None = None) -> None: ...

class Aabb:
    def __init__(self, min: _Floats, max: _Floats) -> None: ...
    @property
    def min(self) -> _F64: ...
    @property
    def max(self) -> _F64: ...
    @property
    def center(self) -> _F64: ...
    @property
    def volume(self) -> float: ...
    @property
    def is_empty(self) -> bool: ...
    def contains(self, point: _Floats) -> bool: ...

class Obb:
    @property
    def center(self) -> _F64: ...
    @property
    def axes(self) -> _F64: ...
    @property
    def half_extents(self) -> _F64: ...
    @property
    def volume(self) -> float: ...
    @property
    def is_empty(self) -> bool: ...
    def corners(self) -> _F64: ...
    def contains(self, point: _Floats, tolerance: float = 0.0) -> bool: ...

def eigen_symmetric3(A: _Floats) -> tuple[_F64, _F64]: ...
def fit_aabb(points: _Floats) -> Aabb: ...
def fit_obb(points: _Floats, axes: _Floats | None = None) -> Obb: ...
def from_meshio(mesh: Any) -> Mesh: ...
def to_meshio(mesh: Mesh) -> Any: ...

__all__: list[str]
