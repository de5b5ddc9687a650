#!/bin/sh
# Makes fixtures/pdf-lists/symbol-bullets.pdf: lists whose markers are set apart from their text
# by a hanging indent, written here as flat ODT and saved as PDF by LibreOffice (headless), as
# Word and LibreOffice set them:
#   - bullets from the Symbol font (U+F0B7), which come out of the PDF as a private-use
#     character, on short items that line up like a two-column table (marker column, text
#     column), then long items that wrap under the text;
#   - ticks and arrows from Wingdings (U+F0FC, U+F0D8), private-use too;
#   - OpenSymbol's own bullet, mapped to U+2022;
#   - items lettered "a)", numbered in roman "i." and in figures "1." (after a lead-in with no
#     colon: the indent tells them);
#   - and, under them, a borderless table of three columns that must stay a table.
# A paragraph set at the left margin follows each list. tests/pdf-lists-cli.test.ts reads it
# through the built `distill parse`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-lists"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# A list style of one level: the marker at 0.6 cm, the text at 1.27 cm (a hanging indent).
bullet() { # name, char, font
  printf '<text:list-style style:name="%s"><text:list-level-style-bullet text:level="1" text:bullet-char="%s"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties><style:text-properties style:font-name="%s"/></text:list-level-style-bullet></text:list-style>\n' "$1" "$2" "$3"
}
number() { # name, format (a, i), suffix
  printf '<text:list-style style:name="%s"><text:list-level-style-number text:level="1" style:num-format="%s" style:num-suffix="%s"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-number></text:list-style>\n' "$1" "$2" "$3"
}
p() { printf '<text:p text:style-name="P">%s</text:p>\n' "$1"; }
list() { # style, items...
  style=$1
  shift
  printf '<text:list text:style-name="%s">\n' "$style"
  for i in "$@"; do printf '<text:list-item><text:p text:style-name="P">%s</text:p></text:list-item>\n' "$i"; done
  printf '</text:list>\n'
}
cell() { printf '<table:table-cell office:value-type="string"><text:p text:style-name="P">%s</text:p></table:table-cell>' "$1"; }
row() { printf '<table:table-row>'; for c in "$@"; do cell "$c"; done; printf '</table:table-row>\n'; }

{
  cat <<'HEAD'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:font-face-decls>
  <style:font-face style:name="Symbol" svg:font-family="Symbol" style:font-charset="x-symbol"/>
  <style:font-face style:name="Wingdings" svg:font-family="Wingdings" style:font-charset="x-symbol"/>
  <style:font-face style:name="OpenSymbol" svg:font-family="OpenSymbol"/>
 </office:font-face-decls>
 <office:automatic-styles>
  <style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" style:font-name="Liberation Serif"/></style:style>
HEAD
  bullet LS "$(printf '\357\202\267')" Symbol
  bullet LT "$(printf '\357\203\274')" Wingdings
  bullet LA "$(printf '\357\203\230')" Wingdings
  bullet LO "•" OpenSymbol
  number NA a ')'
  number NI i '.'
  number NN 1 '.'
  cat <<'MID'
 </office:automatic-styles>
 <office:body><office:text>
MID
  p 'The kit list below is checked before every trip.'
  list LS 'Measuring tape' 'Two ranging poles' 'Hand-held GPS receiver' 'Field book and pencils'
  p 'Each team signs the kit out and back in at the store.'
  list LS 'The survey starts at the northern boundary stone and follows the fence line to the river, where the second team takes over the measurements.' 'Heights are levelled twice, once in each direction, and the two readings are kept in the field book side by side.'
  p 'Done on the last visit:'
  list LT 'Boundary stones found' 'Heights levelled' 'Photos taken'
  p 'Next steps for the office:'
  list LA 'Draw the plan' 'Check the areas' 'Send the report'
  p 'Set in the default bullet of LibreOffice:'
  list LO 'Plans at 1:500' 'Sections at 1:100' 'Photographs in colour'
  p 'The report is sent to:'
  list NA 'the land registry' 'the owners' 'the district office'
  p 'Fees are charged in three parts:'
  list NI 'a survey fee' 'a drawing fee' 'a filing fee'
  p 'To order a copy of the plan'
  list NN 'fill in the request form' 'pay the copying fee' 'collect the copy at the desk'
  p 'The fees of the last three years, in euros:'
  printf '<table:table table:name="Fees"><table:table-column table:number-columns-repeated="3"/>\n'
  row 'Fee' '2023' '2024'
  row 'Survey' '450' '480'
  row 'Drawing' '220' '240'
  row 'Filing' '35' '40'
  printf '</table:table>\n'
  p 'Fees are due within thirty days of the invoice.'
  printf ' </office:text></office:body>\n</office:document>\n'
} > "$work/symbol-bullets.fodt"

soffice --headless --convert-to pdf --outdir "$work" "$work/symbol-bullets.fodt" >/dev/null
cp "$work/symbol-bullets.fodt" "$work/symbol-bullets.pdf" "$out/"
pdfinfo "$out/symbol-bullets.pdf" | grep Pages
