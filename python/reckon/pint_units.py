"""Reckon quantities to and from pint (https://pint.readthedocs.io), exactly.

Reckon's base units map onto pint units one for one: s, byte, kg, m, and, for what pint
does not define, units of dimensions of their own (flop, USD, kgCO2e and the counts).
pint's own definitions make information dimensionless (its bit is `[]`), so 80 GiB would
be a plain number to pint; the registry made here (``pint_registry()``) is pint's own
with one change, the bit (and so the byte) of a dimension ``[information]``, as Reckon's
B is. A registry of one's own, in which information is dimensionless, still works with
from_pint: its units still say how many bytes a quantity holds, and from_pint reads
that.
A quantity goes to pint as its base value in those units, untouched; a pint quantity
comes back through pint's own conversion to them.
"""

from ._native import BASE_UNITS
from .errors import ReckonError

# Per Reckon base unit (reckon.BASE_UNITS, in order): the pint unit, and the definition
# that gives it when the registry lacks it.
_PINT_UNITS = {
    "s": ("second", None),
    "B": ("byte", None),
    "flop": ("reckon_flop", "reckon_flop = [compute] = flop"),
    "USD": ("reckon_USD", "reckon_USD = [currency] = USD"),
    "kg": ("kilogram", None),
    "m": ("meter", None),
    "kgCO2e": ("reckon_kgCO2e", "reckon_kgCO2e = [carbon] = kgCO2e"),
    "token": ("reckon_token", "reckon_token = [token] = token"),
    "param": ("reckon_param", "reckon_param = [param] = param"),
    "sample": ("reckon_sample", "reckon_sample = [sample] = sample"),
    "request": ("reckon_request", "reckon_request = [request] = request"),
    "layer": ("reckon_layer", "reckon_layer = [layer] = layer"),
    "device": ("reckon_device", "reckon_device = [device] = device = reckon_GPU = GPU"),
    "iteration": ("reckon_iteration", "reckon_iteration = [iteration] = iteration"),
}

_registry = None


def pint_registry():
    """A pint UnitRegistry with Reckon's base units defined and bytes a dimension,
    ``[information]`` (made once)."""
    global _registry
    if _registry is None:
        _registry = extend_registry(information_registry())
    return _registry


def information_registry():
    """pint's default registry with the bit of a dimension of its own: pint's
    definitions loaded, then ``bit`` defined again before any unit's dimension is asked
    for (each is worked out on first use, from the definitions as they are then), so the
    byte, the baud and every prefixed unit of information are ``[information]``."""
    import pint
    registry = pint.UnitRegistry(None, on_redefinition="ignore")
    registry.load_definitions("default_en.txt", True)  # pint's own file, from its package
    registry.define("bit = [information]")
    return registry


def extend_registry(registry):
    """Defines Reckon's base units that ``registry`` lacks; returns it."""
    for _, (name, definition) in _PINT_UNITS.items():
        if definition and name not in registry:
            registry.define(definition)
    return registry


def _pint_units(registry, dim):
    units = registry.dimensionless
    for symbol, exponent in zip(BASE_UNITS, dim):
        if exponent:
            units = units * getattr(registry, _PINT_UNITS[symbol][0]) ** exponent
    return units


def to_pint(base, dim, registry=None):
    """A pint quantity of ``base`` in the pint units of Reckon's base units, to the
    power of each exponent of ``dim``."""
    registry = extend_registry(registry) if registry is not None else pint_registry()
    return registry.Quantity(base, _pint_units(registry, dim))


def from_pint(pq):
    """The base value and dimension (Reckon's) of a pint quantity."""
    registry = extend_registry(pq._REGISTRY)
    # The Reckon dimension of each pint dimension: that of the base unit standing for it.
    # pint's bit and byte are dimensionless (pint's own choice), so information is
    # counted from the bits among the quantity's root units instead.
    by_pint_dimension = {}
    for symbol, (name, _) in _PINT_UNITS.items():
        for dimension in registry.get_dimensionality(name):
            by_pint_dimension[dimension] = symbol
    dim = [0] * len(BASE_UNITS)
    for dimension, exponent in pq.dimensionality.items():
        symbol = by_pint_dimension.get(dimension)
        if symbol is None or exponent != int(exponent):
            raise ReckonError("E0913", f"{pq} has the dimension {pq.dimensionality}, and "
                              f"{dimension} is not one of Reckon's")
        dim[BASE_UNITS.index(symbol)] = int(exponent)
    bits = pq.to_root_units()._units.get("bit", 0)
    if bits != int(bits):
        raise ReckonError("E0913", f"{pq} has a fractional power of information")
    dim[BASE_UNITS.index("B")] = int(bits)
    base = float(pq.to(_pint_units(registry, dim)).magnitude)
    return base, tuple(dim)
