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
