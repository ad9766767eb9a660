#!/usr/bin/env bash
# The textbook's solvers (stdlib/modules/solvers_*.rk) and their fallacies: every
# `@fallacy` claim of a solver is quoted by a `# refutes:` comment in a bundled
# scenarios/textbook_*.rk file, right above the checks that show the reality (the first
# line after the comment block is a check); there are at least 30 of them; the bundled
# files' checks all hold; and `explain --fallacies` shows a solver's fallacies.
# Usage: test_fallacies.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
fail() {
  echo "FAIL: $*"
  exit 1
}
claims=$(sed -n 's/^@fallacy "\([^"]*\)" ".*"$/\1/p' stdlib/modules/solvers_*.rk)
count=$(grep -c . <<<"$claims")
((count >= 30)) || fail "only $count fallacies across the solvers (at least 30 wanted)"
# Every @fallacy line is read by the pattern above (two strings, nothing else).
lines=$(grep -c '^@fallacy' stdlib/modules/solvers_*.rk | awk -F: '{n += $2} END {print n}')
((lines == count)) || fail "$lines @fallacy lines but $count read: a line this test cannot read"
while IFS= read -r claim; do
  # The comment, then (past other comment lines) a check.
  awk -v claim="# refutes: $claim" '
    $0 == claim { found = 1; next }
    found && /^#/ { next }
    found { if ($0 ~ /^check /) ok = 1; exit }
    END { exit ok ? 0 : 1 }' scenarios/textbook_*.rk ||
    fail "no check follows a \`# refutes: $claim\` comment in scenarios/textbook_*.rk"
done <<<"$claims"
# No refutation of a claim that no solver records (a renamed fallacy leaves none behind).
while IFS= read -r quoted; do
  grep -qxF "$quoted" <<<"$claims" || fail "\`# refutes: $quoted\` quotes no solver's @fallacy"
done < <(sed -n 's/^# refutes: //p' scenarios/textbook_*.rk)
for f in scenarios/textbook_*.rk; do
  out=$("$reckon" run "$f" 2>&1) || fail "$f: $out"
done
# explain --fallacies: the question reads a case of SingleNodeRoofline.
out=$("$reckon" explain scenarios/textbook_node.rk Llama2DecodeOnH100.latency --fallacies) ||
  fail "explain --fallacies: $out"
grep -qF "fallacies of SingleNodeRoofline:" <<<"$out" || fail "explain --fallacies: $out"
grep -qF "  - Peak FLOP/s sets the speed of a model. Reality: At batch 1" <<<"$out" ||
  fail "explain --fallacies shows no claim and reality: $out"
out=$("$reckon" explain scenarios/textbook_node.rk Llama2DecodeOnH100.latency --fallacies \
  --format md) || fail "explain --fallacies --format md: $out"
grep -qF '**Fallacies of `SingleNodeRoofline`**' <<<"$out" || fail "md fallacies: $out"
# A question that reads no scenario says so.
out=$("$reckon" explain '1 GB + 1 GB' --fallacies) || fail "explain '1 GB + 1 GB': $out"
grep -qF "fallacies: the question reads no scenario" <<<"$out" || fail "no-scenario case: $out"
# Without the flag, no fallacies.
out=$("$reckon" explain scenarios/textbook_node.rk Llama2DecodeOnH100.latency)
grep -qi "fallac" <<<"$out" && fail "explain without --fallacies lists fallacies: $out"
echo "ok: $count fallacies, each refuted by a check"
