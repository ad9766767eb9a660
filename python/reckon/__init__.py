"""Reckon from Python: load a scenario file, read its cases' values as quantities, sweep
them into pandas DataFrames, and explain them (docs/python.md).

    >>> import reckon
    >>> program = reckon.load("scenarios/training.rk")
    >>> case = program["Gpt3ActivationsMicrobatch4"]
    >>> case.activations("selective")            # doctest: +SKIP
"""

import threading

from ._native import native
from .errors import CaseNotFoundError, ReadError, ReckonError
from ._native import BASE_UNITS
from .pint_units import pint_registry
from .program import Case, Program
from .quantity import Quantity
from .values import Explanation, List, Map, Member, Record, Set

# The version of the build that made the extension module: CMake's project() version,
# the one place it is written (the package's metadata reads the same, python/setup.py).
__version__ = native.version

__all__ = ["load", "eval", "explain", "grade_answer", "Program", "Case", "Quantity", "Record", "Member",
           "Explanation", "List", "Map", "Set", "ReckonError", "CaseNotFoundError", "ReadError",
           "BASE_UNITS", "pint_registry"]

_standard_program = None
_standard_lock = threading.Lock()


def load(path, digits=4):
    """The Reckon file at ``path``, loaded and checked (ReckonError if it does not)."""
    return Program(path, digits)


def _standard():
    global _standard_program
    with _standard_lock:
        if _standard_program is None:
            _standard_program = Program("")
        return _standard_program


def eval(expression):  # noqa: A001 (the name `reckon eval` has)
    """An expression against the standard library, as ``reckon eval EXPR``:
    ``reckon.eval("80 GiB -> GB")``."""
    return _standard().eval(expression)


def explain(expression, format="text", depth=1):
    """``reckon explain EXPR`` against the standard library."""
    return _standard().explain(expression, format=format, depth=depth)


def grade_answer(key_program, answer):
    """``answer`` (text, as a student wrote it: ``"76.5 GiB"``) graded by Reckon's own grader
    against a key program, the exercise of one variant's key that ``reckon exercises export
    --format prairielearn`` writes into each question's server.py: a dict with ``status``
    (correct, wrong-dimension, wrong-value, malformed), ``expected``, ``feedback`` and
    ``ratio`` (given / expected, for a wrong value; else None). docs/exercises.md,
    "Exporting to an LMS"."""
    return native.grade_answer(key_program, answer)
