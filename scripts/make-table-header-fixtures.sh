#!/bin/sh
# Makes fixtures/pdf-tables/ documents for two more table classes of issue 20, written here as
# flat ODT and saved as PDF by LibreOffice (headless):
#   multi-row-header     a header of two rows over the same data, once drawn with lines and
#                        once borderless: "Population" spans the two year columns, "Region"
#                        and "Area" span both header rows
#   continued-borderless a borderless table of 70 rows that runs over a page break with no
#                        header repeated, and a ruled one that does the same
# tests/pdf-tables-cli.test.ts reads them through the built `distill parse`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-tables"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

head() {
  cat <<'HEAD'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>
  <style:style style:name="N" style:family="table-cell"><style:table-cell-properties fo:border="none" fo:padding="0.1cm"/></style:style>
  <style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="14pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="11pt"/></style:style>
  <style:style style:name="T" style:family="paragraph"><style:text-properties fo:font-size="10pt"/></style:style>
  <style:style style:name="R" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-size="10pt"/></style:style>
 </office:automatic-styles>
 <office:body><office:text>
HEAD
}
tail() { printf ' </office:text></office:body>\n</office:document>\n'; }
p() { printf '<text:p text:style-name="P">%s</text:p>\n' "$1"; }
# cell STYLE TEXT [ATTRS]: a cell in style C (lines) or N (none); figures right-aligned.
cell() {
  para=T
  case "$2" in [0-9]*) para=R ;; esac
  printf '<table:table-cell table:style-name="%s" office:value-type="string" %s><text:p text:style-name="%s">%s</text:p></table:table-cell>' "$1" "${3:-}" "$para" "$2"
}
covered() { printf '<table:covered-table-cell/>'; }

# A header of two rows: Region | Population (2 columns) | Area, then 2022 | 2023 under Population.
two_row_table() { # name, cell style
  s=$2
  printf '<table:table table:name="%s"><table:table-column table:number-columns-repeated="4"/>\n' "$1"
  printf '<table:table-row>%s%s%s%s</table:table-row>\n' \
    "$(cell "$s" Region 'table:number-rows-spanned="2"')" \
    "$(cell "$s" 'Population (thousands)' 'table:number-columns-spanned="2"')" "$(covered)" \
    "$(cell "$s" 'Area (km²)' 'table:number-rows-spanned="2"')"
  printf '<table:table-row>%s%s%s%s</table:table-row>\n' "$(covered)" "$(cell "$s" 2022)" "$(cell "$s" 2023)" "$(covered)"
  for r in 'North|1,204|1,318|5,120' 'South|2,410|2,455|3,870' 'East|842|903|6,940' 'West|1,530|1,562|4,310'; do
    IFS='|' read -r a b c d <<EOR
$r
EOR
    printf '<table:table-row>%s%s%s%s</table:table-row>\n' "$(cell "$s" "$a")" "$(cell "$s" "$b")" "$(cell "$s" "$c")" "$(cell "$s" "$d")"
  done
  printf '</table:table>\n'
}

{
  head
  printf '<text:p text:style-name="H">Population of the regions</text:p>\n'
  p 'The census counts below are given by region, with the area of each, as the statistics office published them in the spring.'
  two_row_table Ruled C
  p 'The same figures, set without lines as the yearbook prints them:'
  two_row_table Borderless N
  p 'Counts are rounded to the nearest thousand.'
  tail
} > "$work/multi-row-header.fodt"

rows() { # style, count
  i=1
  while [ "$i" -le "$2" ]; do
    printf '<table:table-row>%s%s%s</table:table-row>\n' "$(cell "$1" "Gauge $i")" \
      "$(cell "$1" "$((i * 37 % 90 + 10)).$((i % 10))")" "$(cell "$1" "$((i * 13 % 300 + 40))")"
    i=$((i + 1))
  done
}
{
  head
  printf '<text:p text:style-name="H">River gauges, spring readings</text:p>\n'
  i=0
  while [ $i -lt 6 ]; do
    p 'Each gauge was read at dawn on the first of the month; the level is in centimetres over the datum and the flow in cubic metres a second, taken from the rating curve of the gauge.'
    i=$((i + 1))
  done
  printf '<table:table table:name="Gauges"><table:table-column table:number-columns-repeated="3"/>\n'
  printf '<table:table-row>%s%s%s</table:table-row>\n' "$(cell N Gauge)" "$(cell N 'Level (cm)')" "$(cell N 'Flow (m³/s)')"
  rows N 70
  printf '</table:table>\n'
  p 'Readings of the ruled register follow, with no header on its second page.'
  printf '<table:table table:name="Register"><table:table-column table:number-columns-repeated="3"/>\n'
  printf '<table:table-row>%s%s%s</table:table-row>\n' "$(cell C Gauge)" "$(cell C 'Level (cm)')" "$(cell C 'Flow (m³/s)')"
  rows C 60
  printf '</table:table>\n'
  p 'Gauges read late are marked in the register.'
  tail
} > "$work/continued-borderless.fodt"

for n in multi-row-header continued-borderless; do
  soffice --headless --convert-to pdf --outdir "$work" "$work/$n.fodt" >/dev/null
  cp "$work/$n.fodt" "$work/$n.pdf" "$out/"
  printf '%s: ' "$n"
  pdfinfo "$out/$n.pdf" | grep Pages
done
