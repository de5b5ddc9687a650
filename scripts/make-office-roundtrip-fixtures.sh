#!/bin/sh
# Makes the legacy/ODF/RTF round-trip fixtures in fixtures/office-roundtrip/ from small
# sources written here: pandoc makes a docx and a pptx from Markdown, LibreOffice (headless)
# saves them as doc/odt/rtf and ppt/odp, pandoc saves the docx as epub; a flat ODS spreadsheet is saved as xlsx, then as
# xls and ods. The tests (packages/office/src/*/roundtrip.test.ts) check that every heading,
# list item and table cell of the sources survives. Needs pandoc and
#   apt-get install -y libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/office-roundtrip"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

cat > "$work/doc.md" <<'MD'
# Quarterly Report

Opening paragraph with **bold** and *italic* words.

## Regional Results

- Alpha region item
- Beta region item
  - Nested gamma item

1. First numbered step
2. Second numbered step

| Region | Revenue | Growth |
|--------|---------|--------|
| North  | 1200    | 5%     |
| South  | 950     | 3%     |

### Outlook Section

Closing paragraph with a [link](https://example.org/outlook).[^1]

[^1]: A footnote about the outlook.
MD

cat > "$work/slides.md" <<'MD'
# Launch Plan

- Kickoff meeting
- Design review

# Budget Table

| Item | Cost |
|------|------|
| Servers | 4000 |
| Licenses | 1500 |

# Closing Slide

Thanks for listening
MD

cat > "$work/book.fods" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
  xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
  office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
 <office:automatic-styles>
  <number:date-style style:name="D1"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
  <number:percentage-style style:name="P1"><number:number number:decimal-places="1" number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>
  <number:boolean-style style:name="B1"><number:boolean/></number:boolean-style>
  <style:style style:name="ce3" style:family="table-cell" style:data-style-name="B1"/>
  <style:style style:name="ce1" style:family="table-cell" style:data-style-name="D1"/>
  <style:style style:name="ce2" style:family="table-cell" style:data-style-name="P1"/>
 </office:automatic-styles>
 <office:body><office:spreadsheet>
  <table:table table:name="Sales">
   <table:table-row><table:table-cell office:value-type="string"><text:p>Product</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Units</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Share</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Shipped</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell office:value-type="string"><text:p>Widget</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="42"><text:p>42</text:p></table:table-cell><table:table-cell table:style-name="ce2" office:value-type="percentage" office:value="0.125"><text:p>12.5%</text:p></table:table-cell><table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="2024-03-15"><text:p>2024-03-15</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell office:value-type="string"><text:p>Gadget</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="7.5"><text:p>7.5</text:p></table:table-cell><table:table-cell table:style-name="ce2" office:value-type="percentage" office:value="0.875"><text:p>87.5%</text:p></table:table-cell><table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="2023-12-01"><text:p>2023-12-01</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell office:value-type="string" table:number-columns-spanned="2"><text:p>Merged note</text:p></table:table-cell><table:covered-table-cell/><table:table-cell office:value-type="float" office:value="49.5" table:formula="of:=[.B2]+[.B3]"><text:p>49.5</text:p></table:table-cell><table:table-cell table:style-name="ce3" office:value-type="boolean" office:boolean-value="true"><text:p>TRUE</text:p></table:table-cell></table:table-row>
  </table:table>
  <table:table table:name="Notes">
   <table:table-row><table:table-cell office:value-type="string"><text:p>Remark</text:p></table:table-cell></table:table-row>
   <table:table-row><table:table-cell office:value-type="string"><text:p>Second sheet text</text:p></table:table-cell></table:table-row>
  </table:table>
 </office:spreadsheet></office:body>
</office:document>
XML

cd "$work"
pandoc doc.md -o source.docx
pandoc source.docx --metadata title="Quarterly Report Book" --metadata author="Round Trip" --metadata lang=en -o source.epub
pandoc slides.md -o source.pptx
lo() { soffice --headless --norestore --convert-to "$1" --outdir "$work" "$2" >/dev/null 2>&1; }
lo xlsx book.fods && mv book.xlsx source.xlsx
for f in doc odt rtf; do lo "$f" source.docx; done
for f in ppt odp; do lo "$f" source.pptx; done
for f in xls ods; do lo "$f" source.xlsx; done
# LibreOffice puts a 440 KB thumbnail into the ppt's SummaryInformation stream: empty it and
# rewrite the compound file without the freed sectors, so the committed fixture stays small
# (the stream is metadata only; every other stream is kept byte for byte).
python3 "$root/scripts/compact-cfb.py" source.ppt SummaryInformation
for f in doc odt rtf epub ppt odp xls ods; do cp "source.$f" "$out/roundtrip.$f"; done
cp doc.md "$out/source-doc.md"
cp slides.md "$out/source-slides.md"
ls -la "$out"
