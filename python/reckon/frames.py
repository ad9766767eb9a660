"""A sweep's DataFrame: pandas' own, whose display (Jupyter's HTML, and its text) writes
each column's unit in its heading, ``per_token_activations (GB)``, as
``reckon sweep`` does. The columns themselves keep their plain names
(``frame["micro_batch"]``); the units are in ``frame.attrs["units"]``. Importing this
module imports pandas: only sweeps do."""

import pandas


class SweepFrame(pandas.DataFrame):
    """A DataFrame of a sweep: column names plain, units in ``attrs["units"]`` and in the
    headings it is shown with."""

    @property
    def _constructor(self):  # a selection of rows or columns is a sweep frame still
        return SweepFrame

    def with_units(self):
        """A plain DataFrame whose column names carry their units: ``"ring (ms)"``."""
        units = self.attrs.get("units", {})
        return pandas.DataFrame(self, copy=False).rename(
            columns=lambda c: f"{c} ({units[c]})" if units.get(c) else c, copy=False)

    def _repr_html_(self):
        return self.with_units()._repr_html_()

    def __repr__(self):
        return repr(self.with_units())
