# Jupyter's rich display (docs/python.md, "Jupyter"): explanations in text as
# preformatted HTML, lists of records and maps as tables with each quantity column's unit
# in its heading, sweep frames with units in their headings; every text of a program is
# escaped, so a value holding markup shows as text and runs nothing.
import html
import re

import pytest

import reckon

TRAINING = "scenarios/training.rk"


def headings(page):
    return re.findall(r"<th(?: [^>]*)?>(.*?)</th>", page)


def test_a_text_explanation_is_preformatted_html():
    case = reckon.load(TRAINING)["Gpt3ActivationsMicrobatch4"]
    text = case.explain("checkpointed_activations")
    page = text._repr_html_()
    assert page == f'<pre class="reckon-explanation">{html.escape(str(text))}</pre>'
    assert text._repr_markdown_() is None and text._repr_latex_() is None
    markdown = case.explain("checkpointed_activations", format="markdown")
    assert markdown._repr_html_() is None and markdown._repr_markdown_() == markdown


def test_a_list_of_records_is_a_table_with_units_in_its_headings():
    # scenarios/allreduce_crossover.rk: 21 sizes, 1 KiB .. 1 GiB doubling (2^0 .. 2^20 KiB).
    table = reckon.load("scenarios/allreduce_crossover.rk")["Nvlink8"].table
    assert isinstance(table, list) and isinstance(table, reckon.List) and len(table) == 21
    page = table._repr_html_()
    assert headings(page) == ["size", "ring (ms)", "tree (ms)", "winner"]
    assert page.count("<tr>") == 1 + 21
    # A list of anything else has no table: Jupyter shows it as text.
    assert reckon.eval("[1 GB, 2 GB]")._repr_html_() is None


def test_a_map_is_a_table_of_keys_and_values():
    m = reckon.eval('{"a": 1 s, "b": 2500 ms}')
    assert isinstance(m, dict) and isinstance(m, reckon.Map)
    page = m._repr_html_()
    # One unit for the map's values (s: 1 s and 2.5 s), written once in the heading.
    assert headings(page) == ["key", "value (s)"]
    cells = re.findall(r"<td(?: [^>]*)?>(.*?)</td>", page)
    assert cells[0::2] == ["a", "b"]
    assert [c.rstrip("0").rstrip(".") for c in cells[1::2]] == ["1", "2.5"]
    # A map of records: a column per field after the keys.
    records = reckon.eval('{"x": GPT3_175B}')._repr_html_()
    assert headings(records)[:2] == ["key", "name"]


def test_a_sweep_frame_has_units_in_its_headings():
    program = reckon.load(TRAINING)
    frame = program.sweep("Gpt3ActivationsMicrobatch4", vary={"micro_batch": [1, 2, 4]},
                          show=["per_token_activations", "score_share"])
    assert list(frame.columns) == ["micro_batch", "per_token_activations", "score_share"]
    page = frame._repr_html_()
    assert "per_token_activations (GB)" in page
    assert "per_token_activations (GB)" in repr(frame)
    # The columns keep their plain names, and a selection keeps the units.
    selected = frame[frame["micro_batch"] > 1]
    assert len(selected) == 2 and "per_token_activations (GB)" in selected._repr_html_()
    assert frame.with_units().columns[1] == "per_token_activations (GB)"


MARKUP = '<script>alert(1)</script>'
ATTRIBUTE = '<img src=x onerror=alert(2)>'
HOSTILE = """record Row {
  label: text
  size: GB
}
scenario Page {
  input title: text = "%s"
  input rows: [Row] = [Row(label: "%s", size: 1 GB), Row(label: "ok", size: 2 GB)]
  tags: {text: GB} = {"%s": 1 GB}
  shown: text = "{title}!"
}
case C = Page()
""" % (MARKUP, ATTRIBUTE, ATTRIBUTE)


@pytest.fixture
def hostile(tmp_path):
    path = tmp_path / "page.rk"
    path.write_text(HOSTILE)
    return reckon.load(str(path))["C"]


def assert_inert(page):
    """No tag of the program's text is markup in ``page``; the text is there, escaped."""
    assert "<script" not in page and "<img" not in page
    assert html.escape(MARKUP) in page or html.escape(ATTRIBUTE) in page


def test_text_from_a_program_is_escaped_everywhere(hostile):
    assert hostile.title == MARKUP  # the value itself is the text, unchanged
    for page in [hostile._repr_html_(), hostile.rows._repr_html_(), hostile.tags._repr_html_(),
                 hostile.explain("shown")._repr_html_()]:
        assert_inert(page)
    assert html.escape(ATTRIBUTE) in hostile.rows._repr_html_()
    assert html.escape(ATTRIBUTE) in hostile.tags._repr_html_()
    record = hostile.rows[0]
    assert_inert(record._repr_html_())
    assert "onerror=alert(2)&gt;" in record._repr_html_()  # shown, as text inside a cell
