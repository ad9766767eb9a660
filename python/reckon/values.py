"""The Python objects of Reckon's values besides quantities: records, enumeration
members, lists and maps (a list and a dict that Jupyter shows as tables), and
explanations; and how a value shows in a cell of a table (a case's, a record's)."""

from . import display
from .quantity import Quantity


class Record:
    """A record value (``Transformer(...)``): its fields as attributes, in order."""

    def __init__(self, type_name, fields, shown):
        self._type = type_name
        self._fields = dict(fields)
        self._shown = shown

    @property
    def type_name(self):
        """The record's type (``"Transformer"``)."""
        return self._type

    def fields(self):
        """The fields, name to value, in declaration order."""
        return dict(self._fields)

    def __getattr__(self, name):
        fields = self.__dict__.get("_fields", {})
        if name in fields:
            return fields[name]
        # From __dict__: while unpickling, no attribute is set yet.
        raise AttributeError(f"{self.__dict__.get('_type', 'a record')} has no field {name!r}")

    def __dir__(self):
        return list(self._fields) + ["fields", "type_name"]

    def __eq__(self, other):
        return isinstance(other, Record) and (self._type, self._fields) == (other._type,
                                                                             other._fields)

    def __repr__(self):
        return self._shown

    def __reduce__(self):  # pickle and deepcopy: its type, fields and display text
        return (Record, (self._type, list(self._fields.items()), self._shown))

    def _repr_html_(self):
        return display.rows_html(self._type, [(k, cell_html(v)) for k, v in self._fields.items()])


class Member(str):
    """An enumeration member (``selective``): a str that knows it is one."""


class List(list):
    """A Reckon list: a Python list, which Jupyter shows as a table when its elements
    are records of one type (a column per field, units in the headings)."""

    def _repr_html_(self):
        return records_html(self) if _records_of_one_type(self) else None


class Map(dict):
    """A Reckon map: a Python dict, in the order written, which Jupyter shows as a table
    of keys and values (a column per field when the values are records of one type)."""

    def _repr_html_(self):
        return map_html(self) if self else None


class Set(frozenset):
    """A Reckon set: a Python frozenset of its elements (texts, members, numbers and
    Quantities), which compares equal to a set of the same elements."""


class Explanation(str):
    """``explain``'s text, which Jupyter shows as Markdown, LaTeX, or (text) as it is."""

    format = "text"

    def __new__(cls, text, format):
        e = super().__new__(cls, text)
        e.format = "markdown" if format == "md" else format  # md: the command line's name
        return e

    def __reduce__(self):  # pickle and deepcopy: the text and its format
        return (Explanation, (str(self), self.format))

    def _repr_markdown_(self):
        return str(self) if self.format == "markdown" else None

    def _repr_latex_(self):
        return str(self) if self.format == "latex" else None

    def _repr_html_(self):
        return display.preformatted_html(self, "explanation") if self.format == "text" else None


def cell_html(value):
    """A value in a case's or a record's table: a list of records or a map as a table of
    its own (as ``reckon run`` prints them), anything else as it shows inline."""
    if _records_of_one_type(value):
        return records_html(value)
    if isinstance(value, dict) and value:
        return map_html(value)
    if isinstance(value, Record):
        return display.escape(repr(value))
    return display.escape(value)


def _records_of_one_type(value):
    return (isinstance(value, list) and value and isinstance(value[0], Record)
            and all(isinstance(x, Record) and x.type_name == value[0].type_name
                    for x in value))


def _column(values):
    """A column's heading suffix and its cells: quantities all in one unit have it in
    the heading (`` (ms)``) and their numbers alone in the cells, right-aligned."""
    present = [v for v in values if v is not None]
    units = {v.unit for v in present if isinstance(v, Quantity)}
    numbers = bool(present) and all(isinstance(v, Quantity) for v in present)
    shared = units.pop() if numbers and len(units) == 1 else ""
    cells = []
    for v in values:
        if v is None:
            text = "none"
        elif isinstance(v, Quantity):
            text = str(v)
            if shared and text.endswith(" " + shared):
                text = text[:-len(shared) - 1]
        elif isinstance(v, Record) and isinstance(v.fields().get("name"), str):
            text = f"{v.type_name} {v.fields()['name']}"  # as the terminal's table
        elif isinstance(v, Record):
            text = repr(v)
        else:
            text = str(v)
        cells.append(display.escape(text))
    return (f" ({display.escape(shared)})" if shared else ""), cells, numbers


def records_html(records, keys=None):
    """Records of one type as a table, a column per field (after a column of keys for
    a map), each column of quantities in one unit, written in its heading."""
    columns = []  # (heading, cells, right-aligned)
    if keys is not None:
        columns.append(("key", [display.escape(k) for k in keys], False))
    for name in records[0].fields():
        suffix, cells, numbers = _column([r.fields()[name] for r in records])
        columns.append((display.escape(name) + suffix, cells, numbers))
    return display.columns_html(columns, len(records))


def map_html(mapping):
    """A map as a table: its keys, then a column per field when its values are records
    of one type, else a column of values (quantities in one unit: in the heading)."""
    keys, values = list(mapping), list(mapping.values())
    if _records_of_one_type(values):
        return records_html(values, keys=keys)
    suffix, cells, numbers = _column(values)
    columns = [("key", [display.escape(k) for k in keys], False),
               ("value" + suffix, cells, numbers)]
    return display.columns_html(columns, len(values))
