"""The extension module, inside the installed package or beside it in a build tree."""

try:
    from . import _reckon as native
except ImportError:  # a build tree: build/python on PYTHONPATH (tests/python/conftest.py)
    import _reckon as native  # noqa: F401

# Reckon's base units, in the order of a dimension's exponents (reckon.BASE_UNITS).
BASE_UNITS = tuple(native.base_unit_symbols)
