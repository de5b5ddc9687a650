#!/usr/bin/env bash
# Builds the OCR corpus of the PDF OCR issue from pdf/dpbench-dev: every page rendered to an
# image (poppler's pdftoppm at 200 dpi) and rebuilt as an image-only PDF (img2pdf), with the
# same ground truth, in the same layout, so `pnpm bench quality pdf-dpbench --corpus DIR` runs
# on it. Written outside the repository.
#   usage: scripts/make-ocr-corpus.sh [SOURCE_DIR] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$here/../shared/corpora/pdf/dpbench-dev}
out=${2:-${TMPDIR:-/tmp}/distill-corpora/dpbench-dev-ocr}
for tool in pdftoppm img2pdf; do
  command -v "$tool" >/dev/null || { echo "make-ocr-corpus: needs $tool (apt-get install poppler-utils img2pdf)" >&2; exit 1; }
done
mkdir -p "$out/pdfs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for pdf in "$src"/pdfs/*.pdf; do
  id=$(basename "$pdf" .pdf)
  [ -s "$out/pdfs/$id.pdf" ] && { n=$((n + 1)); continue; }
  pdftoppm -r 200 -gray -png "$pdf" "$work/$id"
  img2pdf --output "$out/pdfs/$id.pdf" "$work/$id"*.png
  rm -f "$work/$id"*.png
  n=$((n + 1))
done
ln -sfn "$(cd "$src" && pwd)/ground-truth" "$out/ground-truth"
[ -f "$src/reference.json" ] && ln -sfn "$(cd "$src" && pwd)/reference.json" "$out/reference.json"
echo "make-ocr-corpus: $n image-only PDFs in $out"
