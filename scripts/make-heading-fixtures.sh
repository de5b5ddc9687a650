#!/bin/sh
# Makes fixtures/pdf-headings/: three documents written here as flat ODT and saved as PDF by
# LibreOffice (headless), one per class of heading evidence that does not depend on words:
#   numbered-sections   numbered titles (1 / 1.1 / 1.2 / 2 / 2.1) set in the body's own size and
#                       weight: only the numbering and the line's shape tell them
#   bold-headings-de    a German report whose titles are bold at the body size, beside a bold
#                       sentence inside the text that is no title
#   running-title       four pages under a running title set larger than the headings, in the
#                       page header: the title is furniture, the 13 pt headings are level 1
# tests/pdf-headings-cli.test.ts reads them through the built `distill parse`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-headings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

NS='xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text"'
STYLES='<office:automatic-styles>
  <style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.1cm" fo:margin-bottom="0.25cm" fo:text-align="justify"/><style:text-properties fo:font-size="11pt" style:font-name="Liberation Serif"/></style:style>
  <style:style style:name="N" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.45cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" style:font-name="Liberation Serif"/></style:style>
  <style:style style:name="B" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.45cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" fo:font-weight="bold" style:font-name="Liberation Serif"/></style:style>
  <style:style style:name="H" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.5cm" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="13pt" fo:font-weight="bold" style:font-name="Liberation Sans"/></style:style>
  <style:style style:name="R" style:family="paragraph"><style:text-properties fo:font-size="16pt" fo:font-weight="bold" style:font-name="Liberation Sans"/></style:style>
  <style:style style:name="S" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
 </office:automatic-styles>'

p() { printf '<text:p text:style-name="P">%s</text:p>\n' "$1"; }
h() { printf '<text:p text:style-name="%s">%s</text:p>\n' "$1" "$2"; }
doc() { # name, body
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n%s\n</office:document>\n' \
    "$NS" "$STYLES" "$2" > "$work/$1.fodt"
}

EN1='Each district office kept its own register of holdings, and the registers were compared at the end of every quarter so that a parcel sold twice, or not at all, would be noticed before the next survey began.'
EN2='The figures below were taken from those registers as they stood in March; where two offices disagreed, the later entry was kept and the earlier one noted in the margin of the working copy.'
{
  echo '<office:body><office:text>'
  h H 'Land registers of the northern districts'
  p "$EN1"
  h N '1 Scope'; p "$EN1"; p "$EN2"
  h N '1.1 Districts covered'; p "$EN2"; p "$EN1"
  h N '1.2 Period of the survey'; p "$EN1"
  h N '2 Method'; p "$EN2"; p "$EN1"
  h N '2.1 Sampling of parcels'; p "$EN1"; p "$EN2"
  h N '2.2 Checks between offices'; p "$EN2"
  echo '</office:text></office:body>'
} > "$work/body"
doc numbered-sections "$(cat "$work/body")"

DE1='Die Messungen wurden an sechs Stationen entlang des Nordufers vorgenommen, jeweils nach den Winterstürmen und im Abstand von etwa vier Wochen, damit der Rückgang der Küste über das ganze Jahr verfolgt werden konnte.'
DE2='Für jede Station wurden der Abstand zur Hochwasserlinie, die Höhe der Abbruchkante und die Zahl der Begehungen festgehalten; fehlende Werte sind in den Tabellen des Anhangs gekennzeichnet.'
{
  echo '<office:body><office:text>'
  h H 'Küstenrückgang am Nordufer'
  h B 'Einleitung'; p "$DE1"; p "$DE2"
  h B 'Messverfahren und Stationen'; p "$DE2"
  printf '<text:p text:style-name="P"><text:span text:style-name="S">Die Werte des Jahres 2023 sind vorläufig.</text:span> %s</text:p>\n' "$DE1"
  h B 'Ergebnisse'; p "$DE1"; p "$DE2"
  h B 'Schlussfolgerungen'; p "$DE2"; p "$DE1"
  echo '</office:text></office:body>'
} > "$work/body"
doc bold-headings-de "$(cat "$work/body")"

# The running title lives in the master page's header, so it is printed on every page.
MASTER='<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="L"><style:header><text:p text:style-name="R">Annual Report of the Harbour Board</text:p></style:header></style:master-page></office:master-styles>'
LAYOUT='<office:automatic-styles><style:page-layout style:name="L"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="2cm" fo:margin-left="2.5cm" fo:margin-right="2.5cm"/><style:header-style><style:header-footer-properties fo:min-height="1cm" fo:margin-bottom="0.8cm"/></style:header-style></style:page-layout></office:automatic-styles>'
EN3='Berths were let by the season, and a vessel that stayed beyond its season paid the daily rate for each day over; the board reviewed the rates every spring against those of the neighbouring ports.'
{
  echo '<office:body><office:text>'
  for s in 'Traffic in the year' 'Berths and moorings' 'Dredging of the channel' 'Accounts of the board'; do
    h H "$s"
    i=0
    while [ $i -lt 7 ]; do p "$EN3"; i=$((i + 1)); done
  done
  echo '</office:text></office:body>'
} > "$work/body"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n %s\n %s\n%s\n</office:document>\n' \
  "$NS" "$(printf '%s' "$STYLES" | sed 's#</office:automatic-styles>##')" \
  "$(printf '%s' "$LAYOUT" | sed 's#<office:automatic-styles>##')" "$MASTER" "$(cat "$work/body")" \
  > "$work/running-title.fodt"

for n in numbered-sections bold-headings-de running-title; do
  soffice --headless --convert-to pdf --outdir "$work" "$work/$n.fodt" >/dev/null
  cp "$work/$n.fodt" "$work/$n.pdf" "$out/"
  printf '%s: ' "$n"
  pdfinfo "$out/$n.pdf" | grep Pages
done
