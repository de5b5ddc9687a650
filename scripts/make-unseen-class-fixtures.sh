#!/bin/sh
# Makes fixtures/pdf-classes/: one document per class of page that issue 20's held-out pages
# lost, written here as flat ODT and saved as PDF by LibreOffice (headless):
#   boxed-variants     a boxed one-column list whose items wrap over two lines, ruled 2 pt, and
#                      a two-column table with hairline rules whose second column is empty
#   wrapped-header     a header row whose cells wrap over three lines, ruled and borderless
#                      (set to the top of the row, and to its foot)
#   table-notes        tables followed by small notes ("Source: ...", "Note: ...", "* ...")
#   list-labels        short bold lines at the body size over lists, with a colon and without,
#                      beside bold titles of the same size over paragraphs and a larger title
#                      over a list
#   continued-headers  tables that run over page breaks with their header repeated: borderless,
#                      ruled with a header of two rows, and ruled with rows whose long cells
#                      break across the page end; a running header and footer on each page
#   table-marks        notes under a table opening with reference marks ("* ...", "a) ...", a
#                      superscript "1"), set small, and a list of asterisks at the body size
#                      under another table, which stays a list
#   spaced-titles      titles in capitals set with wide tracking, and typed letter by letter
#   two-column-lists   bullet lists in both columns of a two-column section
# tests/pdf-classes-cli.test.ts reads them through the built `distill parse`. Needs
#   apt-get install -y libreoffice-writer-nogui
set -eu
# The documents to make (all by default), so adding one leaves the others as they are.
names=${*:-boxed-variants wrapped-header table-notes spaced-titles two-column-lists table-marks list-labels continued-headers}
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/fixtures/pdf-classes"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

head() {
  cat <<'HEAD'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:automatic-styles>
  <style:style style:name="C" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>
  <style:style style:name="K" style:family="table-cell"><style:table-cell-properties fo:border="2pt solid #000000" fo:padding="0.1cm"/></style:style>
  <style:style style:name="F" style:family="table-cell"><style:table-cell-properties fo:border="0.05pt solid #000000" fo:padding="0.1cm"/></style:style>
  <style:style style:name="N" style:family="table-cell"><style:table-cell-properties fo:border="none" fo:padding="0.1cm"/></style:style>
  <style:style style:name="V" style:family="table-cell"><style:table-cell-properties style:vertical-align="bottom" fo:border="none" fo:padding="0.1cm"/></style:style>
  <style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="14pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="11pt"/></style:style>
  <style:style style:name="T" style:family="paragraph"><style:text-properties fo:font-size="10pt"/></style:style>
  <style:style style:name="B" style:family="paragraph"><style:text-properties fo:font-size="10pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="R" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-size="10pt"/></style:style>
  <style:style style:name="S" style:family="paragraph"><style:text-properties fo:font-size="7.5pt"/></style:style>
  <style:style style:name="W" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.4cm" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="13pt" fo:font-weight="bold" fo:letter-spacing="0.25cm"/></style:style>
  <style:style style:name="Y" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="12pt" fo:font-weight="bold"/></style:style>
  <style:style style:name="Sup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
  <text:list-style style:name="LStar"><text:list-level-style-bullet text:level="1" text:bullet-char="*"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-bullet></text:list-style>
  <style:style style:name="Cols" style:family="section"><style:section-properties><style:columns fo:column-count="2" fo:column-gap="1cm"/></style:section-properties></style:style>
 </office:automatic-styles>
 <office:body><office:text>
HEAD
}
tail() { printf ' </office:text></office:body>\n</office:document>\n'; }
p() { printf '<text:p text:style-name="P">%s</text:p>\n' "$1"; }
# cell STYLE TEXT [PARA]: a cell in style C, K, F (lines) or N (none); figures right-aligned.
cell() {
  para=${3:-T}
  case "$2" in [0-9]* | -[0-9]*) para=R ;; esac
  if [ -z "$2" ]; then printf '<table:table-cell table:style-name="%s"><text:p/></table:table-cell>' "$1"; return; fi
  printf '<table:table-cell table:style-name="%s" office:value-type="string"><text:p text:style-name="%s">%s</text:p></table:table-cell>' "$1" "$para" "$2"
}
# table NAME STYLE COLS ROW... where a row is cells split by '|'; the first row is the header (bold).
table() {
  name=$1 s=$2 n=$3
  shift 3
  printf '<table:table table:name="%s"><table:table-column table:number-columns-repeated="%s"/>\n' "$name" "$n"
  first=B
  for r in "$@"; do
    printf '<table:table-row>'
    old=$IFS
    IFS='|'
    # shellcheck disable=SC2086
    set -f; for c in $r; do IFS=$old; cell "$s" "$c" "$first"; IFS='|'; done; set +f
    IFS=$old
    # a row ending in '|' has an empty last cell
    case "$r" in *'|') cell "$s" '' ;; esac
    printf '</table:table-row>\n'
    first=T
  done
  printf '</table:table>\n'
}

{
  head
  printf '<text:p text:style-name="H">Inspection kit</text:p>\n'
  p 'Inspectors carry the items below on every visit; each is checked against the list before the car leaves the depot in the morning.'
  table Kit K 1 'Items carried on a visit' \
    'Moisture meter with spare batteries and the calibration card kept in its case' \
    'Torch, mirror on a telescopic handle and a set of small screwdrivers' \
    'Camera with a charged battery, a spare memory card and the lens cloth' \
    'Printed forms for the report, a clipboard and two pens'
  p 'The depot keeps a sign-out sheet; the date is filled in when the item comes back.'
  table Sheet F 2 'Item signed out|Date returned' \
    'Moisture meter, depot number 14|' 'Telescopic mirror and torch|' 'Camera and spare card|' 'Report forms|'
  p 'Missing items are reported to the depot manager on the same day.'
  tail
} > "$work/boxed-variants.fodt"

{
  head
  printf '<text:p text:style-name="H">Rainfall at the coastal stations</text:p>\n'
  p 'The table gives the rainfall measured at each station over the last three years, with the long-term mean for comparison.'
  table Ruled C 5 'Station|Mean annual rainfall over the last thirty years (mm)|Rainfall in the driest month of the year (mm)|Number of days with rain above one millimetre|Change from the previous decade (per cent)' \
    'Harbour|1,204|41|151|2.3' 'Lighthouse|1,318|38|163|1.9' 'Airport|982|29|134|-0.8' 'Saltmarsh|1,120|35|142|0.4'
  p 'The same measurements for the inland stations, set without lines:'
  table Borderless N 5 'Station|Mean annual rainfall over the last thirty years (mm)|Rainfall in the driest month of the year (mm)|Number of days with rain above one millimetre|Change from the previous decade (per cent)' \
    'Quarry|842|22|118|-1.2' 'Orchard|903|25|121|0.6' 'Reservoir|1,055|31|139|1.1' 'Hilltop|1,402|44|170|3.0'
  p 'The mountain stations, their header cells set to the foot of the header row:'
  table Bottom V 5 'Station|Mean annual rainfall over the last thirty years (mm)|Rainfall in the driest month of the year (mm)|Number of days with rain above one millimetre|Change from the previous decade (per cent)' \
    'Pass|1,642|52|181|2.1' 'Summit|1,911|60|199|2.6' 'Glacier|1,730|48|176|1.4' 'Col|1,588|45|170|-0.3'
  p 'All stations are read every morning at nine.'
  tail
} > "$work/wrapped-header.fodt"

{
  head
  printf '<text:p text:style-name="H">Household spending</text:p>\n'
  p 'Average weekly spending of households by item, as reported in the annual survey of household budgets for the last two years.'
  table Spend C 3 'Item|2022|2023' 'Food and drink|64.20|68.90' 'Housing and energy|121.50|133.10' 'Transport*|78.40|80.20' 'Recreation|55.70|57.30'
  printf '<text:p text:style-name="S">Source: National Statistics Office, household budget survey 2023.</text:p>\n'
  printf '<text:p text:style-name="S">* Transport includes the purchase of vehicles.</text:p>\n'
  p 'Spending rose in every group, most in housing and energy, where the cost of heating drove the increase through the winter months.'
  table Share N 3 'Group|Households|Share' 'Single adults|4,120|31%' 'Couples|5,380|40%' 'Families|3,870|29%'
  printf '<text:p text:style-name="S">Note: shares are rounded and may not add up to one hundred.</text:p>\n'
  p 'The survey is repeated every year with a new sample of households drawn from the address register.'
  tail
} > "$work/table-notes.fodt"

body='The committee met four times during the year and reviewed the reports of each working group, with a view to the plan for the coming period and the budget it needs.'
{
  head
  printf '<text:p text:style-name="W">INTRODUCTION</text:p>\n'
  p "$body"
  p "$body"
  printf '<text:p text:style-name="Y">M E T H O D S</text:p>\n'
  p "$body"
  printf '<text:p text:style-name="W">FINDINGS</text:p>\n'
  p "$body"
  printf '<text:p text:style-name="Y">C O N C L U S I O N S</text:p>\n'
  p "$body"
  printf '<text:p text:style-name="W">ANNUAL REPORT 2024</text:p>\n'
  p "$body"
  printf '<text:p text:style-name="Y">N E X T   S T E P S</text:p>\n'
  p "$body"
  tail
} > "$work/spaced-titles.fodt"

li() { printf '<text:list-item><text:p text:style-name="P">%s</text:p></text:list-item>\n' "$1"; }
{
  head
  printf '<text:p text:style-name="H">What to bring and what to leave</text:p>\n'
  p 'Read both lists before you pack; the left one is what you need, the right one what the centre provides.'
  printf '<text:section text:style-name="Cols" text:name="Lists">\n'
  printf '<text:p text:style-name="B">Bring with you</text:p>\n<text:list>\n'
  li 'Walking boots that are already worn in'
  li 'A waterproof jacket and trousers'
  li 'Warm layers for the evenings by the lake'
  li 'A water bottle of at least one litre'
  li 'Sun cream and a hat'
  printf '</text:list>\n<text:p text:style-name="B">Provided by the centre</text:p>\n<text:list>\n'
  li 'Bedding, towels and a locker with a key'
  li 'All meals, packed lunches included'
  li 'Maps of the routes and a compass'
  li 'First aid kits carried by every leader'
  li 'Transport to the start of each walk'
  printf '</text:list>\n</text:section>\n'
  p 'Ask the office if anything on the lists is unclear.'
  tail
} > "$work/two-column-lists.fodt"

{
  head
  printf '<text:p text:style-name="H">Road casualties by region</text:p>\n'
  p 'Casualties reported by the police forces of each region, for the last two years, with the change between them.'
  table Roads C 4 'Region|2022|2023|Change' 'North*|1,204|1,150|-4.5%' 'South a)|2,318|2,402|3.6%' 'East|982|940|-4.3%' 'West b)|1,120|1,098|-2.0%'
  printf '<text:p text:style-name="S">* Provisional figures for the last quarter of 2023.</text:p>\n'
  printf '<text:p text:style-name="S">a) Including the islands and the coastal ferry routes.</text:p>\n'
  printf '<text:p text:style-name="S">b) Excluding the capital district, reported on its own.</text:p>\n'
  printf '<text:p text:style-name="S"><text:span text:style-name="Sup">1</text:span> Figures are rounded to the nearest whole casualty.</text:p>\n'
  p 'Most regions saw fewer casualties than the year before; the south is the exception, where traffic grew fastest.'
  table Causes C 2 'Cause|Share' 'Speed|31%' 'Distraction|27%' 'Weather|12%'
  printf '<text:list text:style-name="LStar">\n'
  for i in 'Speed counts every collision where a driver was over the limit' 'Distraction counts telephones, passengers and signs' 'Weather counts ice, fog and standing water'; do
    printf '<text:list-item><text:p text:style-name="P">%s</text:p></text:list-item>\n' "$i"
  done
  printf '</text:list>\n'
  p 'The figures for 2024 will be published in the spring.'
  tail
} > "$work/table-marks.fodt"

{
  head
  printf '<text:p text:style-name="H">Field trip to the coast</text:p>\n'
  p 'The trip leaves the school at eight on Friday morning and returns by six in the evening; parents are asked to read this note with their children.'
  printf '<text:p text:style-name="B">What to bring:</text:p>\n'
  printf '<text:list text:style-name="LStar">\n'
  for i in 'A packed lunch and a bottle of water' 'Waterproof clothes and boots that can get wet' 'A notebook, a pencil and a clipboard'; do
    printf '<text:list-item><text:p text:style-name="T">%s</text:p></text:list-item>\n' "$i"
  done
  printf '</text:list>\n'
  printf '<text:p text:style-name="B">Provided by the school</text:p>\n'
  printf '<text:list text:style-name="LStar">\n'
  for i in 'Transport there and back by coach' 'Nets, trays and identification charts' 'A first aid kit carried by each group leader'; do
    printf '<text:list-item><text:p text:style-name="T">%s</text:p></text:list-item>\n' "$i"
  done
  printf '</text:list>\n'
  printf '<text:p text:style-name="B">Costs</text:p>\n'
  printf '<text:p text:style-name="T">%s</text:p>\n' 'The trip costs twelve pounds a child, paid at the office by the Wednesday before; the school helps families who ask, and no child is left behind for the cost of it.'
  printf '<text:p text:style-name="B">Safety</text:p>\n'
  printf '<text:p text:style-name="T">%s</text:p>\n' 'Children work in groups of six with one adult, stay above the tide line and never go onto the rocks alone; the leaders carry telephones and the coach waits at the car park all day.'
  printf '<text:p text:style-name="H">Activities on the day</text:p>\n'
  printf '<text:list text:style-name="LStar">\n'
  for i in 'Rock pooling on the lower shore at low tide' 'A survey of the strand line and what the sea leaves' 'Sketching the cliffs from the sea wall'; do
    printf '<text:list-item><text:p text:style-name="T">%s</text:p></text:list-item>\n' "$i"
  done
  printf '</text:list>\n'
  printf '<text:p text:style-name="T">%s</text:p>\n' 'Questions about the trip go to the class teacher, by note or at the gate in the morning.'
  tail
} > "$work/list-labels.fodt"

# rows N PREFIX: N rows of a station table, '|'-separated for `table`.
rows() {
  i=1
  while [ "$i" -le "$1" ]; do
    printf '%s %s|%s|%s|%s\n' "$2" "$i" "$((i * 37 % 900 + 100))" "$((i * 13 % 60 + 10))" "$((i * 7 % 40 + 2)).$((i % 10))"
    i=$((i + 1))
  done
}
# htable NAME STYLE HEADER-ROWS BODY-ROWS...: a table whose first HEADER-ROWS rows repeat on each page.
htable() {
  name=$1 s=$2 nh=$3
  shift 3
  printf '<table:table table:name="%s"><table:table-column table:number-columns-repeated="4"/>\n<table:table-header-rows>\n' "$name"
  k=0
  for r in "$@"; do
    if [ "$k" -eq "$nh" ]; then printf '</table:table-header-rows>\n'; fi
    printf '<table:table-row>'
    old=$IFS
    IFS='|'
    # shellcheck disable=SC2086
    set -f; for c in $r; do IFS=$old; if [ "$k" -lt "$nh" ]; then cell "$s" "$c" B; else cell "$s" "$c"; fi; IFS='|'; done; set +f
    IFS=$old
    printf '</table:table-row>\n'
    k=$((k + 1))
  done
  printf '</table:table>\n'
}
{
  head | sed 's#<office:body>#<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"><style:header><text:p text:style-name="S">Coastal survey 2024, station tables</text:p></style:header><style:footer><text:p text:style-name="S">Prepared by the survey office</text:p></style:footer></style:master-page></office:master-styles>\n <office:body>#; s#<office:automatic-styles>#<office:automatic-styles>\n  <style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/><style:header-style><style:header-footer-properties fo:min-height="0.6cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0.6cm"/></style:footer-style></style:page-layout>#'
  printf '<text:p text:style-name="H">Station tables</text:p>\n'
  p 'Each station was visited through the year; the first table lists the inland stations, set without lines, its header repeated on every page it runs over.'
  # shellcheck disable=SC2046
  IFS_OLD=$IFS; IFS='
'
  set -- $(rows 62 Inland)
  IFS=$IFS_OLD
  htable Inland N 1 'Station|Visits|Samples|Depth (m)' "$@"
  p 'The coastal stations, ruled, with a header of two rows repeated on each page:'
  IFS='
'
  set -- $(rows 58 Coast)
  IFS=$IFS_OLD
  htable Coast C 2 'Station|Counts|Counts|Depth' 'name|visits|samples|(m)' "$@"
  p 'The river stations, with a remark on each that runs long, so rows break over the page end:'
  i=1
  set --
  while [ $i -le 16 ]; do
    set -- "$@" "River $i|$((i * 41 % 900 + 100))|$((i * 3 % 50 + 5))|Sampled at the bridge in the morning and again at the weir in the evening, with the water level read from the gauge on the left bank each time and written on the sheet before leaving the site, as the procedure for the river stations asks"
    i=$((i + 1))
  done
  htable River C 1 'Station|Visits|Samples|Remarks' "$@"
  p 'All stations will be visited again next year.'
  tail
} > "$work/continued-headers.fodt"

for n in $names; do
  soffice --headless --convert-to pdf --outdir "$work" "$work/$n.fodt" >/dev/null
  cp "$work/$n.fodt" "$work/$n.pdf" "$out/"
  printf '%s: ' "$n"
  pdfinfo "$out/$n.pdf" | grep Pages
done
