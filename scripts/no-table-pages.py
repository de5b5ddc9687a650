"""The no-table set of issue 20: pages with no table that line up like one. Writes LibreOffice
documents (.fodt: forms with labels, blanks and tick boxes, two- and three-column prose, two columns
of short address lines, a contents page with dot leaders, references, a letter, a glossary, lists
with symbol-font bullets) to SRC_DIR for soffice to print, and four charts (bars, lines with
gridlines, axis ticks, legends; grouped bars with value labels; a pie with a legend of shares) and
a form of labelled field boxes straight to PDF in PDF_DIR.
    usage: python3 scripts/no-table-pages.py SRC_DIR PDF_DIR   (see make-no-table-corpus.sh)"""
import sys, os
out = sys.argv[1]
HEAD = '''<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Symbol" svg:font-family="Symbol" style:font-charset="x-symbol"/><style:font-face style:name="Wingdings" svg:font-family="Wingdings" style:font-charset="x-symbol"/></office:font-face-decls>
<office:styles>
<style:style style:name="Standard" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.12cm"/><style:text-properties fo:font-size="10.5pt" style:font-name="Liberation Serif"/></style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="1"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="16pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="2"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="13pt" fo:font-weight="bold"/></style:style>
</office:styles>
<office:automatic-styles>
<style:style style:name="Cols2" style:family="section"><style:section-properties><style:columns fo:column-count="2" fo:column-gap="0.8cm"/></style:section-properties></style:style>
<style:style style:name="Cols3" style:family="section"><style:section-properties><style:columns fo:column-count="3" fo:column-gap="0.6cm"/></style:section-properties></style:style>
<style:style style:name="Just" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="justify"/></style:style>
<style:style style:name="Form" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.3cm"><style:tab-stops><style:tab-stop style:position="4.5cm"/><style:tab-stop style:position="9cm"/><style:tab-stop style:position="12.5cm"/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Toc" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="16cm" style:type="right" style:leader-style="dotted" style:leader-text="."/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Toc2" style:family="paragraph" style:parent-style-name="Toc"><style:paragraph-properties fo:margin-left="0.8cm"/></style:style>
<style:style style:name="Ref" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-left="1cm" fo:text-indent="-1cm"><style:tab-stops><style:tab-stop style:position="0cm"/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Right" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="end"/></style:style>
<style:style style:name="Def" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="5cm"/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
''' + "".join(f'<text:list-style style:name="{n}"><text:list-level-style-bullet text:level="1" text:bullet-char="{c}"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="1.27cm" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties><style:text-properties style:font-name="{f}"/></text:list-level-style-bullet></text:list-style>' for n, c, f in [("LSym", "\uf0b7", "Symbol"), ("LTick", "\uf0fc", "Wingdings"), ("LArrow", "\uf0d8", "Wingdings")]) + '''
</office:automatic-styles>
<office:body><office:text>
'''
TAIL = '</office:text></office:body></office:document>\n'
LOREM = ["Public services depend on the trust of the people who use them, and that trust is earned slowly.",
 "The committee met four times during the year and heard evidence from twelve regional offices.",
 "Most of the recommendations made in the previous report have now been carried out in full.",
 "Where progress was slower, the reasons were mainly budgetary rather than organisational.",
 "Staff turnover remained high in the northern districts, which made training harder to plan.",
 "A new approach to procurement was tested in two departments and will be extended next spring.",
 "Citizens were asked for their views through an online survey that drew more than nine thousand replies.",
 "The results show broad satisfaction with opening hours but frustration with waiting times.",
 "We therefore propose to publish service standards for every office and to report against them each quarter.",
 "None of this would have been possible without the patient work of the local teams."]
def prose(n, seed=0, style="Just"):
    out = []
    for i in range(n):
        s = " ".join(LOREM[(seed + i + j) % len(LOREM)] for j in range(5))
        out.append(f'<text:p text:style-name="{style}">{s}</text:p>')
    return "\n".join(out)
def h(level, t): return f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">{t}</text:h>'
def p(t, style="Standard"): return f'<text:p text:style-name="{style}">{t}</text:p>'
docs = {}
docs["two-column-prose"] = h(1, "Annual review of public services") + '<text:section text:style-name="Cols2" text:name="S1">' + h(2, "1. Introduction") + prose(4) + h(2, "2. What changed this year") + prose(5, 3) + '</text:section>'
docs["three-column-newsletter"] = h(1, "Community newsletter") + '<text:section text:style-name="Cols3" text:name="S1">' + h(2, "Library hours") + prose(3, 1) + h(2, "Road works") + prose(3, 4) + h(2, "Volunteers") + prose(3, 7) + '</text:section>'
tab = '<text:tab/>'
line = '_' * 28
form = [h(1, "Application for a parking permit"), p("Please complete every field in block capitals and return the form to the town hall."), h(2, "Section A: Applicant")]
for a, b in [("Surname", "First name"), ("Date of birth", "Telephone"), ("Street and number", "Postcode"), ("Town", "E-mail address")]:
    form.append(p(f'{a}:{tab}{"_"*18}{tab}{b}:{tab}{"_"*18}', "Form"))
form.append(h(2, "Section B: Vehicle"))
for a, b in [("Registration number", "Make and model"), ("Colour", "Year of registration")]:
    form.append(p(f'{a}:{tab}{"_"*18}{tab}{b}:{tab}{"_"*18}', "Form"))
form.append(h(2, "Section C: Permit type"))
form.append(p(f'☐ Resident{tab}☐ Visitor{tab}☐ Business{tab}☐ Carer', "Form"))
form.append(p(f'☐ Annual{tab}☐ Six months{tab}☐ Three months{tab}☐ One month', "Form"))
form.append(p("I declare that the information given on this form is true and complete to the best of my knowledge."))
form.append(p(f'Signature:{tab}{line}{tab}Date:{tab}{"_"*14}', "Form"))
form.append(p(f'Name in capitals:{tab}{line}', "Form"))
docs["form-permit"] = "\n".join(form)
form2 = [h(1, "Customer details"), p("Fields marked with an asterisk are required.")]
for a, v in [("Customer number*", "40-118-2291"), ("Name*", "Maria Jensen"), ("Company", "Jensen Design ApS"), ("Address*", "Nørregade 14, 1165 Copenhagen"), ("Phone", "+45 33 12 45 67"), ("E-mail*", "maria@jensendesign.dk"), ("Preferred contact", "E-mail"), ("Customer since", "March 2019")]:
    form2.append(p(f'<text:span text:style-name="B">{a}</text:span>{tab}{v}', "Def"))
form2.append(h(2, "Consent"))
form2.append(p(f'☒ I agree to receive the newsletter{tab}☐ I agree to be contacted by phone', "Form"))
form2.append(p(f'Signed:{tab}{line}', "Form"))
form2.append(p(f'Date:{tab}{"_"*14}{tab}Place:{tab}{"_"*14}', "Form"))
docs["form-customer"] = "\n".join(form2)
toc = [h(1, "Contents")]
n = 1
for i, (ch, subs) in enumerate([("Introduction", ["Purpose of this report", "How the work was done"]), ("The year in figures", ["Income", "Spending", "Staff"]), ("Services", ["Libraries", "Roads and transport", "Housing"]), ("Looking ahead", []), ("Annexes", ["Glossary", "Contacts"])]):
    toc.append(p(f'<text:span text:style-name="B">{i+1}. {ch}</text:span>{tab}{n}', "Toc")); n += 2
    for j, s in enumerate(subs):
        toc.append(p(f'{i+1}.{j+1} {s}{tab}{n}', "Toc2")); n += 3
docs["toc-leaders"] = "\n".join(toc)
refs = [h(1, "References")]
for i, r in enumerate(["Anderson, P. (2019). Service design in local government. Oxford University Press.", "Baker, L. and Chen, R. (2021). Measuring citizen satisfaction. Public Administration Review 81(4), 612-630.", "Council of Europe (2020). Standards for public services. Strasbourg.", "Dupont, M. (2018). Waiting times and trust. Journal of Public Policy 38(2), 201-224.", "Eriksen, T. (2022). Procurement reform in the Nordic countries. Copenhagen Business School Press.", "Fischer, K. (2017). Staff turnover in regional offices. Verwaltungsarchiv 108, 77-95.", "Garcia, S. (2023). Online surveys in public consultation. Government Information Quarterly 40(1).", "Hughes, D. (2016). The quarterly report as a management tool. London: Routledge."]):
    refs.append(p(f'[{i+1}]{tab}{r}', "Ref"))
docs["references"] = "\n".join(refs) + prose(2, 5)
letter = [p("Town Hall Services", "Right"), p("12 Market Square", "Right"), p("4100 Ringsted", "Right"), p(""), p("Ms Maria Jensen"), p("Nørregade 14"), p("1165 Copenhagen"), p(""), p("Ringsted, 3 March 2025", "Right"), p(f'<text:span text:style-name="B">Your application of 12 February</text:span>'), p("Dear Ms Jensen,"), prose(3, 2), p("Yours sincerely,"), p(""), p("Anne Holm"), p("Head of Citizen Services")]
docs["letter"] = "\n".join(letter)
defs = [h(1, "Glossary")]
for a, b in [("Appropriation", "An amount of money set aside by the council for a stated purpose."), ("Capital spending", "Money spent on assets that last longer than one year, such as buildings and roads."), ("Precept", "The share of the council tax collected for another body."), ("Reserve", "Money kept back to meet future or unexpected costs."), ("Revenue spending", "The day-to-day cost of running services, including salaries.")]:
    defs.append(p(f'<text:span text:style-name="B">{a}</text:span>{tab}{b}', "Def"))
docs["glossary"] = "\n".join(defs) + prose(2, 1)
# Lists whose bullets come from symbol fonts (private-use characters in the PDF), short items set
# a hanging indent from their markers: a marker column beside a text column, and no table.
def items(style, ts): return f'<text:list text:style-name="{style}">' + "".join(f'<text:list-item>{p(t)}</text:list-item>' for t in ts) + '</text:list>'
bullets = [h(1, "Before the site visit"), p("Pack the following and check each item off the list:"),
    items("LSym", ["Measuring tape", "Two ranging poles", "Hand-held GPS receiver", "Field book and pencils", "First-aid kit"]),
    p("On site, confirm that these were done:"), items("LTick", ["Boundary stones found", "Heights levelled", "Photos taken", "Owner informed"]),
    p("Back at the office:"), items("LArrow", ["Draw the plan", "Check the areas", "Send the report"]),
    h(2, "Plants seen on the walk"), '<text:section text:style-name="Cols3" text:name="S1">' + items("LSym", ["Oak", "Ash", "Hazel", "Holly", "Bramble", "Nettle", "Foxglove", "Bluebell", "Wild garlic", "Dog rose", "Elder", "Hawthorn"]) + '</text:section>',
    prose(1, 6)]
docs["symbol-bullets"] = "\n".join(bullets)
# Two columns of short lines (addresses and contacts): their baselines line up across the
# columns as a two-column table's rows do, and they are prose in two columns.
contacts = [("North office", "14 Harbour Road", "Ringsted 4100", "Open Monday to Friday"), ("South office", "2 Station Square", "Køge 4600", "Open Tuesday and Thursday"), ("East office", "88 Mill Lane", "Slagelse 4200", "Open every weekday morning"), ("West office", "5 Church Street", "Sorø 4180", "Open by appointment only"), ("Depot", "Industrial Estate 7", "Ringsted 4100", "Deliveries before noon"), ("Archive", "1 Castle Hill", "Holbæk 4300", "Reading room on Wednesdays")]
docs["two-column-contacts"] = h(1, "Where to find us") + p("Every office answers questions about permits, bins and council tax; bring proof of address.") + '<text:section text:style-name="Cols2" text:name="S1">' + "".join(p(f'<text:span text:style-name="B">{a}</text:span>') + p(b) + p(c) + p(d) for a, b, c, d in contacts) + '</text:section>' + prose(1, 3)
os.makedirs(out, exist_ok=True)
# Drawings, written straight to PDF as the charts below (written by Draw-like tools: text as
# text, shapes as paths): a grouped bar chart with gridlines, value and tick labels and a
# legend, a pie chart with a legend of names and shares, and a form of labelled field boxes in
# a grid, each box a stroked rectangle. Placed top-down on an A4 page (y from the top).
drawings = {}
def t(x, y, s, size=10, anchor="start"): return ("t", x, y, s, size, anchor)
def rect(x, y, w, h, fill=None): return ("r", x, y, w, h, fill)
def seg(x1, y1, x2, y2, grey=0.0, width=0.8): return ("l", x1, y1, x2, y2, grey, width)
def poly(pts, fill): return ("p", pts, fill)
RGB = ["0.27 0.45 0.77", "0.93 0.49 0.19", "0.65 0.65 0.65", "1 0.75 0", "0.36 0.61 0.84", "0.44 0.68 0.28"]
bars = [t(60, 70, "Visitors by quarter and site", 16), t(60, 92, "Thousands of visitors, 2024", 10)]
x0, y0, x1, y1 = 100, 140, 520, 440
for i in range(6):
    y = y1 - i * (y1 - y0) / 5
    bars += [seg(x0, y, x1, y, 0.73, 0.5), t(x0 - 8, y + 3.5, str(i * 20), 9, "end")]
bars.append(seg(x0, y0, x0, y1))
for q, vs in enumerate([(34, 41, 22), (52, 58, 30), (77, 81, 45), (44, 49, 27)]):
    cx = x0 + 20 + q * 100
    for k, v in enumerate(vs):
        hgt = v / 100 * (y1 - y0)
        bars += [rect(cx + k * 22, y1 - hgt, 18, hgt, RGB[k]), t(cx + k * 22 + 9, y1 - hgt - 4, str(v), 8, "middle")]
    bars.append(t(cx + 31, y1 + 16, f"Q{q + 1} 2024", 9, "middle"))
for k, name in enumerate(["Castle", "Museum", "Gardens"]):
    bars += [rect(150 + k * 120, 480, 10, 10, RGB[k]), t(166 + k * 120, 489, name, 9)]
bars.append(t(60, 530, "Source: ticket sales at each site; the gardens close from November to February.", 9))
drawings["chart-draw-bars"] = bars
import math
pie = [t(60, 70, "How the budget is spent", 16)]
shares = [("Schools", 38), ("Social care", 27), ("Roads", 12), ("Housing", 10), ("Parks", 6), ("Other", 7)]
a = -math.pi / 2
for k, (name, v) in enumerate(shares):
    b = a + v / 100 * 2 * math.pi
    n = max(2, int(v / 2))
    pie.append(poly([(220, 260)] + [(220 + 120 * math.cos(a + (b - a) * i / n), 260 + 120 * math.sin(a + (b - a) * i / n)) for i in range(n + 1)], RGB[k]))
    m = (a + b) / 2
    pie.append(t(220 + 80 * math.cos(m), 264 + 80 * math.sin(m), f"{v}%", 9, "middle"))
    a = b
for i, (name, v) in enumerate(shares):
    pie += [rect(390, 190 + i * 22, 10, 10, RGB[i]), t(406, 199 + i * 22, name, 10), t(520, 199 + i * 22, f"{v}%", 10, "end")]
pie.append(t(60, 420, "Shares of the spending planned for the year; other covers libraries and elections.", 10))
drawings["chart-draw-pie"] = pie
boxes = [t(60, 70, "Request for a copy of a certificate", 16), t(60, 92, "Write in each box in block capitals.", 10)]
for r, pair in enumerate([("Surname", "First names"), ("Date of birth", "Place of birth"), ("Father's name", "Mother's name"), ("Address", "Postcode"), ("Telephone", "E-mail")]):
    for c, label in enumerate(pair):
        x, y = 60 + c * 250, 120 + r * 56
        boxes += [t(x, y + 10, label, 9), rect(x, y + 16, 230, 24)]
boxes.append(t(60, 420, "Number of copies", 9))
for k in range(3):
    boxes += [rect(60 + k * 90, 430, 12, 12), t(78 + k * 90, 440, ["One", "Two", "Three"][k], 9)]
boxes += [t(60, 480, "Signature", 9), rect(60, 486, 230, 36), t(310, 480, "Date", 9), rect(310, 486, 230, 24)]
drawings["form-boxes"] = boxes
for name, body in docs.items():
    open(os.path.join(out, name + ".fodt"), "w").write(HEAD + body + TAIL)
# Charts written as PDF directly (text as text, grid lines and bars as paths), as plotting
# tools export them.
def write_pdf(path, ops, W=612, H=792):
    content = "\n".join(ops).encode("latin-1")
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {W} {H}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>".encode(),
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    out = b"%PDF-1.4\n"; offs = []
    for i, o in enumerate(objs):
        offs.append(len(out)); out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    open(path, "wb").write(out)
def tw(s, size): return len(s) * size * 0.5
def text(x, y, s, size=10, anchor="start"):
    if anchor == "middle": x -= tw(s, size) / 2
    if anchor == "end": x -= tw(s, size)
    s = s.replace("(", "\\(").replace(")", "\\)")
    return f"BT /F1 {size} Tf {x:.1f} {y:.1f} Td ({s}) Tj ET"
def chart_page(kind):
    ops = ["0 g", text(72, 740, "Figure 3. " + ("Library visits by branch, 2023 and 2024" if kind == "bars" else "Average daily sunshine by month"), 12),
           text(72, 720, "The chart below compares the two years; the text after it explains the main changes.", 10)]
    x0, y0, x1, y1 = 110, 420, 540, 690
    if kind == "bars":
        cats = ["Central", "North", "South", "East", "West", "Harbour"]; series = [[220, 140, 95, 180, 120, 60], [240, 150, 110, 170, 135, 75]]; top = 250; step = 50
    else:
        cats = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        series = [[3.1, 3.4, 4.0, 5.2, 6.8, 8.1, 8.6, 8.3, 7.0, 5.5, 4.1, 3.3], [1.2, 1.5, 2.2, 3.0, 4.1, 5.0, 5.6, 5.4, 4.4, 3.1, 2.0, 1.4]]; top = 10; step = 2
    ops.append("0.8 G 0.5 w")
    v = 0
    while v <= top:
        y = y0 + (y1 - y0) * v / top
        ops.append(f"{x0} {y:.1f} m {x1} {y:.1f} l S"); ops.append(text(x0 - 6, y - 3, str(v), 9, "end")); v += step
    gw = (x1 - x0) / len(cats)
    if kind == "lines":
        for i in range(len(cats) + 1): ops.append(f"{x0 + gw*i:.1f} {y0} m {x0 + gw*i:.1f} {y1} l S")
    ops.append("0 G 1 w"); ops.append(f"{x0} {y0} m {x1} {y0} l S {x0} {y0} m {x0} {y1} l S")
    for i, c in enumerate(cats): ops.append(text(x0 + gw*i + gw/2, y0 - 14, c, 9, "middle"))
    cols = ["0.29 0.48 0.71", "0.88 0.57 0.23"]
    for j, vals in enumerate(series):
        if kind == "bars":
            bw = gw * 0.35
            ops.append(f"{cols[j]} rg")
            for i, val in enumerate(vals): ops.append(f"{x0 + gw*i + gw*0.15 + bw*j:.1f} {y0} {bw:.1f} {(y1-y0)*val/top:.1f} re f")
        else:
            ops.append(f"{cols[j]} RG 2 w")
            pts = [(x0 + gw*i + gw/2, y0 + (y1-y0)*val/top) for i, val in enumerate(vals)]
            ops.append(" ".join(f"{x:.1f} {y:.1f} {'m' if k == 0 else 'l'}" for k, (x, y) in enumerate(pts)) + " S")
    names = ["2023", "2024"] if kind == "bars" else ["Lisbon", "Edinburgh"]
    for j, n in enumerate(names):
        ops.append(f"{cols[j]} rg {220 + 110*j} 384 10 10 re f 0 g"); ops.append(text(236 + 110*j, 385, n, 10))
    ops.append("0 g")
    ops.append(text(x0 - 40, (y0 + y1) / 2, "Visitors (thousands)" if kind == "bars" else "Hours", 9))
    y = 340
    for s in LOREM[:6]:
        ops.append(text(72, y, s, 10)); y -= 14
    return ops
os.makedirs(sys.argv[2], exist_ok=True)
write_pdf(os.path.join(sys.argv[2], "chart-bars.pdf"), chart_page("bars"))
write_pdf(os.path.join(sys.argv[2], "chart-lines.pdf"), chart_page("lines"))
def drawing_ops(prims, H=842):
    ops = ["0 g"]
    for p in prims:
        if p[0] == "t":
            _, x, y, st, size, anchor = p; ops.append(text(x, H - y, st, size, anchor))
        elif p[0] == "r":
            _, x, y, w, h, fill = p
            ops.append(f"{fill} rg {x:.1f} {H - y - h:.1f} {w:.1f} {h:.1f} re f 0 g" if fill else f"0 G 0.7 w {x:.1f} {H - y - h:.1f} {w:.1f} {h:.1f} re S")
        elif p[0] == "l":
            _, xa, ya, xb, yb, grey, width = p; ops.append(f"{grey} G {width} w {xa:.1f} {H - ya:.1f} m {xb:.1f} {H - yb:.1f} l S 0 G")
        else:
            _, pts, fill = p
            ops.append(f"{fill} rg 1 G 0.8 w " + " ".join(f"{x:.1f} {H - y:.1f} {'m' if k == 0 else 'l'}" for k, (x, y) in enumerate(pts)) + " h B 0 g 0 G")
    return ops
for name, prims in drawings.items():
    write_pdf(os.path.join(sys.argv[2], name + ".pdf"), drawing_ops(prims), 595, 842)
