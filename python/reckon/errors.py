"""The one exception of the package: a Reckon error, as `reckon` prints it."""


class ReckonError(Exception):
    """An error in a Reckon program or in how the package was asked to use one.

    It carries what docs/errors.md documents for each error: ``code`` (``"E0303"``),
    ``message``, and where it happened, ``file``, ``line`` and ``column`` (``None`` when
    the error has no place in a source, such as a unit mismatch in Python arithmetic).
    ``str(error)`` is the text ``reckon`` prints: the location, the source line and a
    caret under the place.
    """

    def __init__(self, code, message, file=None, line=None, column=None, rendered=None,
                 notes=()):
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.notes = list(notes)
        if not rendered:  # an error of the package's own: rendered as `reckon` renders
            from ._native import native
            rendered = native.render(code, message)
        self.rendered = rendered
        super().__init__(self.rendered.rstrip("\n"))

    def __reduce__(self):  # picklable: Dask sends errors from its workers
        return (type(self), (self.code, self.message, self.file, self.line, self.column,
                             self.rendered, self.notes))


class CaseNotFoundError(ReckonError, KeyError):
    """A case the program does not have (E0601): a ReckonError that is also a KeyError,
    as a missing key of a mapping is (``program["Nope"]``)."""

    def __str__(self):  # the text `reckon` prints, not KeyError's repr of it
        return self.rendered.rstrip("\n")


class ReadError(ReckonError, OSError):
    """A file that cannot be read (E0201: it does not exist or is not readable; E0207: not
    a regular file; E0208: reading failed): a ReckonError that is also an OSError, as
    ``open()``'s errors are."""

    def __str__(self):
        return self.rendered.rstrip("\n")


_CLASSES = {"E0601": CaseNotFoundError, "E0201": ReadError, "E0207": ReadError,
            "E0208": ReadError}


def error_class(code):
    """The class of an error with ``code``: ReckonError, or the subclass of it that is also
    the built-in error Python code catches for that kind of failure."""
    return _CLASSES.get(code, ReckonError)
