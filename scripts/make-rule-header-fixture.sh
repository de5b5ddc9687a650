#!/bin/sh
# Makes fixtures/pdf-tables/rule-header-figures.pdf for issue 20: a report table drawn with
# three horizontal rules only (over the header, under the sub-headers, under the last row), a
# header of two rows ("Region" spans both, each year spans two columns, so the rule under the
# sub-headers stops short of the "Region" column), header cells set flush left and figures set
# flush right, written as flat ODT and saved as PDF by LibreOffice (headless). The figures'
# columns are narrower than their headers' cells, so each header cell and the figures under it
# share no x-range. tests/pdf-tables-cli.test.ts reads it through the built `distill parse`.
# Needs apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-tables"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

rule="0.5pt solid #000000"
cellStyle() { # name, top, bottom
  printf '<style:style style:name="%s" style:family="table-cell"><style:table-cell-properties fo:border-top="%s" fo:border-bottom="%s" fo:border-left="none" fo:border-right="none" fo:padding="0.08cm"/></style:style>\n' "$1" "$2" "$3"
}
# cell STYLE PARA TEXT [ATTRS]
cell() {
  printf '<table:table-cell table:style-name="%s" office:value-type="string" %s><text:p text:style-name="%s">%s</text:p></table:table-cell>' "$1" "${4:-}" "$2" "$3"
}
covered() { printf '<table:covered-table-cell/>'; }
row() { printf '<table:table-row>%s</table:table-row>\n' "$*"; }
body() { # style, label, six figures
  s=$1
  label=$2
  shift 2
  cells=$(cell "$s" T "$label")
  for v in "$@"; do cells="$cells$(cell "$s" R "$v")"; done
  row "$cells"
}

{
  cat <<'HEAD'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="16pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="10pt"/></style:style>
  <style:style style:name="T" style:family="paragraph"><style:text-properties fo:font-size="9pt"/></style:style>
  <style:style style:name="C" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="9pt"/></style:style>
  <style:style style:name="R" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-size="9pt"/></style:style>
HEAD
  cellStyle TOP "$rule" none
  cellStyle SUB none "$rule"
  cellStyle MID none none
  cellStyle END none "$rule"
  printf ' </office:automatic-styles>\n <office:body><office:text>\n'
  printf '<text:p text:style-name="H">Water use by region</text:p>\n'
  printf '<text:p text:style-name="P">The table below gives the water drawn and the water returned in each region over three years, in millions of cubic metres, as the regional offices reported them.</text:p>\n'
  printf '<table:table table:name="Use"><table:table-column table:number-columns-repeated="7"/>\n'
  row "$(cell TOP T 'Region of supply' 'table:number-rows-spanned="2"')" \
    "$(cell TOP C 2021 'table:number-columns-spanned="2"')$(covered)" \
    "$(cell TOP C 2022 'table:number-columns-spanned="2"')$(covered)" \
    "$(cell TOP C 2023 'table:number-columns-spanned="2"')$(covered)"
  row "$(covered)$(cell SUB T Drawn)$(cell SUB T Returned)$(cell SUB T Drawn)$(cell SUB T Returned)$(cell SUB T Drawn)$(cell SUB T Returned)"
  body MID North 1,204 312 1,187 298 1,240 305
  body MID 'Eastern coast' 864.5 97.2 870.1 101.4 902.6 99.8
  body MID 'South and islands' 2,310 45 2,295 51 2,402 48
  body MID West 318 12.5 322 13.1 330 12.9
  body END 'Central plain' 1,776 640 1,802 655 1,815 671
  printf '</table:table>\n'
  printf '<text:p text:style-name="P">Figures for the islands include the ferries and the two desalination plants that opened in the second year.</text:p>\n'
  printf ' </office:text></office:body>\n</office:document>\n'
} >"$work/rule-header-figures.fodt"

soffice --headless --convert-to pdf --outdir "$work" "$work/rule-header-figures.fodt" >/dev/null 2>&1
cp "$work/rule-header-figures.pdf" "$out/"
echo "make-rule-header-fixture: $out/rule-header-figures.pdf"
