# The example notebook runs under `jupyter nbconvert --execute`, and its outputs are the
# rich displays docs/python.md describes.
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
nbformat = pytest.importorskip("nbformat")


@pytest.mark.skipif(shutil.which("jupyter") is None, reason="jupyter-nbconvert is missing")
def test_the_example_notebook_executes_with_rich_outputs(tmp_path):
    out = tmp_path / "executed.ipynb"
    subprocess.run(["jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.timeout=120", "--output", str(out),
                    str(ROOT / "examples" / "training.ipynb")],
                   check=True, capture_output=True, env=dict(os.environ))
    nb = nbformat.read(out, as_version=4)
    outputs = [c.outputs for c in nb.cells if c.cell_type == "code"]
    for cell in outputs:
        assert not [o for o in cell if o.output_type == "error"]
    case_table = outputs[0][0].data
    assert "<table" in case_table["text/html"] and "micro_batch" in case_table["text/html"]
    # 34 * 2048 * 4 * 12288 * 96 B = 328.564998144 GB, shown to 4 digits.
    quantity = outputs[1][0].data
    assert quantity["text/latex"] == r"$328.6\,\mathrm{GB}$"
    assert "328.6 GB" in quantity["text/html"]
    # Without recomputation: 2048 * 4 * 12288 * 96 * 114 B = 1,101,658,865,664 B
    # = 1026.0 GiB (/ 2^30).
    assert outputs[2][0].data["text/plain"] == "Quantity(1026.0, 'GiB')"
    assert "checkpointed_activations" in outputs[3][0].data["text/markdown"]
    # The sweep frame and the list of records: units in their headings.
    assert "per_token_activations (GB)" in outputs[4][0].data["text/html"]
    assert "micro_batch" in outputs[4][0].data["text/plain"]
    records = outputs[5][0].data["text/html"]
    assert "ring (ms)</th>" in records and records.count("<tr>") == 1 + 21
