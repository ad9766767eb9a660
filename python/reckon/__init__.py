"""Reckon from Python: load a scenario file, read its cases' values as quantities, sweep
them into pandas DataFrames, and explain them (docs/python.md).

    >>> import reckon
    >>> program = reckon.load("scenarios/training.rk")
    >>> case = program["Gpt3ActivationsMicrobatch4"]
    >>> case.activations("selective")            # doctest: +SKIP
"""

import threading

from .errors import CaseNotFoundError, ReadError, ReckonError
from .program import Case, Explanation, Member, Program, Record
from .quantity import BASE_UNITS, Quantity
from .pint_units import pint_registry

__all__ = ["load", "eval", "explain", "Program", "Case", "Quantity", "Record", "Member",
           "Explanation", "ReckonError", "CaseNotFoundError", "ReadError", "BASE_UNITS",
           "pint_registry"]

_stdlib = None
_stdlib_lock = threading.Lock()


def load(path, digits=4):
    """The Reckon file at ``path``, loaded and checked (ReckonError if it does not)."""
    return Program(path, digits)


def _standard():
    global _stdlib
    with _stdlib_lock:
        if _stdlib is None:
            _stdlib = Program("")
        return _stdlib


def eval(expression):  # noqa: A001 (the name `reckon eval` has)
    """An expression against the standard library, as ``reckon eval EXPR``:
    ``reckon.eval("80 GiB -> GB")``."""
    return _standard().eval(expression)


def explain(expression, format="text", depth=1):
    """``reckon explain EXPR`` against the standard library."""
    return _standard().explain(expression, format=format, depth=depth)
