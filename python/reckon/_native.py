"""The extension module, inside the installed package or beside it in a build tree."""

try:
    from . import _reckon as native
except ImportError:  # a build tree: build/python on PYTHONPATH (tests/python/conftest.py)
    import _reckon as native  # noqa: F401
