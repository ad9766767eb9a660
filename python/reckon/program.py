"""Programs and cases: a Reckon file loaded once, its cases as Python objects whose
attributes are the case's inputs, properties and methods."""

import io
import math
import numbers

from ._native import native
from .errors import ReckonError
from .quantity import Quantity, _base_unit_text


class Record:
    """A record value (``Transformer(...)``): its fields as attributes, in order."""

    def __init__(self, type_name, fields, shown):
        self._type = type_name
        self._fields = dict(fields)
        self._shown = shown

    @property
    def type_name(self):
        return self._type

    def fields(self):
        """The fields, name to value, in declaration order."""
        return dict(self._fields)

    def __getattr__(self, name):
        fields = self.__dict__.get("_fields", {})
        if name in fields:
            return fields[name]
        raise AttributeError(f"{self._type} has no field {name!r}")

    def __dir__(self):
        return list(self._fields) + ["fields", "type_name"]

    def __eq__(self, other):
        return isinstance(other, Record) and (self._type, self._fields) == (other._type,
                                                                             other._fields)

    def __repr__(self):
        return self._shown

    def _repr_html_(self):
        from .display import record_html
        return record_html(self)


class Member(str):
    """An enumeration member (``selective``): a str that knows it is one."""


def from_native(v, program=None):
    """The Python object of a value as the extension module returns it."""
    if v is None:
        return None
    kind = v[0]
    if kind == "quantity":
        _, base, dim, unit, scale, shown = v
        return Quantity._make(base, dim, unit, scale, shown)
    if kind == "boolean":
        return v[1]
    if kind == "text":
        return v[1]
    if kind == "member":
        return Member(v[1])
    if kind == "instance":
        _, name, scenario, shown = v
        if program is not None and name in program._infos:
            return program[name]
        return shown
    _, type_name, names, items, shown = v
    items = [from_native(x, program) for x in items]
    if kind == "list":
        return items
    if kind == "tuple":
        return tuple(items)
    if kind == "map":
        return dict(zip(names, items))
    return Record(type_name, zip(names, items), shown)


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
        key, _, value = t[1:-1].partition(":")
        return ("map", shape(key), shape(value))
    return None


def _part(s, kind, index=0):
    """The shape of an element of a ``kind`` ("list", "tuple" or "map") shaped ``s``."""
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
    if isinstance(value, Case):
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
    if isinstance(value, dict) and value:
        key, item = _part(text, "map", 0), _part(text, "map", 1)
        if not isinstance(text, tuple):  # no declared type: str keys are texts
            key = "text"
        return "{" + ", ".join(f"{source(k, key)}: {source(v, True if legacy else item)}"
                               for k, v in value.items()) + "}"
    raise ReckonError("E0914", f"a {type(value).__name__} has no Reckon value: give a number,"
                      " a Quantity, a bool, a str of Reckon source, a list, a tuple, a dict or"
                      " a case")


class Explanation(str):
    """``explain``'s text, which Jupyter shows as Markdown or LaTeX when it is that."""

    format = "text"

    def __new__(cls, text, format):
        e = super().__new__(cls, text)
        e.format = "markdown" if format == "md" else format  # md: the command line's name
        return e

    def _repr_markdown_(self):
        return str(self) if self.format == "markdown" else None

    def _repr_latex_(self):
        return str(self) if self.format == "latex" else None


class Program:
    """A Reckon file, loaded and checked once (``reckon.load``)."""

    def __init__(self, path="", digits=4):
        self._session = native.Session(str(path))
        self._infos = {c["name"]: c for c in self._session.cases()}
        self._scenarios = {}  # scenario name to its members, for cases made in expressions
        self.digits = digits

    def _scenario_info(self, scenario):
        if scenario not in self._scenarios:
            self._scenarios[scenario] = self._session.scenario(scenario)
        return self._scenarios[scenario]

    @property
    def path(self):
        return self._session.path

    @property
    def cases(self):
        """The file's cases, in the order written."""
        return [Case(self, name) for name in self._infos]

    def __getitem__(self, name):
        if name not in self._infos:
            # raises E0601 with a did-you-mean, as a CaseNotFoundError (a KeyError too)
            self._session.evaluate("0", name)
        return Case(self, name)

    def __contains__(self, name):
        return name in self._infos

    def __iter__(self):
        return iter(self.cases)

    def __len__(self):
        return len(self._infos)

    def eval(self, expression, case=None, set=None):
        """The value of a Reckon expression at file scope or in ``case`` (a name or a
        Case), as ``reckon eval FILE EXPR [--case C] [--set ...]``."""
        name, sets, within = _case_and_sets(case, set)
        value = self._session.evaluate(expression, name, sets, self.digits, within)
        if value is not None and value[0] == "instance" and value[1] not in self._infos:
            # A case made in the expression (`Scenario(...)`, `C with x: 2`): a Case that
            # asks its questions in what the expression makes.
            return Case(self, value[2], made=(_within(within, expression), name, sets))
        return from_native(value, self)

    def explain(self, expression, case=None, format="text", depth=1, set=None):
        """``reckon explain``: the derivation of an expression, in ``format`` text,
        markdown or latex (E0915 for another)."""
        name, sets, within = _case_and_sets(case, set)
        return Explanation(self._session.explain(expression, name, sets, depth, format,
                                                 self.digits, within), format)

    def sweep(self, case=None, vary=None, show=None, where=None, minimize=None,
              maximize=None, set=None, jobs=0, shard="1/1", infeasible="skip",
              skip_errors=False):
        """``reckon sweep`` as a pandas DataFrame: one column per varied input and shown
        expression, numbers in the column's unit (``df.attrs["units"]``), the same
        numbers as ``reckon sweep --format csv``, to the last bit. ``case`` is a case (or
        its name) to vary, or the name of a sweep the file declares (None: its first)."""
        from .sweeps import sweep_frame
        return sweep_frame(self, case, vary, show, where, minimize, maximize, set, jobs, shard,
                           infeasible, skip_errors)

    def __repr__(self):
        return f"<reckon.Program {self.path or '<stdlib>'}: {len(self)} cases>"


def _case_and_sets(case, set):
    """The case name, overrides and case-making expression a question is asked in."""
    sets = list(_set_specs(None, set))
    if isinstance(case, Case):
        if case._made is not None:
            within, name, made_sets = case._made
            return name, list(made_sets) + sets, within
        return case._name, list(case._sets) + sets, None
    return case, sets, None


def _within(outer, expression):
    """The expression making a case, ``expression`` asked in the case ``outer`` makes (or
    at the top when None): `outer`'s own members are named through it."""
    if outer is None:
        return expression
    return f"({outer}).{expression}" if expression.isidentifier() else expression


def _set_specs(case, changes):
    if not changes:
        return
    for name, value in changes.items():
        text = False
        if case is not None:
            for m in case._info["inputs"]:
                if m["name"] == name:
                    text = shape(m["type"]) or m["text"]
        yield f"{name}={source(value, text)}"


class Case:
    """A case of a program, maybe with inputs changed (``with_``). Its inputs and
    properties are attributes, its methods callable: ``case.activations("selective")``."""

    def __init__(self, program, name, sets=(), made=None):
        self._program = program
        self._name = name
        self._sets = tuple(sets)
        # A case made in an expression: (the expression, the case name and overrides it
        # was evaluated in); `name` is then its scenario's.
        self._made = made
        self._info = program._infos[name] if made is None else program._scenario_info(name)

    @property
    def name(self):
        return self._name

    @property
    def program(self):
        return self._program

    @property
    def scenario(self):
        return self._info["scenario"]

    @property
    def inputs(self):
        return [m["name"] for m in self._info["inputs"]]

    @property
    def properties(self):
        return [m["name"] for m in self._info["properties"]]

    @property
    def methods(self):
        return [m["name"] for m in self._info["methods"]]

    @property
    def changes(self):
        """The INPUT=VALUE changes made by ``with_``, as Reckon source."""
        return list(self._sets)

    def eval(self, expression):
        """An expression evaluated in this case (its inputs and properties in scope)."""
        return self._program.eval(expression, self)

    def explain(self, expression, format="text", depth=1):
        return self._program.explain(expression, self, format, depth)

    def with_(self, **changes):
        """This case with some inputs changed: ``case.with_(micro_batch=8)``, as
        Reckon's ``Case with micro_batch: 8``. Checked at once: an unknown input or a
        value of the wrong type or unit raises ReckonError here, with a did-you-mean
        (``with_(strategy="fulll")``: unknown Recompute `fulll`; did you mean `full`?)."""
        if self._made is not None:
            expression, name, sets = self._made
            written = ", ".join(f"{k}: {v.split('=', 1)[1]}"
                                for k, v in zip(changes, _set_specs(self, changes)))
            made = (f"({expression}) with {written}", name, sets)
            self._program._session.evaluate("0", name, list(sets), self._program.digits,
                                            made[0])
            return Case(self._program, self._info["scenario"], made=made)
        new = [f"{k}=" for k in changes]
        kept = [s for s in self._sets if not any(s.startswith(n) for n in new)]
        sets = kept + list(_set_specs(self, changes))
        self._program._session.check_overrides(self._name, sets)
        return Case(self._program, self._name, sets)

    def values(self):
        """Every input and property, name to value (methods are left out)."""
        names = self.inputs + self.properties
        return {n: self.eval(n) for n in names}

    def __getattr__(self, name):
        info = self.__dict__.get("_info")
        if info is None or name.startswith("__"):
            raise AttributeError(name)
        for member in info["methods"]:
            if member["name"] == name:
                return _Method(self, member)
        if any(m["name"] == name for m in info["inputs"] + info["properties"]):
            return self.eval(name)
        raise AttributeError(f"case {self._name} (a {info['scenario']}) has no input, "
                             f"property or method {name!r}")

    def __dir__(self):
        return self.inputs + self.properties + self.methods + [
            "name", "program", "scenario", "inputs", "properties", "methods", "changes",
            "eval", "explain", "with_", "values"]

    def _as_source(self):
        if self._made is not None and not self._made[2]:
            return f"({self._made[0]})"
        if self._sets or self._made is not None:
            raise ReckonError("E0914", f"case {self._name} with changed inputs has no name "
                              "in Reckon source; pass the case itself")
        return self._name

    def __eq__(self, other):
        return (isinstance(other, Case) and other._program is self._program
                and (other._name, other._sets, other._made)
                == (self._name, self._sets, self._made))

    def __hash__(self):
        return hash((id(self._program), self._name, self._sets, self._made))

    def __repr__(self):
        if self._made is not None:
            return f"<reckon.Case {self._made[0]}>"
        changes = ", ".join(s.replace("=", ": ", 1) for s in self._sets)
        return f"<reckon.Case {self._name}{' with ' + changes if changes else ''}>"

    def _repr_html_(self):
        from .display import case_html
        return case_html(self)


class _Method:
    """A method of a case, called with Python values (Reckon source for str)."""

    def __init__(self, case, info):
        self._case = case
        self._info = info

    def __call__(self, *args, **kwargs):
        params = self._info["parameters"]
        texts = dict(zip(params, self._info["text_parameters"]))
        written = [source(a, t) for a, t in zip(args, self._info["text_parameters"])]
        written += [f"{k}: {source(v, texts.get(k, False))}" for k, v in kwargs.items()]
        return self._case.eval(f"{self._info['name']}({', '.join(written)})")

    def explain(self, *args, format="text", depth=1):
        texts = self._info["text_parameters"]
        written = ", ".join(source(a, t) for a, t in zip(args, texts))
        return self._case.explain(f"{self._info['name']}({written})", format, depth)

    def __repr__(self):
        return f"<method {self._info['name']}({', '.join(self._info['parameters'])})>"
