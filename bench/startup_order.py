#!/usr/bin/env python3
"""Writes interpreter/cli/startup-order.txt: the functions a start-up runs, for lld.

The Release build of the static `reckon` gives every function a section of its own and
links with lld's --symbol-ordering-file=interpreter/cli/startup-order.txt (CMakeLists.txt),
so the functions named here are laid out together at the start of the code, first
named first. A one-line command then faults in a few pages of code instead of about 74
spread over 7 MB (docs/performance.md, "Start-up at half of GNU units'").

The list is what callgrind saw executed (mangled names, as the linker knows them) by
the commands below, the conversion of `bench/run`'s start-up step first. Regenerate it
after changes that rename or add much of what start-up runs; a name that no longer
exists is ignored by the linker, and a function missing from the list is only laid
out elsewhere (slower to fault in, never wrong).

Usage: bench/startup_order.py BUILD/reckon   (run from the repository's root)
"""
import os
import subprocess
import sys
import tempfile

COMMANDS = [
    ["eval", "2048 * 4 * 12288 * 34 B -> GB"],
    ["eval", "1 + 1"],
    ["eval", "H100.memory * 8"],
    ["check", "scenarios/training.rk"],
    ["run", "scenarios/training.rk"],
]


def executed_functions(binary, arguments):
    """The mangled names of the functions `binary arguments` executes, as callgrind lists them."""
    with tempfile.TemporaryDirectory() as work:
        out_file = os.path.join(work, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                        f"--callgrind-out-file={out_file}", binary] + arguments,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        names = []
        for line in open(out_file):
            if line.startswith("fn="):
                # callgrind marks a recursion level as NAME'2: the symbol is NAME.
                names.append(line[3:].rstrip("\n").split("'")[0])
        return names


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    seen, order = set(), []
    for arguments in COMMANDS:
        for name in executed_functions(sys.argv[1], arguments):
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                order.append(name)
    with open("interpreter/cli/startup-order.txt", "w") as out:
        out.write("\n".join(order) + "\n")
    print(f"{len(order)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
