# SPDX-License-Identifier: BSD-3-Clause
"""The type stubs (fecontact/__init__.pyi) name exactly what the module offers, so that editors
complete every name and no stub names something that is not there."""

import ast
import inspect
import pathlib

import fecontact


def stub_names():
    tree = ast.parse((pathlib.Path(fecontact.__file__).parent / "__init__.pyi").read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
    return top, members


def test_the_stubs_name_every_public_name_and_member():
    top, members = stub_names()
    assert top == set(fecontact.__all__)
    assert set(fecontact.__all__) == {n for n in dir(fecontact) if not n.startswith("_")} - {"annotations"}
    for name in fecontact.__all__:
        obj = getattr(fecontact, name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            public = {m for m in dir(obj) if not m.startswith("_")} | ({"__init__"} if "__init__" in members[name] else set())
            public |= {"__len__"} & set(dir(obj))
            assert members[name] == public, name
