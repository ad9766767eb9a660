# docs/python.md's examples run: every ```python block, in order, in one namespace, from
# the repository's root (the doc's paths are the repository's). A block's `assert`s are
# its expected output.
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_examples_of_docs_python_md_run():
    text = (ROOT / "docs" / "python.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 5
    namespace = {}
    for number, block in enumerate(blocks, 1):
        code = compile(block, f"docs/python.md, python block {number}", "exec")
        exec(code, namespace)
