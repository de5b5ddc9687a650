#!/bin/sh
# Makes fixtures/scanned-table/gutter-prose.pdf: a tight three-column table under a centred title
# and above justified prose (the layout of scanned DP-Bench page 130), printed by Chromium from
# fixtures/scanned-table/gutter-prose.html, rendered grey at 200 dpi by poppler and wrapped as an
# image-only PDF by img2pdf. tests/pdf-tables-cli.test.ts checks that `distill parse --pdf-mode ocr`
# keeps the table whole: on OCR'd words the page's column gutters must not part its cells.
# Needs: apt-get install -y chromium poppler-utils img2pdf
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/scanned-table"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
  --print-to-pdf="$work/page.pdf" "$out/gutter-prose.html" 2>/dev/null
pdftoppm -r 200 -gray -singlefile "$work/page.pdf" "$work/scan"
img2pdf --pagesize Letter "$work/scan.pgm" -o "$out/gutter-prose.pdf"
echo "make-gutter-prose-fixture: $(wc -c < "$out/gutter-prose.pdf") bytes in $out"
