#!/usr/bin/env python3
"""No include circle among the project's C++ files (issue #32): a header that includes,
through any chain, a file that includes it back. `#pragma once` makes such a circle
compile in one order and fail in another, and it ties two files' stages together.
  tests/layering/check_include_cycles.py [ROOT]        (ROOT: the repository, default .)
Prints one circle as `a -> b -> a` (each file with the line of its include) and exits 1
when there is one."""
import os
import re
import sys

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]*/[^"]*)"')
SKIP = {".git", "node_modules"}


def project_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP and not d.startswith("build"))
        for name in sorted(files):
            if name.endswith((".cpp", ".hpp", ".h")):
                yield os.path.relpath(os.path.join(folder, name), root)


def include_graph(root):
    """file -> [(included file, line)] for includes of files that exist in ROOT."""
    graph = {}
    for path in project_files(root):
        edges = []
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if m and os.path.isfile(os.path.join(root, m.group(1))):
                    edges.append((m.group(1), number))
        graph[path] = edges
    return graph


def a_circle(graph):
    """One circle as [(file, line of its include of the next)], or None."""
    colour = {}  # absent: unseen; 1: on the current path; 2: done
    for start in graph:
        if start in colour:
            continue
        path = [(start, 0)]
        stack = [iter(graph.get(start, []))]
        colour[start] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                colour[path[-1][0]] = 2
                path.pop()
                stack.pop()
                continue
            target, line = step
            path[-1] = (path[-1][0], line)
            if colour.get(target) == 1:
                files = [f for f, _ in path]
                return path[files.index(target):] + [(target, 0)]
            if target not in colour:
                colour[target] = 1
                path.append((target, 0))
                stack.append(iter(graph.get(target, [])))
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    circle = a_circle(include_graph(root))
    if circle:
        print("include circle: " + " -> ".join(
            f"{f}:{line}" if line else f for f, line in circle))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
