#!/usr/bin/env python3
"""Instructions a command executes, counted by callgrind (valgrind's "Ir").

Instruction counts do not move with the machine's load, so the instruction guard
(bench/guard) and the linear-cost tests (tests/limits/test_linear_costs.py) compare
them where a wall time could not be trusted on a shared machine. Every thread's
instructions are counted (reckon runs its commands on a thread of its own).

Usage: instructions.py COMMAND [ARGUMENT...]   (prints the count; exits with the
command's exit code)
"""
import os
import subprocess
import sys
import tempfile


class Counted:
    """The result of one counted run: instructions, exit code, stdout, stderr."""

    def __init__(self, instructions, returncode, stdout, stderr):
        self.instructions = instructions
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr


def count(argv, stdin=None, cwd=None):
    """Runs `argv` under callgrind; its instructions, exit code and output."""
    with tempfile.TemporaryDirectory() as work:
        out_file = os.path.join(work, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
             "--error-exitcode=99"] + list(argv),
            input=stdin, capture_output=True, text=True, cwd=cwd)
        instructions = None
        if os.path.exists(out_file):
            for line in open(out_file):
                if line.startswith("summary:") or line.startswith("totals:"):
                    instructions = int(line.split()[1])
                    break
        if instructions is None:
            raise RuntimeError(f"callgrind counted nothing for {argv}: {run.stderr[-2000:]}")
        # valgrind's own lines start with ==PID==; the rest is the command's.
        stderr = "".join(l for l in run.stderr.splitlines(keepends=True) if not l.startswith("=="))
        return Counted(instructions, run.returncode, run.stdout, stderr)


if __name__ == "__main__":
    result = count(sys.argv[1:])
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    print(result.instructions)
    sys.exit(result.returncode)
