#!/bin/sh
# Makes fixtures/pdf-headings/: documents written here as flat ODT and saved as PDF by
# LibreOffice (headless), one per class of heading evidence that does not depend on words:
#   numbered-sections   numbered titles (1 / 1.1 / 1.2 / 2 / 2.1) set in the body's own size and
#                       weight: only the numbering and the line's shape tell them
#   bold-headings-de    a German report whose titles are bold at the body size, beside a bold
#                       sentence inside the text that is no title
#   running-title       four pages under a running title set larger than the headings, in the
#                       page header: the title is furniture, the 13 pt headings are level 1
#   caps-titles         titles in capitals at the body size and weight ("MATERIALS AND METHODS"),
#                       beside capitals that are no title: a running header and footer in
#                       capitals at the body size, a table's header row, a form's labels, an
#                       acronym alone on a line
#   caps-titles-ru      the same titles in Russian (Cyrillic capitals)
#   page-top-titles     titles at the body size and weight that open a page (a numbered one, one
#                       in capitals), set where a running header would be but right on their
#                       text; beside them a line in capitals over the first page that stands
#                       apart, as a running header does
#   caps-two-lines      titles in capitals at the body size too long for one line, broken onto
#                       a second; beside them a notice in capitals over two lines, a sentence
#   caps-short-words    titles in capitals of short words only ("WHO WE ARE"), beside acronyms
#                       alone on a line ("OECD", "EU / UN")
#   bold-titles-over-lists  bold titles at the body size set apart from the text above, over a
#                       bullet list or a paragraph: titles either way
#   numbered-flat       numbered titles (1 / 2 / 3, no 1.1 under them) set in the body's own size and
#                       weight, the second opening a page where a running header would be; beside
#                       them a numbered list whose items run one under the other
#   small-caps-titles   titles in small capitals at the body size and weight (LibreOffice sets
#                       them as capitals in two sizes), beside a name in small capitals inside
#                       a sentence, which stays text
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

# Titles in capitals at the body size, in the body's weight, set apart by space: only the case
# and the line's shape tell them. Beside them, capitals that are no title: a running header and
# footer, a table's header row, a form's labels, an acronym on a line of its own.
MASTER_CAPS='<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="L"><style:header><text:p text:style-name="P">QUARTERLY REPORT OF THE WATER BOARD</text:p></style:header><style:footer><text:p text:style-name="P">FOR INTERNAL USE ONLY</text:p></style:footer></style:master-page></office:master-styles>'
LAYOUT_CAPS='<office:automatic-styles><style:page-layout style:name="L"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2.5cm" fo:margin-right="2.5cm"/><style:header-style><style:header-footer-properties fo:min-height="1cm" fo:margin-bottom="0.8cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="1cm" fo:margin-top="0.8cm"/></style:footer-style></style:page-layout><style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style></office:automatic-styles>'
WA1='Samples were drawn from each of the nine wells on the first working day of the month, kept cool, and brought to the laboratory the same afternoon, where they were filtered and split into two bottles.'
WA2='Where a well could not be reached, the sample of the nearest well down the valley was taken twice and marked as such in the register, so that no month is missing from the series.'
cell() { printf '<table:table-cell table:style-name="C" office:value-type="string"><text:p text:style-name="P">%s</text:p></table:table-cell>' "$1"; }
capsdoc() { # name, body
  printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">\n %s\n %s\n %s\n%s\n</office:document>\n' \
    "$NS" "$(printf '%s' "$STYLES" | sed 's#</office:automatic-styles>##')" \
    "$(printf '%s' "$LAYOUT_CAPS" | sed 's#<office:automatic-styles>##')" "$MASTER_CAPS" "$2" > "$work/$1.fodt"
}
{
  echo '<office:body><office:text>'
  h H 'Nitrate in the wells of the upper valley'
  p "$WA1"
  h N 'INTRODUCTION'; p "$WA2"; p "$WA1"
  h N 'MATERIALS AND METHODS'; p "$WA1"; p "$WA2"
  h N 'OECD'
  p "$WA2"
  printf '<table:table table:name="Wells"><table:table-column table:number-columns-repeated="3"/>\n'
  printf '<table:table-row>%s%s%s</table:table-row>\n' "$(cell 'WELL')" "$(cell 'NITRATE')" "$(cell 'PHOSPHATE')"
  for r in 'North|41|0.3' 'Mill|38|0.2' 'Church|55|0.4'; do
    IFS='|' read -r a b c <<EOR
$r
EOR
    printf '<table:table-row>%s%s%s</table:table-row>\n' "$(cell "$a")" "$(cell "$b")" "$(cell "$c")"
  done
  printf '</table:table>\n'
  h N 'RESULTS'; p "$WA2"; p "$WA1"; p "$WA2"
  h N 'SAMPLER ON DUTY'
  p 'NAME ____________________   DATE ____________'
  p 'SIGNATURE ____________________'
  h N 'DISCUSSION AND OUTLOOK'; p "$WA1"; p "$WA2"; p "$WA1"
  echo '</office:text></office:body>'
} > "$work/body"
capsdoc caps-titles "$(cat "$work/body")"

RU1='Пробы отбирали в первый рабочий день каждого месяца из девяти колодцев долины, хранили в холоде и в тот же день доставляли в лабораторию, где их фильтровали и делили на две части.'
RU2='Если колодец был недоступен, пробу брали дважды из ближайшего колодца ниже по долине и отмечали это в журнале, чтобы ряд наблюдений не прерывался.'
{
  echo '<office:body><office:text>'
  h H 'Нитраты в колодцах верхней долины'
  p "$RU1"
  h N 'ВВЕДЕНИЕ'; p "$RU2"; p "$RU1"
  h N 'МАТЕРИАЛЫ И МЕТОДЫ'; p "$RU1"; p "$RU2"
  h N 'РЕЗУЛЬТАТЫ'; p "$RU2"; p "$RU1"
  echo '</office:text></office:body>'
} > "$work/body"
doc caps-titles-ru "$(cat "$work/body")"

# Each section opens a new page, so its title is the page's top line, in the header's band.
PT1='Every meter in the old town was read twice a year, in spring and in autumn, and the two readings were set side by side so that a meter that had stopped, or that ran on with the taps closed, stood out at once.'
PT2='Where a house had changed hands between the readings, the new owner was asked to confirm the figure before the account was sent, and the older reading was kept with a note of the date of the sale.'
{
  echo '<office:body><office:text>'
  h N 'INTERNAL DRAFT'
  h H 'Water meters in the old town'
  p "$PT1"
  h N '1.1 Meters read by the owners'; p "$PT2"; p "$PT1"
  h NB '1.2 Meters read by hand'; p "$PT1"; p "$PT2"
  h NB 'RESULTS AND COSTS'; p "$PT2"; p "$PT1"
  echo '</office:text></office:body>'
} > "$work/body"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n%s\n</office:document>\n' \
  "$NS" "$(printf '%s' "$STYLES" | sed 's#</office:automatic-styles>#  <style:style style:name="NB" style:family="paragraph" style:parent-style-name="N"><style:paragraph-properties fo:break-before="page" fo:margin-top="0cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" style:font-name="Liberation Serif"/></style:style>\n </office:automatic-styles>#')" \
  "$(cat "$work/body")" > "$work/page-top-titles.fodt"

# Titles in capitals too long for one line, broken onto a second, beside a notice in capitals
# that also takes two lines but is a sentence.
CT1='The survey of the northern orchards counted every tree standing in the spring, noted its kind and age, and marked the ones that had not flowered so that they could be looked at again in the summer.'
CT2='Trees planted after the survey began were counted in the next year, so that the figures of one year are comparable with those of the year before and no tree is counted twice.'
{
  echo '<office:body><office:text>'
  h H 'Orchards of the northern parishes'
  p "$CT1"
  h N 'INTRODUCTION'; p "$CT2"; p "$CT1"
  h N 'ORCHARD TREES COUNTED THROUGHOUT THE NORTHERN PARISHES DURING CONSECUTIVE SPRING SURVEY CAMPAIGNS'
  p "$CT1"; p "$CT2"
  p 'ALL FIGURES IN THIS SECTION ARE PROVISIONAL UNTIL THE PARISH COUNCILS HAVE APPROVED THE ACCOUNTS OF THE YEAR AND THE AUDITORS HAVE SIGNED THEM.'
  p "$CT2"
  h N 'DISEASES, PESTS AND FROST DAMAGE RECORDED BY WARDENS OF NORTHERNMOST PARISH ORCHARDS'
  p "$CT2"; p "$CT1"
  echo '</office:text></office:body>'
} > "$work/body"
doc caps-two-lines "$(cat "$work/body")"

# Titles in capitals of short words only ("WHO WE ARE": none of five letters, one of four at
# most), which an acronym's test alone would leave as text; beside them acronyms alone on a line.
CS1='The club was founded by the families of the valley to keep the old footpaths open, and it still walks each of them once a year, clearing fallen branches and mending the stiles where they have given way.'
CS2='Members meet on the first Saturday of the month at the village hall, and anyone who wants to join a walk may come along without notice; boots and water are all that is needed.'
{
  echo '<office:body><office:text>'
  h H 'Footpaths of the upper valley'
  p "$CS1"
  h N 'WHO WE ARE'; p "$CS1"; p "$CS2"
  h N 'WHAT IS NEW'; p "$CS2"
  h N 'OECD'; p "$CS1"
  h N 'HOW TO JOIN'; p "$CS2"; p "$CS1"
  h N 'EU / UN'; p "$CS2"
  echo '</office:text></office:body>'
} > "$work/body"
doc caps-short-words "$(cat "$work/body")"

# Bold titles at the body size, set apart from the text above by a paragraph's space and
# lying on what they head: a bullet list under some, a paragraph under others.
LIST_STYLE='  <text:list-style style:name="LB"><text:list-level-style-bullet text:level="1" text:bullet-char="•"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-bullet></text:list-style>'
BL1='The workshop is open to members on weekday evenings and on Saturday mornings, when a steward is on hand to show newcomers the machines and to sign them off once they can work alone.'
BL2='Work left on the benches overnight is moved to the racks by the last person out, labelled with its owner and the date, and cleared after a month if nobody has claimed it.'
li() { printf '<text:list-item><text:p text:style-name="P">%s</text:p></text:list-item>\n' "$1"; }
{
  echo '<office:body><office:text>'
  h H 'Rules of the joinery workshop'
  p "$BL1"
  h B 'Opening hours'; p "$BL2"
  h B 'Tools members bring'
  printf '<text:list text:style-name="LB">\n'
  li 'A pencil, a steel rule and a square of their own'; li 'Safety glasses and ear defenders'; li 'Their own chisels, kept sharp and in a roll'
  printf '</text:list>\n'
  p "$BL1"
  h B 'Before leaving the bench'
  printf '<text:list text:style-name="LB">\n'
  li 'Sweep the shavings into the bins by the door'; li 'Switch the machines off at the wall'; li 'Return the clamps to the rack'
  printf '</text:list>\n'
  h B 'Lost work'; p "$BL2"
  echo '</office:text></office:body>'
} > "$work/body"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n%s\n</office:document>\n' \
  "$NS" "$(printf '%s' "$STYLES" | sed "s#</office:automatic-styles>#$LIST_STYLE\n </office:automatic-styles>#")" \
  "$(cat "$work/body")" > "$work/bold-titles-over-lists.fodt"

# Titles in small capitals (typed in mixed case, set by the style as capitals in two sizes, the
# smaller ones about 0.7 of the body's), and a name in small capitals inside a sentence.
SC_STYLE='<style:style style:name="K" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.45cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" fo:font-variant="small-caps" style:font-name="Liberation Serif"/></style:style><style:style style:name="KS" style:family="text"><style:text-properties fo:font-variant="small-caps"/></style:style>'
SC1='The survey counted the nesting pairs on each of the four islands in the last week of May, when the birds sit most closely and the count is least disturbed by the boats of the wardens.'
SC2='Counts were made from fixed points on the cliffs with a telescope, each section twice by different observers, and the two counts averaged where they differed by less than a tenth.'
{
  echo '<office:body><office:text>'
  h H 'Seabirds of the outer islands'
  p "$SC1"
  h K 'Introduction'; p "$SC1"; p "$SC2"
  h K 'Materials and Methods'; p "$SC2"
  printf '<text:p text:style-name="P">The counts of 1998 were made by <text:span text:style-name="KS">Margaret Ellis</text:span> alone, from a boat, and are not compared with the later ones in this report.</text:p>\n'
  h K 'Results of the Counts'; p "$SC1"
  h K 'Discussion'; p "$SC2"
  echo '</office:text></office:body>'
} > "$work/body"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n%s\n</office:document>\n' \
  "$NS" "$(printf '%s' "$STYLES" | sed "s#</office:automatic-styles>#$SC_STYLE\n </office:automatic-styles>#")" \
  "$(cat "$work/body")" > "$work/small-caps-titles.fodt"

# Numbered titles of one level only (no 1.1 anywhere), at the body size and weight, each over
# paragraphs of its own; a page break puts "2 Method" at the top of the second page. A numbered
# list in the text (items one under the other) is no run of sections.
NP_STYLE='<style:style style:name="NP" style:family="paragraph" style:parent-style-name="N"><style:paragraph-properties fo:break-before="page" fo:margin-top="0.45cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="11pt" style:font-name="Liberation Serif"/></style:style>'
{
  echo '<office:body><office:text>'
  h H 'Land registers of the southern districts'
  p "$EN1"
  h N '1 Scope'; p "$EN1"; p "$EN2"
  p 'The registers were read in this order:'
  h N '1 Holdings entered before the war'; h N '2 Holdings entered after it'; h N '3 Parcels sold twice.'
  p "$EN2"
  h NP '2 Method'; p "$EN2"; p "$EN1"
  h N '3 Findings of the survey'; p "$EN1"; p "$EN2"
  echo '</office:text></office:body>'
} > "$work/body"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s>\n %s\n%s\n</office:document>\n' \
  "$NS" "$(printf '%s' "$STYLES" | sed "s#</office:automatic-styles>#$NP_STYLE\n </office:automatic-styles>#")" \
  "$(cat "$work/body")" > "$work/numbered-flat.fodt"
for n in numbered-sections numbered-flat bold-headings-de running-title caps-titles caps-titles-ru page-top-titles caps-two-lines caps-short-words bold-titles-over-lists small-caps-titles; do
  soffice --headless --convert-to pdf --outdir "$work" "$work/$n.fodt" >/dev/null
  cp "$work/$n.fodt" "$work/$n.pdf" "$out/"
  printf '%s: ' "$n"
  pdfinfo "$out/$n.pdf" | grep Pages
done
