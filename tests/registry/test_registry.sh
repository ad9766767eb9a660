#!/usr/bin/env bash
# The registries' records are physically sane (docs/conventions.md, "Where the conventions
# are enforced"). For every record `reckon list models|hardware|fabrics|regions` names, a
# case of the matching scenario of sanity.rk checks every `bool` property of that scenario;
# every record built in bad_records.rk to break a property must fail it, and every property
# must be broken by some bad record. The registry has at least 40 accelerators, one in each
# tier, at least 12 regions, and at least 12 facilities (PUE or WUE), 6 of them campuses.
# Usage: test_registry.sh PATH/TO/reckon   (from the repository root)
set -u
reckon="$1"
dir="$(pwd)/tests/registry"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
work=${KEEP_WORK:-$(mktemp -d)}
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT

# The scenario that checks a record type, and the record type of a listed record (told
# apart by a field only that type has).
scenario_of() {
  case "$1" in
    Accelerator) echo AcceleratorSanity ;; Transformer) echo TransformerSanity ;;
    Network) echo NetworkSanity ;; Fabric) echo FabricSanity ;; Cluster) echo ClusterSanity ;;
    Region) echo RegionSanity ;; Facility) echo FacilitySanity ;;
    CloudPrice) echo CloudPriceSanity ;;
  esac
}
input_of() {
  case "$1" in
    AcceleratorSanity) echo device ;; TransformerSanity) echo workload ;;
    NetworkSanity) echo network ;; FabricSanity) echo fabric ;; ClusterSanity) echo cluster ;;
    RegionSanity) echo region ;; FacilitySanity) echo facility ;;
    CloudPriceSanity) echo offer ;;
  esac
}
# `reckon list WHAT` prints NAME on one line and its fields on the next (`name` left out);
# the first field tells two record types apart.
records() { # WHAT FIRST-FIELD-OF-TYPE-1 TYPE-1 TYPE-2
  "$reckon" list "$1" | paste - - | while IFS=$'\t' read -r name fields; do
    if [[ "$fields" == "  $2: "* ]]; then echo "$name $3"; else echo "$name $4"; fi
  done
}
{
  records hardware "tier" Accelerator CloudPrice
  records models "params" Transformer Network
  records fabrics "kind" Fabric Cluster
  records regions "location" Region Facility
} >"$work/records.txt"

# The bool properties of each scenario of sanity.rk.
properties() {
  awk -v s="$1" '$1 == "scenario" && $2 == s { on = 1; next }
                 on && /^}/ { on = 0 }
                 on && match($0, /^  [a-z0-9_]+: bool =/) { split($1, a, ":"); print a[1] }' \
    "$dir/sanity.rk"
}

# Every listed record through its scenario.
{
  echo "import \"$dir/sanity.rk\""
  while read -r name type; do
    s=$(scenario_of "$type")
    echo "case Sane_$name = $s($(input_of "$s"): $name)"
    for p in $(properties "$s"); do echo "check Sane_$name.$p"; done
  done <"$work/records.txt"
} >"$work/all.rk"
wanted=$(grep -c '^check' "$work/all.rk")
out=$("$reckon" run "$work/all.rk" 2>&1)
status=$?
[[ $status == 0 ]] || fail "a registry record is not sane (exit $status):
$(grep -E '^FAIL|error\[' <<<"$out" | head -20)"
grep -q "^all $wanted checks hold$" <<<"$out" || fail "wanted $wanted checks to hold: $(tail -1 <<<"$out")"

accelerators=$(grep -c ' Accelerator$' "$work/records.txt")
((accelerators >= 40)) || fail "only $accelerators accelerators (at least 40 wanted)"
for tier in datacenter workstation edge mobile microcontroller; do
  "$reckon" list hardware | grep -q "tier: $tier;" || fail "no accelerator in tier $tier"
done
regions=$(grep -c ' Region$' "$work/records.txt")
((regions >= 12)) || fail "only $regions regions (at least 12 wanted)"
# Issue #16: PUE and WUE for at least 12 sites or regions. Every facility carries a cited
# PUE or WUE (FacilitySanity.has_a_figure above); count them, and the campuses among them.
facility_lines=$("$reckon" list regions | paste - - | grep -P '\t  scope: ')
facilities=$(grep -c . <<<"$facility_lines")
((facilities >= 12)) || fail "only $facilities facilities with a PUE or WUE (at least 12 wanted)"
campuses=$(grep -c 'scope: campus;' <<<"$facility_lines")
((campuses >= 6)) || fail "only $campuses campus facilities (at least 6 wanted)"

# Every rule rejects the record built to break it.
awk '/^let [A-Z0-9_]+ = [A-Za-z]+\(/ { name = $2; sub(/\(.*/, "", $4); type = $4 }
     /^[^#].*# breaks / { sub(/.*# breaks /, ""); print name, type, $0 }' "$dir/bad_records.rk" \
  >"$work/bad.txt"
{
  echo "import \"$dir/sanity.rk\""
  echo "import \"$dir/bad_records.rk\""
  while read -r name type props; do
    s=$(scenario_of "$type")
    echo "case Bad_$name = $s($(input_of "$s"): $name)"
    for p in $props; do echo "check not Bad_$name.$p"; done
  done <"$work/bad.txt"
  s=AcceleratorSanity
  echo "case Good = $s(device: GOOD)"
  for p in $(properties $s); do echo "check Good.$p"; done
} >"$work/bad.rk"
wanted=$(grep -c '^check' "$work/bad.rk")
out=$("$reckon" run "$work/bad.rk" 2>&1)
status=$?
[[ $status == 0 ]] || fail "a rule accepts a record built to break it (exit $status):
$(grep -E '^FAIL|error\[' <<<"$out" | head -20)"
grep -q "^all $wanted checks hold$" <<<"$out" || fail "wanted $wanted checks to hold: $(tail -1 <<<"$out")"
for s in AcceleratorSanity TransformerSanity NetworkSanity FabricSanity ClusterSanity \
  RegionSanity FacilitySanity CloudPriceSanity; do
  for p in $(properties "$s"); do
    broken=0
    while read -r name t props; do
      [[ $(scenario_of "$t") == "$s" && " $props " == *" $p "* ]] && broken=1
    done <"$work/bad.txt"
    ((broken)) || fail "$s.$p is broken by no record of bad_records.rk"
  done
done

echo "$(wc -l <"$work/records.txt") records sane ($accelerators accelerators, $regions regions, $facilities facilities), $(wc -l <"$work/bad.txt") bad records rejected; $failures failures"
((failures == 0))
