#!/usr/bin/env bash
# Renders an SVG chart with headless Chromium and checks the picture: the PNG exists, has
# the SVG's own width and height, and is not blank (many colours, a share of inked pixels,
# some saturated ones: the chart's lines or colour ramp, not a grey error page).
#
#   tests/sweep/render_svg.sh CHART.svg [OUT.png]
#
# OUT.png defaults to CHART.png. Exit 0 on success, 1 on failure, 77 (skipped) when no
# Chromium is installed, unless RECKON_REQUIRE_BROWSER=1 makes that a failure.
# RECKON_CHROMIUM names the browser binary when it is not on PATH as chromium.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 CHART.svg [OUT.png]" >&2
  exit 2
fi
svg=$(realpath "$1")
png=$(realpath -m "${2:-${1%.svg}.png}")
[[ -f $svg ]] || { echo "FAIL: no such file: $1" >&2; exit 1; }

browser=${RECKON_CHROMIUM:-}
if [[ -z $browser ]]; then
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null; then browser=$candidate; break; fi
  done
fi
if [[ -z $browser ]]; then
  if [[ ${RECKON_REQUIRE_BROWSER:-0} == 1 ]]; then
    echo "FAIL: no chromium found and RECKON_REQUIRE_BROWSER=1" >&2
    exit 1
  fi
  echo "SKIP: no chromium found" >&2
  exit 77
fi

# A browser shows a malformed document as an error page, which is not blank either:
# check well-formedness first where xmllint is available.
if command -v xmllint >/dev/null; then
  xmllint --noout "$svg" || { echo "FAIL: $1 is not well-formed XML" >&2; exit 1; }
fi

# The window is the SVG's own size, so the screenshot shows all of it and nothing else.
read -r width height < <(python3 - "$svg" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(round(float(root.get("width"))), round(float(root.get("height"))))
EOF
)

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$png"
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --force-device-scale-factor=1 --user-data-dir="$profile" \
  --screenshot="$png" --window-size="$width,$height" "file://$svg" >"$profile/log" 2>&1 || {
  echo "FAIL: $browser exited with $?" >&2
  tail -20 "$profile/log" >&2
  exit 1
}
[[ -s $png ]] || { echo "FAIL: $browser wrote no screenshot" >&2; tail -20 "$profile/log" >&2; exit 1; }

# Decode the PNG with the standard library only (zlib, struct): 8-bit grey, RGB or RGBA.
python3 - "$png" "$width" "$height" <<'EOF'
import struct, sys, zlib

path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"FAIL: {path} is not a PNG")
pos, idat, header = 8, b"", None
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        header = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
w, h, depth, colour, _, _, interlace = header
if (w, h) != (want_w, want_h):
    sys.exit(f"FAIL: screenshot is {w}x{h}, expected {want_w}x{want_h}")
channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
if depth != 8 or channels is None or interlace:
    sys.exit(f"FAIL: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")

raw, stride = zlib.decompress(idat), w * channels
rows, prev, at = [], bytearray(stride), 0
for _ in range(h):
    kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
    at += 1 + stride
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b, c = prev[i], prev[i - channels] if i >= channels else 0
        if kind == 1:
            line[i] = (line[i] + a) & 255
        elif kind == 2:
            line[i] = (line[i] + b) & 255
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line))
    prev = line

colours, inked, saturated = set(), 0, 0
for line in rows:
    for x in range(0, stride, channels):
        px = line[x:x + min(channels, 3)]
        colours.add(px)
        if min(px) < 235:
            inked += 1
        if max(px) - min(px) > 60:
            saturated += 1
total = w * h
print(f"{path}: {w}x{h}, {len(colours)} colours, {100 * inked / total:.1f}% inked, "
      f"{saturated} saturated pixels")
if len(colours) < 16 or inked < total * 0.01 or saturated < 50:
    sys.exit("FAIL: the screenshot looks blank")
EOF
