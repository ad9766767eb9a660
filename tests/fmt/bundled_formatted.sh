#!/usr/bin/env bash
# Every bundled scenario, exercise and stdlib module is laid out as `reckon fmt` would:
# `reckon fmt --check` lists none. (tests/lang is not in the set: its .exp files name
# lines and columns, which formatting would move; tests/fmt/test_fmt.sh still formats
# every golden test, to a copy.) Fix a failure with
#   reckon fmt scenarios/*.rk scenarios/exercises/*.rk stdlib/modules/*.rk
# Usage: bundled_formatted.sh PATH/TO/reckon   (run from the repository root)
set -u
exec "$1" fmt --check scenarios/*.rk scenarios/exercises/*.rk stdlib/modules/*.rk
