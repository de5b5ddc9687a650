#!/usr/bin/env bash
# Builds the no-table set of issue 20 (pages without a table that line up like one: forms,
# charts, multi-column prose, contents with dot leaders, references, a letter, a glossary) for
# `pnpm bench dev pdf-no-tables`: LibreOffice prints the .fodt documents scripts/no-table-pages.py
# writes, the charts are written as PDF directly. Written outside the repository.
#   usage: scripts/make-no-table-corpus.sh [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${TMPDIR:-/tmp}/distill-corpora/pdf-no-tables}
command -v soffice >/dev/null || { echo "make-no-table-corpus: needs soffice (apt-get install libreoffice-writer)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
python3 "$here/no-table-pages.py" "$work" "$out"
soffice --headless --convert-to pdf --outdir "$out" "$work"/*.fodt >/dev/null
echo "make-no-table-corpus: $(ls "$out"/*.pdf | wc -l) PDFs in $out"
