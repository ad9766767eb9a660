"""Quantity: a number with a dimension, as Reckon's values are.

A quantity is held as Reckon holds it: a double in base units (B, s, flop, USD, kg, m,
kgCO2e and the counts token, param, sample, request, layer, device, iteration) and the
exponent of each base dimension, plus the unit it is shown in. Arithmetic keeps the
dimension and refuses to add or compare different ones (error E0910), as the language
does.
"""

import numbers

from . import _stdlib, display, pint_units
from ._native import BASE_UNITS, native
from .errors import ReckonError

_DIMENSIONLESS = (0,) * len(BASE_UNITS)


def _in_unit(base, scale):
    """`base` in a unit of `scale`, as every surface of Reckon hands it on (0.12, not the
    0.11999999999999998 of a plain division): the interpreter's own conversion."""
    return native.number_in_unit(base, scale)


def _base_unit_text(dim):
    """The base units of `dim`, as pint and people read them: "B/s", "kg*m^2/s^3"."""
    up = [u if e == 1 else f"{u}^{e}" for u, e in zip(BASE_UNITS, dim) if e > 0]
    down = [u if e == -1 else f"{u}^{-e}" for u, e in zip(BASE_UNITS, dim) if e < 0]
    text = "*".join(up) or ("1" if down else "")
    if down:
        text += "/" + ("*".join(down) if len(down) == 1 else "(" + "*".join(down) + ")")
    return text


def _restore(base, dim, unit, scale, shown):
    """A pickled Quantity (Quantity.__reduce__)."""
    return Quantity._make(base, dim, unit, scale, shown)


class Quantity:
    """A value with a unit: ``Quantity(80, "GiB")``, ``Quantity("80 GiB")``, or a result
    of ``reckon.eval``.

    ``.value`` is the number in ``.unit``; ``.base_value`` the number in base units
    (``.base_unit``), exactly the double Reckon computed. pint's names work too:
    ``.magnitude`` (``.m``), ``.units`` (``.u``, the unit's text), ``.m_as(unit)``,
    ``.to(unit)`` and ``.to_base_units()``.
    """

    __slots__ = ("_base", "_dim", "_unit", "_scale", "_shown")

    def __init__(self, value, unit=""):
        """``Quantity(80, "GiB")``: ``value`` times the unit, as Reckon's ``80 GiB``;
        ``Quantity("80 GiB")``: a quantity's text, read by Reckon's interpreter (E0912 for
        text that is not a quantity)."""
        if isinstance(value, Quantity):
            raise TypeError("Quantity(value, unit) takes a number; use q.to(unit)")
        if isinstance(value, str):
            if unit:
                raise TypeError("Quantity(text) takes its unit inside the text: "
                                f"Quantity({value + ' ' + unit!r})")
            self._read(value)
        elif unit:
            scale, dim = native.unit_of(unit)
            # Reckon's `80 GiB` is 80 times the unit's scale: the same product here.
            self._set(float(value) * scale, tuple(dim), unit, scale)
        else:
            self._set(float(value), _DIMENSIONLESS, "", 1.0)

    def _read(self, text):
        # The text evaluated by the interpreter against the standard library, as
        # `reckon eval TEXT` would: the units, number literals and conversions are
        # Reckon's own.
        value = _stdlib.session().evaluate(text, None, [], 4)
        if value is None or value[0] != "quantity":
            kind = "nothing" if value is None else f"a {value[0]}"
            raise ReckonError("E0912", f"Quantity({text!r}): the text is {kind}, not a "
                              "quantity")
        _, base, dim, unit, scale, shown = value
        self._set(base, tuple(dim), unit, scale, shown)

    def _set(self, base, dim, unit, scale, shown=None):
        self._base, self._dim, self._unit, self._scale, self._shown = base, dim, unit, scale, shown

    @classmethod
    def _make(cls, base, dim, unit=None, scale=None, shown=None):
        q = cls.__new__(cls)
        dim = tuple(dim)
        if unit is None:
            unit, scale = native.display_unit_of(base, dim) if any(dim) else ("", 1.0)
        q._set(base, dim, unit, scale, shown)
        return q

    # What it is.
    @property
    def value(self):
        """The number in ``.unit``."""
        return _in_unit(self._base, self._scale)

    @property
    def unit(self):
        """The unit it is shown in ("GiB"; "" for a plain number)."""
        return self._unit

    @property
    def base_value(self):
        """The number in base units: the double Reckon computed, to the last bit."""
        return self._base

    @property
    def base_unit(self):
        """The base units of its dimension ("B", "flop/s", "" for a plain number)."""
        return _base_unit_text(self._dim)

    @property
    def dimension(self):
        """The exponent of each base dimension, in the order of ``reckon.BASE_UNITS``."""
        return self._dim

    @property
    def dimensionless(self):
        """Whether it is a plain number (no dimension)."""
        return not any(self._dim)

    # pint's names, for code written against pint (mlsysim's, for one).
    @property
    def magnitude(self):
        """pint's name of ``.value``: the number in ``.unit``."""
        return self.value

    m = magnitude

    @property
    def units(self):
        """pint's name of ``.unit``: the unit's text (a ``str``, not a pint Unit)."""
        return self._unit

    u = units

    def m_as(self, unit):
        """The number in ``unit``: ``q.to(unit).magnitude``, as pint's ``m_as``."""
        return self.to(unit).value

    def to_base_units(self):
        """The same quantity in Reckon's base units (``.base_unit``): ``80 GiB`` is
        ``85899345920 B``."""
        return Quantity._make(self._base, self._dim, self.base_unit, 1.0)

    def to(self, unit):
        """The same quantity shown in ``unit`` (E0912 if it is not a unit of its
        dimension)."""
        scale, dim = native.unit_of(unit)
        if tuple(dim) != self._dim:
            raise ReckonError("E0912", f"cannot show {self} in {unit}: it is a quantity "
                              f"of {self.base_unit or 'no unit'}, and {unit} one of "
                              f"{_base_unit_text(dim) or 'no unit'}")
        return Quantity._make(self._base, self._dim, unit, scale)

    # Conversions.
    def __float__(self):
        if any(self._dim):
            raise ReckonError("E0911", f"float() of {self}, which has a unit: take "
                              f".to(UNIT).value or .base_value for the number in a unit")
        return self._base

    def __int__(self):
        return int(float(self))

    def __bool__(self):
        return self._base != 0

    def __str__(self):
        if self._shown is not None:
            return self._shown
        number = f"{self.value:.4g}"
        return f"{number} {self._unit}" if self._unit else number

    def __repr__(self):
        return f"Quantity({self.value!r}, {self._unit!r})"

    def __format__(self, spec):
        """``f"{q:.2f}"``: the number in the quantity's unit formatted by ``spec``, then
        the unit (``"80.00 GiB"``); an empty spec is ``str(q)``."""
        if not spec:
            return str(self)
        number = format(self.value, spec)
        return f"{number} {self._unit}" if self._unit else number

    def __round__(self, ndigits=None):
        """``round(q, n)``: the number in the quantity's unit rounded, in that unit."""
        return Quantity(round(self.value, ndigits) if ndigits is not None else round(self.value),
                        self._unit)

    def __hash__(self):
        # A plain number equals its float (`Quantity(3, "") == 3`), so it hashes as that
        # float does: a count key or set element is found by `3` in a dict or set.
        if self._dim == _DIMENSIONLESS:
            return hash(self._base)
        return hash((self._base, self._dim))

    # pickle and copy: a quantity is what it holds (its base value to the last bit, its
    # dimension, the unit it is shown in and its display text); it is immutable, so a
    # copy may be itself.
    def __reduce__(self):
        return (_restore, (self._base, self._dim, self._unit, self._scale, self._shown))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # Arithmetic: the dimension goes along, and only like dimensions add or compare.
    @staticmethod
    def _of(x):
        if isinstance(x, Quantity):
            return x
        if isinstance(x, numbers.Real) and not isinstance(x, bool):
            return Quantity._make(float(x), _DIMENSIONLESS, "", 1.0)
        return None

    def _same_dimension(self, other, op):
        if self._dim != other._dim:
            raise ReckonError("E0910", f"{self} {op} {other}: {self.base_unit or 'a number'} "
                              f"and {other.base_unit or 'a number'} are different dimensions")

    def _additive(self, other, op, sign):
        o = Quantity._of(other)
        if o is None:
            return NotImplemented
        self._same_dimension(o, op)
        base = self._base + o._base if sign > 0 else self._base - o._base
        if self._unit:
            return Quantity._make(base, self._dim, self._unit, self._scale)
        return Quantity._make(base, self._dim, o._unit or None, o._scale if o._unit else None)

    def __add__(self, other):
        return self._additive(other, "+", 1)

    def __sub__(self, other):
        return self._additive(other, "-", -1)

    def __radd__(self, other):
        # `sum(quantities)` starts from the int 0, which adds nothing (as in pint).
        if type(other) is int and other == 0:
            return self
        o = Quantity._of(other)
        return NotImplemented if o is None else o.__add__(self)

    def __rsub__(self, other):
        o = Quantity._of(other)
        return NotImplemented if o is None else o.__sub__(self)

    def __mul__(self, other):
        o = Quantity._of(other)
        if o is None:
            return NotImplemented
        dim = tuple(a + b for a, b in zip(self._dim, o._dim))
        if not any(o._dim) and self._unit:  # scaling keeps the unit: 2 * 80 GiB is GiB
            return Quantity._make(self._base * o._base, dim, self._unit, self._scale)
        if not any(self._dim) and o._unit:
            return Quantity._make(self._base * o._base, dim, o._unit, o._scale)
        return Quantity._make(self._base * o._base, dim)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = Quantity._of(other)
        if o is None:
            return NotImplemented
        dim = tuple(a - b for a, b in zip(self._dim, o._dim))
        if not any(o._dim) and self._unit:
            return Quantity._make(self._base / o._base, dim, self._unit, self._scale)
        return Quantity._make(self._base / o._base, dim)

    def __rtruediv__(self, other):
        o = Quantity._of(other)
        return NotImplemented if o is None else o.__truediv__(self)

    def __pow__(self, power):
        if not isinstance(power, int):
            raise TypeError("a quantity is raised to a whole power only")
        return Quantity._make(self._base ** power, tuple(e * power for e in self._dim))

    def __neg__(self):
        return Quantity._make(-self._base, self._dim, self._unit, self._scale)

    def __pos__(self):
        return self

    def __abs__(self):
        return Quantity._make(abs(self._base), self._dim, self._unit, self._scale)

    def _compare(self, other, op, test):
        o = Quantity._of(other)
        if o is None:
            return NotImplemented
        self._same_dimension(o, op)
        return test(self._base, o._base)

    def __eq__(self, other):
        o = Quantity._of(other)
        if o is None:
            return NotImplemented
        return self._dim == o._dim and self._base == o._base

    def __lt__(self, other):
        return self._compare(other, "<", lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, "<=", lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, ">", lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, ">=", lambda a, b: a >= b)

    # pint.
    def to_pint(self, registry=None):
        """This quantity as a pint Quantity in base units (magnitude ``.base_value``
        exactly), in ``registry`` or ``reckon.pint_registry()`` (where bytes are a
        dimension, ``[information]``)."""
        return pint_units.to_pint(self._base, self._dim, registry)

    @classmethod
    def from_pint(cls, q):
        """A pint Quantity as a Reckon one: converted by pint to base units, and shown in
        its own unit when Reckon knows it."""
        base, dim = pint_units.from_pint(q)
        return cls._make(base, dim)

    # Jupyter.
    def _repr_html_(self):
        return display.quantity_html(str(self))

    def _repr_latex_(self):
        return display.quantity_latex(str(self), self._unit)
