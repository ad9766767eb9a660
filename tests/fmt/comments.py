#!/usr/bin/env python3
"""Prints the comments of a Reckon file (`#` and `##` to the end of a line, outside
strings), one per line with trailing spaces removed: what `reckon fmt` must keep, in
order. Written apart from the formatter's tokenizer, so the two check each other."""
import sys

for line in open(sys.argv[1], encoding="utf-8", errors="surrogateescape"):
    in_string = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "#":
            print(line[i:].rstrip())
            break
        i += 1
