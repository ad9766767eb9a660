#!/usr/bin/env python3
"""docs/errors.md shows each error's example as it is: for every
"Example (`tests/lang/NAME.rk`):" the code block that follows is NAME.rk and the
"Output:" block after it is NAME.exp, byte for byte. (Blocks drifted between sections
once, unnoticed: E0141's example lost its output and E0150 showed E0141's.)

Usage: docs_examples.py [--fix]   (from the repository root)
  --fix rewrites the examples' code and output blocks from the golden tests (after
  scripts/accept-golden changed an .exp on purpose).
"""
import re
import sys

text = open("docs/errors.md", encoding="utf-8").read()
pattern = re.compile(r"Example \(`tests/lang/([\w.-]+)\.rk`\):\n\n```\n(.*?)```\n\nOutput:\n\n```\n(.*?)```\n",
                     re.S)
examples = re.findall(r"Example \(`tests/lang/([\w.-]+)\.rk`\):", text)
checked, failures = 0, []
matched = {m.group(1): m for m in pattern.finditer(text)}
for name in examples:
    m = matched.get(name)
    if m is None:
        failures.append(f"{name}: its example is not followed by a code block and an Output block")
        continue
    source = open(f"tests/lang/{name}.rk", encoding="utf-8").read()
    expected = open(f"tests/lang/{name}.exp", encoding="utf-8").read()
    if m.group(2) != source:
        failures.append(f"{name}: the example's code differs from tests/lang/{name}.rk")
    if m.group(3) != expected:
        failures.append(f"{name}: the example's output differs from tests/lang/{name}.exp")
    checked += 1
if "--fix" in sys.argv[1:]:
    def refreshed(m):
        name = m.group(1)
        source = open(f"tests/lang/{name}.rk", encoding="utf-8").read()
        expected = open(f"tests/lang/{name}.exp", encoding="utf-8").read()
        return (f"Example (`tests/lang/{name}.rk`):\n\n```\n{source}```\n\nOutput:\n\n"
                f"```\n{expected}```\n")
    open("docs/errors.md", "w", encoding="utf-8").write(pattern.sub(refreshed, text))
    print("docs/errors.md rewritten from the golden tests")
    sys.exit(0)
for f in failures:
    print("FAIL:", f)
print(f"{checked} examples of docs/errors.md match their golden tests, {len(failures)} do not")
sys.exit(1 if failures else 0)
