#!/bin/sh
# Makes fixtures/continued-table/: a report whose ruled table runs over a page break, its header
# row repeated on the next page as word processors do (LibreOffice's "repeat heading"), written
# here as a flat ODT and saved as PDF by LibreOffice (headless). tests/pages.test.ts checks that
# `distill parse` gives one table with every row, on both pages' provenance, and two with
# `--continued-tables separate`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/continued-table"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

rows=""
i=1
while [ $i -le 60 ]; do
  rows="$rows<table:table-row><table:table-cell table:style-name=\"C\" office:value-type=\"string\"><text:p>Station $i</text:p></table:table-cell><table:table-cell table:style-name=\"C\" office:value-type=\"string\"><text:p>$((i * 3 % 17)).$((i % 10)) m</text:p></table:table-cell><table:table-cell table:style-name=\"C\" office:value-type=\"string\"><text:p>$((i * 7 % 40 + 2)) visits</text:p></table:table-cell></table:table-row>"
  i=$((i + 1))
done
para="<text:p text:style-name=\"P\">Retreat of the northern shore was measured at each station after the winter storms; the figures below are the metres lost since the first survey and the number of visits made.</text:p>"

cat > "$work/continued-table.fodt" <<FODT
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.05cm"/></style:style>
  <style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="16pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="P" style:family="paragraph"><style:text-properties fo:font-size="11pt"/></style:style>
  <style:style style:name="B" style:family="paragraph"><style:text-properties fo:font-weight="bold"/></style:style>
 </office:automatic-styles>
 <office:body><office:text>
  <text:p text:style-name="H">Shoreline retreat, winter survey</text:p>
  $para $para $para $para $para $para
  <table:table table:name="Retreat">
   <table:table-column table:number-columns-repeated="3"/>
   <table:table-header-rows><table:table-row>
    <table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Station</text:p></table:table-cell>
    <table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Retreat</text:p></table:table-cell>
    <table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Visits</text:p></table:table-cell>
   </table:table-row></table:table-header-rows>
   $rows
  </table:table>
  $para $para
 </office:text></office:body>
</office:document>
FODT
cp "$work/continued-table.fodt" "$out/continued-table.fodt"
soffice --headless --convert-to pdf --outdir "$work" "$work/continued-table.fodt" >/dev/null
cp "$work/continued-table.pdf" "$out/continued-table.pdf"
pdfinfo "$out/continued-table.pdf" | grep Pages
