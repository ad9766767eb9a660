"""The standard library as a loaded program, made once per process: what
``reckon.eval`` evaluates against and how ``Quantity("80 GiB")`` reads its text (through
the interpreter, so that a quantity's text means what it means in Reckon)."""

import threading

from ._native import native

_session = None
_lock = threading.Lock()


def session():
    """The native session of the standard library with its registries (loaded on first
    use: it takes a moment)."""
    global _session
    with _lock:
        if _session is None:
            _session = native.Session("")
        return _session
