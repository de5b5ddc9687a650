#!/usr/bin/env bash
# Installs what distill's build, tests and benchmarks need on a fresh Debian machine with Node
# and npm: pnpm, and the Debian packages the tests drive for real (only those missing):
# poppler and qpdf (PDF fixtures, OCR), Redis (batch queue, scrape cache), Chromium (browser
# engine, driven by playwright-core), img2pdf (the OCR corpus script), tesseract (the native OCR
# engine), GNU time (benchmarks).
set -euo pipefail

if ! command -v pnpm >/dev/null 2>&1; then
  npm i -g pnpm@10 >/dev/null
fi

# command -> Debian package
declare -A NEED=(
  [qpdf]=qpdf
  [pdftoppm]=poppler-utils
  [redis-server]=redis-server
  [img2pdf]=img2pdf
  [chromium]=chromium
  # Native tesseract, the `native` OCR engine (read with @distill/ocr's own trained data, so
  # Debian's language packages are not needed).
  [tesseract]=tesseract-ocr
  # A compiler for better-sqlite3 (the server's state store), built from source when its
  # prebuilt binary cannot be fetched: without one it is skipped and state stays in memory.
  [g++]=g++
  [make]=make
)
missing=()
for cmd in "${!NEED[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${NEED[$cmd]}")
done
# GNU time (CPU and peak memory of whole processes in the benchmarks); `time` alone is the shell's.
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "install-deps: please install: ${missing[*]}" >&2
  fi
fi
