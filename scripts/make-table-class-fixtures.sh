#!/bin/sh
# Makes fixtures/pdf-tables/stacked-boxed-tables.pdf: two tables the held-out DP-Bench pages of
# issue 20 lost, drawn with lines by LibreOffice (headless) from the flat ODT below: a boxed
# one-column list of items under a header, then a paragraph, then a two-column table whose
# second column is empty in every row. Both grids have the same width, so they must stay two
# tables with the paragraph as text between them. tests/pdf-tables-cli.test.ts reads it
# through the built `distill parse`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-tables"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
cat > "$work/stacked-boxed-tables.fodt" <<'FODT'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>
  <style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="14pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="P" style:family="paragraph"><style:text-properties fo:font-size="11pt"/></style:style>
  <style:style style:name="B" style:family="paragraph"><style:text-properties fo:font-size="11pt" fo:font-weight="bold"/></style:style>
 </office:automatic-styles>
 <office:body><office:text>
  <text:p text:style-name="H">Equipment for the field survey</text:p>
  <text:p text:style-name="P">Each team collects the items below from the store before leaving and returns them on the same day, signed off by the store keeper.</text:p>
  <table:table table:name="Items">
   <table:table-column/>
   <table:table-header-rows><table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Items to collect</text:p></table:table-cell></table:table-row></table:table-header-rows>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Measuring tape, 50 m</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Two ranging poles</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Hand-held GPS receiver</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Field book and pencils</text:p></table:table-cell></table:table-row>
  </table:table>
  <text:p text:style-name="P">The return sheet below is filled in by the store keeper; the second column stays empty until the item is back.</text:p>
  <table:table table:name="Returns">
   <table:table-column table:number-columns-repeated="2"/>
   <table:table-header-rows><table:table-row>
    <table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Item</text:p></table:table-cell>
    <table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="B">Returned on</text:p></table:table-cell>
   </table:table-row></table:table-header-rows>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Measuring tape</text:p></table:table-cell><table:table-cell table:style-name="C"><text:p/></table:table-cell></table:table-row>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">Ranging poles</text:p></table:table-cell><table:table-cell table:style-name="C"><text:p/></table:table-cell></table:table-row>
   <table:table-row><table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">GPS receiver</text:p></table:table-cell><table:table-cell table:style-name="C"><text:p/></table:table-cell></table:table-row>
  </table:table>
  <text:p text:style-name="P">Lost items are reported to the survey office within a week.</text:p>
 </office:text></office:body>
</office:document>
FODT
soffice --headless --convert-to pdf --outdir "$work" "$work/stacked-boxed-tables.fodt" >/dev/null
cp "$work/stacked-boxed-tables.fodt" "$work/stacked-boxed-tables.pdf" "$out/"
pdfinfo "$out/stacked-boxed-tables.pdf" | grep Pages
