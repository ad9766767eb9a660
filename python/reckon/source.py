"""Python values written as Reckon source: what ``with_()``, method arguments, ``set``
and a sweep's ``vary`` send to the interpreter. A value with no Reckon form is E0914."""

import math
import numbers

from ._native import native
from .errors import ReckonError
from .quantity import Quantity


def _text_literal(s):
    escaped = (s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t").replace("{", "{{").replace("}", "}}"))
    return f'"{escaped}"'


def _split_top(text, separator):
    """``text`` split at each ``separator`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def shape(type_text):
    """What ``source`` needs to know of a declared type, from its description
    (``[(text, B/s)]``): ``"text"``, ``("list", element)``, ``("tuple", [elements])``,
    ``("map", key, value)``, or None for anything else (quantities, records, ...)."""
    t = type_text.strip()
    if t.endswith("?"):
        t = t[:-1]
    if t == "text":
        return "text"
    if t.startswith("[") and t.endswith("]"):
        return ("list", shape(t[1:-1]))
    if t.startswith("(") and t.endswith(")"):
        return ("tuple", [shape(x) for x in _split_top(t[1:-1], ",")])
    if t.startswith("{") and t.endswith("}"):
        key, colon, value = t[1:-1].partition(":")
        if not colon:  # `{text}`: a set
            return ("set", shape(key))
        return ("map", shape(key), shape(value))
    return None


def _part(s, kind, index=0):
    """The shape of an element of a ``kind`` ("list", "set", "tuple" or "map") shaped ``s``."""
    if not isinstance(s, tuple) or s[0] != kind:
        return None
    if kind == "tuple":
        return s[1][index] if index < len(s[1]) else None
    return s[1 + index] if kind == "map" else s[1]


def source(value, text=False):
    """Reckon source for a Python value: what ``with_()``, method arguments and
    ``vary`` send. ``text`` says what the place takes: True (or ``"text"``) for a text,
    or a ``shape()`` of its declared type, so that the str elements of a list, tuple or
    map that hold texts are written as texts. Elsewhere a str is Reckon source as it is
    (``"selective"``, ``"8 GiB"``, ``"GPT3_175B"``). A Quantity is written exactly: its
    base value, with all 17 digits, in base units. A Python tuple is a Reckon tuple,
    except where the place takes a list; a dict is a map."""
    if isinstance(value, str):
        return _text_literal(value) if text is True or text == "text" else value
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "_as_source"):  # a case (program.py): its name
        return value._as_source()
    if isinstance(value, Quantity):
        body = repr(value.base_value)
        if not math.isfinite(value.base_value):
            raise ReckonError("E0914", f"{value} is not a finite number, which Reckon source "
                              "cannot write")
        for symbol, exponent in zip(native.base_unit_symbols, value.dimension):
            op = " * " if exponent > 0 else " / "
            body += f"{op}(1 {symbol})" * abs(exponent)
        return f"({body})"
    if isinstance(value, numbers.Real):
        number = float(value) if not isinstance(value, numbers.Integral) else int(value)
        if isinstance(number, float) and not math.isfinite(number):
            raise ReckonError("E0914", f"{number} is not a finite number, which Reckon "
                              "source cannot write")
        return repr(number)
    legacy = text is True  # a bool: every str inside is a text too
    list_shaped = isinstance(text, tuple) and text[0] == "list"
    if isinstance(value, tuple) and len(value) >= 2 and not list_shaped:
        return "(" + ", ".join(source(x, True if legacy else _part(text, "tuple", i))
                               for i, x in enumerate(value)) + ")"
    if isinstance(value, (list, tuple, range)):
        return "[" + ", ".join(source(x, True if legacy else _part(text, "list"))
                               for x in value) + "]"
    if isinstance(value, (set, frozenset)):  # a Reckon set, its elements in sorted order
        items = sorted(value, key=repr)
        return "{" + ", ".join(source(x, True if legacy else _part(text, "set"))
                               for x in items) + "}"
    if isinstance(value, dict) and value:
        key, item = _part(text, "map", 0), _part(text, "map", 1)
        if not isinstance(text, tuple):  # no declared type: str keys are texts
            key = "text"
        return "{" + ", ".join(f"{source(k, key)}: {source(v, True if legacy else item)}"
                               for k, v in value.items()) + "}"
    raise ReckonError("E0914", f"a {type(value).__name__} has no Reckon value: give a number,"
                      " a Quantity, a bool, a str of Reckon source, a list, a tuple, a set, a dict or"
                      " a case")
