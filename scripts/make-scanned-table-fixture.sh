#!/bin/sh
# Makes fixtures/scanned-table/scanned-table.pdf: two pages of tables as a scanner gives them, an
# image and no text (page 1 a table drawn as a grid of rules, page 2 a borderless one). The pages
# are written by scripts/scanned-table-page.py, rendered at 200 dpi by poppler, thresholded to
# black and white (a fax-like scan, and a small file) and wrapped as PDF by img2pdf.
# tests/ocr-tables.test.ts checks that `distill parse --pdf-mode ocr|auto` gives both tables.
# Needs: apt-get install -y poppler-utils img2pdf python3-pil
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/scanned-table"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
python3 "$root/scripts/scanned-table-page.py" "$work/src.pdf"
pdftoppm -r 200 -gray -png "$work/src.pdf" "$work/p"
/usr/bin/python3 - "$work" <<'PY'
import sys, glob
from PIL import Image
for f in sorted(glob.glob(sys.argv[1] + "/p-*.png")):
    Image.open(f).point(lambda v: 255 if v > 160 else 0).convert("1").save(f.replace("/p-", "/m-"))
PY
img2pdf -o "$out/scanned-table.pdf" "$work"/m-*.png
echo "make-scanned-table-fixture: $(wc -c < "$out/scanned-table.pdf") bytes in $out"
