"""Programs and cases: a Reckon file loaded once, its cases as Python objects whose
attributes are the case's inputs, properties and methods."""

import hashlib
import inspect
import os
import threading
import weakref

from . import _stdlib, display, sweeps
from ._native import native
from .errors import ReckonError
from .quantity import Quantity
from .source import shape, source
from .values import Explanation, List, Map, Member, Record, Set, cell_html


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
    _, type_name, names, items, shown = v[:5]
    items = [from_native(x, program) for x in items]
    if kind == "list":
        return List(items)
    if kind == "tuple":
        return tuple(items)
    if kind == "map":  # its keys as values: a count key is a number, not its text
        return Map(zip((from_native(k, program) for k in v[5]), items))
    if kind == "set":
        return Set(items)
    return Record(type_name, zip(names, items), shown)


def _file_digest(path):
    """SHA-256 of the file a program was loaded from (None for the standard library)."""
    if not path:
        return None
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# Programs unpickled in this process, so that many pickled values of one program (a
# worker's results, each pickled on its own) load its file once.
_unpickled = weakref.WeakValueDictionary()
_unpickled_lock = threading.Lock()


def _restore_program(path, digits, digest):
    """A pickled Program: its file loaded again, which must be the file that was
    pickled (E0919 if it has changed since)."""
    key = (path, digits, digest)
    with _unpickled_lock:
        program = _unpickled.get(key)
        if program is None:
            program = Program(path, digits)
            if program._digest != digest:
                raise ReckonError("E0919", f"{path} has changed since the program was "
                                  "pickled, so its values cannot be restored from it; "
                                  "pickle them again from the file as it is now")
            _unpickled[key] = program
        return program


class Program:
    """A Reckon file, loaded and checked once (``reckon.load``).

    Pickled, a program is its file's absolute path (and a digest of its text): unpickling
    loads that file again, in the unpickling process, and refuses a file that has changed
    (E0919). ``copy.copy`` and ``copy.deepcopy`` give the program itself: it is a loaded
    file, which copies share."""

    def __init__(self, path="", digits=4):
        # The standard library's session is one per process (Quantity("80 GiB") reads
        # its text there too).
        self._session = native.Session(str(path)) if str(path) else _stdlib.session()
        self._infos = {c["name"]: c for c in self._session.cases()}
        self._scenarios = {}  # scenario name to its members, for cases made in expressions
        self.digits = digits
        self._digest = _file_digest(str(path))

    def __reduce__(self):
        path = os.path.abspath(self.path) if self.path else ""
        return (_restore_program, (path, self.digits, self._digest))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _scenario_info(self, scenario):
        if scenario not in self._scenarios:
            self._scenarios[scenario] = self._session.scenario(scenario)
        return self._scenarios[scenario]

    @property
    def path(self):
        """The file's path as given to ``reckon.load`` ("" for the standard library)."""
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
        name, changes = _sweep_target(case, set, self)
        return sweeps.sweep_frame(self.path, name, changes, vary, show, where, minimize,
                                  maximize, jobs, shard, infeasible, skip_errors, self.digits)

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


def _sweep_target(case, set, program=None):
    """The case (or sweep) name a sweep varies and its INPUT=VALUE changes (Reckon
    source): a Case's own changes, then ``set``'s, written for the case's inputs when
    ``program`` holds it. One place for ``Program.sweep`` and ``reckon.distributed``."""
    name, changes = "", []
    if isinstance(case, Case):
        name, changes = case.name, list(case.changes)
    elif case is not None:
        name = case
    if set:
        target = program[name] if program is not None and name in program else None
        changes += list(_set_specs(target, set))
    return name, changes


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
        """The case's name in its file."""
        return self._name

    @property
    def program(self):
        """The Program the case is of."""
        return self._program

    @property
    def scenario(self):
        """The name of the scenario the case instantiates."""
        return self._info["scenario"]

    @property
    def inputs(self):
        """The names of its inputs, in declaration order (attributes of the case)."""
        return [m["name"] for m in self._info["inputs"]]

    @property
    def properties(self):
        """The names of its properties, in declaration order (attributes of the case)."""
        return [m["name"] for m in self._info["properties"]]

    @property
    def methods(self):
        """The names of its methods (callable attributes of the case)."""
        return [m["name"] for m in self._info["methods"]]

    @property
    def changes(self):
        """The INPUT=VALUE changes made by ``with_``, as Reckon source."""
        return list(self._sets)

    def eval(self, expression):
        """An expression evaluated in this case (its inputs and properties in scope)."""
        return self._program.eval(expression, self)

    def explain(self, expression, format="text", depth=1):
        """``reckon explain FILE EXPR --case C``: the derivation of an expression in this
        case, in ``format`` text, markdown or latex, ``depth`` levels deep."""
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

    def __reduce__(self):  # pickle: its program (see Program), name and changes
        return (Case, (self._program, self._name, self._sets))

    def __repr__(self):
        if self._made is not None:
            return f"<reckon.Case {self._made[0]}>"
        changes = ", ".join(s.replace("=", ": ", 1) for s in self._sets)
        return f"<reckon.Case {self._name}{' with ' + changes if changes else ''}>"

    def _repr_html_(self):
        """Inputs, then properties, each with its value (an error shows as its code)."""
        rows = []
        for name in self.inputs + self.properties:
            try:
                shown = cell_html(self.eval(name))
            except ReckonError as e:
                shown = f"<em>error[{display.escape(e.code)}]</em>"
            rows.append((name, shown))
        title = f"{self.name} ({self.scenario})"
        if self.changes:
            title += " with " + ", ".join(self.changes)
        return display.rows_html(title, rows)


class _Method:
    """A method of a case, called with Python values (Reckon source for str). Its
    signature (``inspect.signature``, ``help()``) has the method's parameters and result
    type, and its docstring the doc comment (``##``) the file gives it."""

    def __init__(self, case, info):
        self._case = case
        self._info = info
        self.__name__ = self.__qualname__ = info["name"]
        parameters = [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                      for p in info["parameters"]]
        self.__signature__ = inspect.Signature(parameters, return_annotation=info["type"])
        self.__doc__ = (f"{info['name']}({', '.join(info['parameters'])}): {info['type']}, "
                        f"a method of {case.scenario} (case {case.name})"
                        + (f"\n\n{info['docs']}" if info["docs"] else ""))

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

    def __reduce__(self):  # pickle: the case's attribute of that name
        return (getattr, (self._case, self._info["name"]))

    def __repr__(self):
        return f"<method {self._info['name']}({', '.join(self._info['parameters'])})>"
