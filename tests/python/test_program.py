# The package's program, case and value API against scenarios/training.rk and the
# standard library. Expected numbers are computed here from their sources, not read back
# from Reckon.
import json
import subprocess

import pytest

import reckon

TRAINING = "scenarios/training.rk"
# Korthikanti et al. 2022 (arXiv 2205.05198), Sec. 4.1: activations per layer with
# selective recomputation are 34 s b h bytes at 2-byte precision; GPT-3 175B has L = 96,
# h = 12288, s = 2048 (Brown et al. 2020, Table 2.1). At b = 4 over all layers:
SELECTIVE_B4 = 34 * 2048 * 4 * 12288 * 96  # 328,564,998,144 B
# Without recomputation: s b h (34 + 5 a s / h) with a = 96, 5 a s / h = 80.
NONE_B4 = 2048 * 4 * 12288 * 96 * (34 + 80)


@pytest.fixture(scope="module")
def program():
    return reckon.load(TRAINING)


def test_cases_are_listed_in_order(program):
    names = [c.name for c in program.cases]
    assert names[:2] == ["Gpt3ActivationsMicrobatch4", "Gpt3ActivationsMicrobatch8"]
    assert "Gpt3On1024A100" in program and "NoSuchCase" not in program
    assert program["Gpt3ActivationsMicrobatch4"].scenario == "ActivationMemory"


def test_a_property_is_a_quantity_in_its_declared_unit(program):
    case = program["Gpt3ActivationsMicrobatch4"]
    q = case.per_token_activations
    assert isinstance(q, reckon.Quantity)
    assert q.base_value == SELECTIVE_B4
    assert q.unit == "GB" and q.value == SELECTIVE_B4 / 1e9  # declared `: GB`
    assert q.base_unit == "B"


def test_methods_are_callable_with_enumeration_members(program):
    case = program["Gpt3ActivationsMicrobatch4"]
    assert case.activations("selective").base_value == SELECTIVE_B4
    assert case.activations("none").base_value == NONE_B4
    # Chen et al. 2016: k + L/k at k = 10, L = 96 is 19.6.
    assert float(case.checkpoint_memory_units(10)) == 10 + 96 / 10
    assert "activations" in case.methods and "micro_batch" in case.inputs


def test_with_changes_an_input_like_the_language(program):
    b4 = program["Gpt3ActivationsMicrobatch4"]
    b8 = b4.with_(micro_batch=8)
    assert b8.per_token_activations.base_value == 2 * SELECTIVE_B4
    # The file's own `Gpt3ActivationsMicrobatch4 with micro_batch: 8`, to the last bit.
    declared = program["Gpt3ActivationsMicrobatch8"].per_token_activations
    assert b8.per_token_activations.base_value == declared.base_value
    assert b4.per_token_activations.base_value == SELECTIVE_B4  # unchanged
    # A later change of the same input replaces the earlier one.
    assert b8.with_(micro_batch=2).micro_batch == 2
    # Quantities go in exactly: 2048 token as a Quantity, the default as source.
    longer = b4.with_(seq_len=reckon.Quantity(4096, "token"))
    assert longer.sequence.base_value == 4096


def test_values_agree_with_the_command_line(program, reckon_cli):
    out = subprocess.run([reckon_cli, "eval", TRAINING, "score_share", "--json"],
                         capture_output=True, text=True, check=True).stdout
    cli = json.loads(out)
    assert program["Gpt3ActivationsMicrobatch4"].score_share == cli["value"]


def test_reckon_eval_uses_the_standard_library():
    q = reckon.eval("80 GiB -> GB")
    assert q.base_value == 80 * 2**30 == 85_899_345_920
    assert q.unit == "GB" and q.value == 85.89934592
    assert str(q) == "85.90 GB"
    # The registries are imported, as for `reckon eval` without a file.
    # hardware.rk: the H100 SXM's memory, written there as 80 GiB/device.
    assert reckon.eval("H100.memory").base_value == 80 * 2**30


def test_values_of_every_kind():
    assert reckon.eval("[1 GB, 2 GB]") == [reckon.Quantity(1, "GB"), reckon.Quantity(2, "GB")]
    assert reckon.eval("1 GB < 2 GB") is True
    assert reckon.eval('"a" + "b"') == "ab"
    m = reckon.eval('{"x": 1, "y": 2}')
    assert list(m) == ["x", "y"] and float(m["y"]) == 2
    assert reckon.eval("none") is None
    # Tuples come back as Python tuples, each element in its own unit: adjacent widths
    # 784-256 and 256-128, and a name with its memory.
    assert reckon.eval("pairs([784, 256, 128])") == [
        (reckon.Quantity(784, ""), reckon.Quantity(256, "")),
        (reckon.Quantity(256, ""), reckon.Quantity(128, "")),
    ]
    name, memory = reckon.eval('("H100", 80 GB)')
    assert name == "H100" and memory == reckon.Quantity(80, "GB")
    gpt3 = reckon.eval("GPT3_175B")
    assert isinstance(gpt3, reckon.Record) and gpt3.type_name == "Transformer"
    assert gpt3.layers == 96 and gpt3.name == "GPT-3 175B"
    assert gpt3.context_length.base_value == 2048


def test_a_case_value_is_a_case(program):
    value = program.eval("Gpt3ActivationsMicrobatch8")
    assert value == program["Gpt3ActivationsMicrobatch8"]


def test_errors_carry_code_message_and_location(tmp_path):
    bad = tmp_path / "bad.rk"
    bad.write_text("scenario S {\n  input x: GB\n  y: GB = x + 1 s\n}\n")
    with pytest.raises(reckon.ReckonError) as caught:
        reckon.load(str(bad))
    e = caught.value
    assert e.code == "E0401"
    # The caret is under the `+` of line 3, column 13 ("  y: GB = x + 1 s").
    assert e.file == str(bad) and e.line == 3 and e.column == 13
    assert "error[E0401]" in str(e) and "y: GB = x + 1 s" in str(e)


def test_evaluation_errors_are_located_in_the_expression(program):
    with pytest.raises(reckon.ReckonError) as caught:
        program.eval("micro_batch + 1 GB")
    assert caught.value.code == "E0401"
    assert (caught.value.file, caught.value.line, caught.value.column) == ("<expr>", 1, 13)


def test_unknown_names(program):
    with pytest.raises(reckon.ReckonError) as caught:
        program["Gpt3ActivationsMicrobatch5"]
    assert caught.value.code == "E0601" and "Gpt3ActivationsMicrobatch4" in caught.value.message
    with pytest.raises(AttributeError):
        program["Gpt3ActivationsMicrobatch4"].no_such_property
    with pytest.raises(reckon.ReckonError) as caught:
        program["Gpt3ActivationsMicrobatch4"].with_(micro_batchh=8).sequence
    assert caught.value.code == "E0309"
    with pytest.raises(reckon.ReckonError) as caught:
        reckon.load("scenarios/no-such-file.rk")
    assert caught.value.code.startswith("E0")


def test_missing_cases_and_files_are_python_errors(program):
    # A missing case is a KeyError, a file that cannot be read an OSError; both are
    # ReckonErrors with the code and text `reckon` prints.
    with pytest.raises(KeyError) as caught:
        program["Gpt3ActivationsMicrobatch5"]
    assert isinstance(caught.value, reckon.ReckonError) and caught.value.code == "E0601"
    assert "did you mean `Gpt3ActivationsMicrobatch4`?" in str(caught.value)
    with pytest.raises(OSError) as caught:
        reckon.load("scenarios/no-such-file.rk")
    assert isinstance(caught.value, reckon.ReckonError) and caught.value.code == "E0201"
    assert "no-such-file.rk" in str(caught.value)


def test_with_is_checked_at_once(program):
    # with_() checks its changes when called, with the did-you-mean `reckon` gives: an
    # unknown input, a misspelt member, a wrong unit.
    case = program["Gpt3ActivationsMicrobatch4"]
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(micro_bach=8)
    assert caught.value.code == "E0309" and "did you mean `micro_batch`?" in caught.value.message
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(precision=4)  # a word of `precision_bytes`
    assert "did you mean `precision_bytes`?" in caught.value.message
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(seq_len="4 s")
    assert caught.value.code == "E0402"
    step = reckon.load("scenarios/distributed.rk")["Gpt3StepOn1024A100"]
    with pytest.raises(reckon.ReckonError) as caught:
        step.with_(strategy="fulll")
    assert "did you mean `full`?" in caught.value.message
    assert step.with_(strategy="selective").strategy == "selective"


def test_a_case_made_in_an_expression_is_a_case(program):
    made = program.eval("ActivationMemory(workload: GPT3_175B, micro_batch: 1)")
    assert isinstance(made, reckon.Case) and made.scenario == "ActivationMemory"
    # SELECTIVE_B4 is at micro-batch 4; activations grow linearly in b (Korthikanti et
    # al. 2022, Sec. 4.1: 34 s b h per layer).
    assert made.activations("selective").base_value == SELECTIVE_B4 / 4
    assert made.micro_batch == 1 and "micro_batch" in dir(made)
    doubled = made.with_(micro_batch=2)
    assert isinstance(doubled, reckon.Case) and doubled.micro_batch == 2
    with pytest.raises(reckon.ReckonError) as caught:
        made.with_(micro_bach=2)
    assert "did you mean `micro_batch`?" in caught.value.message
    # A variant of a case is a case of its own, not the case it varies.
    variant = program.eval("Gpt3ActivationsMicrobatch4 with micro_batch: 8")
    assert isinstance(variant, reckon.Case) and variant.micro_batch == 8
    assert program["Gpt3ActivationsMicrobatch4"].micro_batch == 4
    assert made.explain("micro_batch").startswith("micro_batch = 1")


def test_python_values_without_a_reckon_source(program):
    # E0914: a value with no Reckon source (a complex number, an object, an infinity)
    # cannot be an input. A Python set is a Reckon set: here of the wrong type (E0402).
    case = program["Gpt3ActivationsMicrobatch4"]
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(micro_batch=1j)
    assert caught.value.code == "E0914"
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(micro_batch={1, 2})
    assert caught.value.code == "E0402"
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(micro_batch=object())
    assert caught.value.code == "E0914"
    with pytest.raises(reckon.ReckonError) as caught:
        case.with_(micro_batch=float("inf"))
    assert caught.value.code == "E0914"


def test_explain_as_text_markdown_and_latex(program):
    case = program["Gpt3ActivationsMicrobatch4"]
    text = case.explain("checkpointed_activations")
    assert text.startswith("checkpointed_activations = segment_inputs + live_segment")
    markdown = case.explain("checkpointed_activations", format="markdown")
    latex = case.explain("checkpointed_activations", format="latex")
    assert markdown._repr_markdown_() == str(markdown) and "checkpointed" in markdown
    assert latex._repr_latex_() == str(latex) and "\\" in latex
    assert len({str(text), str(markdown), str(latex)}) == 3
    # `md`, the command line's name for it, is the same Markdown.
    md = case.explain("checkpointed_activations", format="md")
    assert str(md) == str(markdown) and md._repr_markdown_() == str(markdown)
    with pytest.raises(reckon.ReckonError) as caught:
        case.explain("sequence", format="html")
    assert caught.value.code == "E0915"


TUPLES = """
scenario S {
  input p: (count, GB) = (1, 2 GB)
  input links: [(text, GB/s)] = [("nvlink", 450 GB/s), ("pcie", 64 GB/s)]
  input limits: {text: GB} = {"a": 1 GB}
  total = sum([b for (n, b) in links])
  names = join([n for (n, b) in links], "+")
}
case C = S()
"""


def test_tuples_lists_and_maps_go_back_in(tmp_path):
    path = tmp_path / "tuples.rk"
    path.write_text(TUPLES)
    c = reckon.load(str(path))["C"]
    # A value read from the package goes straight back in, texts inside staying texts:
    # 450 + 64 = 514 GB/s, names joined in order.
    same = c.with_(links=c.links, p=c.p, limits=c.limits)
    assert same.total == reckon.Quantity(514, "GB/s")
    assert same.names == "nvlink+pcie"
    assert same.p == c.p and same.limits == c.limits
    # New ones written in Python: a list of (str, Quantity) tuples and a dict.
    other = c.with_(links=[("ib", reckon.Quantity(50, "GB/s")), ("eth", reckon.Quantity(25, "GB/s"))],
                    limits={"b": reckon.Quantity(3, "GB")}, p=(7, reckon.Quantity(1, "TB")))
    assert other.total == reckon.Quantity(75, "GB/s")
    assert other.names == "ib+eth"
    assert other.limits == {"b": reckon.Quantity(3, "GB")}
    assert other.p == (reckon.Quantity(7, ""), reckon.Quantity(1000, "GB"))
    # A tuple of the wrong arity is the language's error, located in the change.
    with pytest.raises(reckon.ReckonError) as e:
        c.with_(p=(1, reckon.Quantity(1, "GB"), 3)).p
    assert e.value.code == "E0402" and "input `p` must be (count, B)" in e.value.message


def test_a_list_of_records_shows_as_an_html_table():
    # scenarios/allreduce_crossover.rk: 21 message sizes, 1 KiB .. 1 GiB doubling, each a
    # row (size, ring, tree, winner), as `reckon run` prints the table.
    case = reckon.load("scenarios/allreduce_crossover.rk")["Nvlink8"]
    page = case._repr_html_()
    table = page[page.index("<table class=\"reckon-table\">"):]
    table = table[:table.index("</table>")]
    # One heading per field, each quantity column with its one unit, as the terminal's
    # `ring (ms)`: 1.75 x 1 GiB / 25 GB/s + 70 us = 75,231.9 us is the largest ring time,
    # so the column is in ms.
    assert "<th style=\"text-align:left\">size</th>" in table
    assert "<th style=\"text-align:right\">ring (ms)</th>" in table
    assert table.count("<tr>") == 1 + 21  # the heading and a row per size
    # The first row: 1 KiB, ring 70.07168 us = 0.07007 ms, tree 30.24576 us = 0.03025 ms.
    first = table.split("<tr>")[2]
    cells = [c.split(">", 1)[1] for c in first.split("</td>")[:-1]]
    assert cells == ["1 KiB", "0.07007", "0.03025", "tree"]


def test_a_tuple_element_keeps_its_declared_unit(tmp_path):
    # `span: (text, us, GiB)`: GiB, off the ladder, stays (3000 GiB); us, a step of the
    # time ladder, lets the ladder choose as everywhere (display rule 1): 1280 us is
    # 1.28 ms, exactly (1280 / 1000).
    f = tmp_path / "t.rk"
    f.write_text('scenario S {\n  input span: (text, us, GiB) = ("a", 1280 us, 3000 GiB)\n}\n'
                 'case C = S()\n')
    span = reckon.load(str(f))["C"].span
    assert span[0] == "a"
    assert span[1].unit == "ms" and span[1].value == 1.28
    assert span[2].unit == "GiB" and span[2].value == 3000


def test_elements_show_as_they_read_in_their_collection():
    # One digits rule per list (docs/language.md, "Display"): 2.5 is not whole, so every
    # number shows at 4 significant digits, 1 as 1.000 and 0 as 0.000, as `reckon eval`
    # prints `[1.000, 2.500, 0.000]` and `--json` gives each element's display.
    xs = reckon.eval("[1, 2.5, 0]")
    assert [str(x) for x in xs] == ["1.000", "2.500", "0.000"]
    # Alone, 1 is 1.
    assert str(reckon.eval("1")) == "1"
    # A map's values likewise, in its one unit: 1 GB and 0.5 GB, both in GB.
    m = reckon.eval('{"a": 1 GB, "b": 500 MB}')
    assert str(m["a"]) == "1.000 GB" and str(m["b"]) == "0.5000 GB"


SETS = """
enum Stage { ingest, clean, train }
scenario Lineage {
  input seen: {text} = {"a", "b"}
  input done: {Stage} = {ingest}
  input sizes: {GB} = {1 GB}
  both = seen & {"b", "c"}
  left = {ingest, clean, train} - done
  ranks: {count: text} = {1: "one", 2: "two"}
}
case L = Lineage()
"""


def test_sets_come_out_as_frozensets_and_go_back_in(tmp_path):
    path = tmp_path / "sets.rk"
    path.write_text(SETS)
    c = reckon.load(str(path))["L"]
    # {"a", "b"} & {"b", "c"} is {"b"}; {ingest, clean, train} - {ingest} is {clean, train}.
    assert isinstance(c.both, reckon.Set) and c.both == {"b"}
    assert c.left == {"clean", "train"}
    assert c.sizes == {reckon.Quantity(1, "GB")}
    # Python sets go back in as Reckon sets, texts staying texts: {"x", "b"} & {"b", "c"}
    # is {"b"}; an empty set takes the declared type.
    assert c.with_(seen={"x", "b"}).both == {"b"}
    assert c.with_(seen=set()).both == set()
    assert c.with_(done={"clean", "ingest"}).left == {"train"}


def test_map_keys_come_out_as_values(tmp_path):
    path = tmp_path / "sets.rk"
    path.write_text(SETS)
    c = reckon.load(str(path))["L"]
    # {count: text}: the keys are the numbers 1 and 2 (a plain-number Quantity, equal to
    # and hashed as the int), not the texts "1" and "2".
    assert c.ranks == {1: "one", 2: "two"}
    assert c.ranks[2] == "two" and "2" not in c.ranks
    # A quantity key is a Quantity: 1500 MB and 1.5 GB are one key.
    m = reckon.eval('{1500 MB: "a", 2 GB: "b"}')
    assert m[reckon.Quantity(1.5, "GB")] == "a"
    assert list(m) == [reckon.Quantity(1500, "MB"), reckon.Quantity(2, "GB")]


def test_solve_answers_in_python_as_any_value():
    # The largest batch with 10 ms + 0.25 ms b <= 50 ms: (50 - 10) / 0.25 = 160.
    assert reckon.eval("solve(b => 10 ms + b * 0.25 ms, at_most: 50 ms, 1 .. 512)") == 160
    # A continuum: 1 - exp(-t / 10 ms) = 0.99 at -10 ms ln 0.01 = 46.0517 ms.
    t = reckon.eval("solve(t => 1 - exp(-t / 10 ms), 0.99, 0 ms .. 1 s)")
    assert abs(t.to("ms").value - 46.051701859880914) < 1e-9
    # Nothing meets it: E0550 as a ReckonError.
    try:
        reckon.eval("solve(b => 10 ms + b * 0.25 ms, at_most: 5 ms, 1 .. 512)")
        raise AssertionError("E0550 expected")
    except reckon.ReckonError as e:
        assert e.code == "E0550"
