"""Writes a two-page PDF of tables set in Helvetica, the source of fixtures/scanned-table:
page 1 a table drawn as a grid of rules, page 2 a borderless one (columns by alignment alone).
    usage: python3 scripts/scanned-table-page.py OUT.pdf"""
import sys


def text(x, y, s, size=11):
    s = s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"BT /F1 {size} Tf {x:.1f} {y:.1f} Td ({s}) Tj ET"


def ruled():
    ops = ["0 g", text(72, 730, "Quarterly revenue by region", 16),
           text(72, 700, "The table below lists revenue by region for the last three quarters.")]
    rows = [["Region", "First", "Second", "Third"], ["North", "1,204", "1,318", "1,402"],
            ["South", "987", "1,022", "1,101"], ["East", "1,530", "1,490", "1,611"], ["West", "842", "903", "955"]]
    xs = [72, 222, 322, 422, 522]
    top, rh = 670, 24
    ops.append("0 G 1 w")
    for i in range(len(rows) + 1):
        ops.append(f"{xs[0]} {top - rh * i} m {xs[-1]} {top - rh * i} l S")
    for x in xs:
        ops.append(f"{x} {top} m {x} {top - rh * len(rows)} l S")
    for i, r in enumerate(rows):
        for j, c in enumerate(r):
            ops.append(text(xs[j] + 8, top - rh * i - 16, c))
    ops.append(text(72, top - rh * len(rows) - 30, "Figures are in thousands of euros, before tax."))
    return ops


def borderless():
    ops = ["0 g", text(72, 730, "Staff by office", 16),
           text(72, 700, "Headcount at the end of each year, full-time equivalents.")]
    rows = [["Office", "2022", "2023", "2024"], ["Aarhus", "118", "124", "131"], ["Bergen", "86", "91", "97"],
            ["Cork", "42", "47", "55"], ["Delft", "63", "60", "66"], ["Espoo", "150", "158", "162"]]
    xs = [72, 240, 330, 420]
    for i, r in enumerate(rows):
        for j, c in enumerate(r):
            ops.append(text(xs[j], 660 - 22 * i, c))
    ops.append(text(72, 660 - 22 * len(rows) - 20, "Part-time staff are counted by their hours."))
    return ops


def write_pdf(path, pages):
    n = len(pages)
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            ("<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(f"{4 + 2 * i} 0 R" for i in range(n)), n)).encode(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    for i, ops in enumerate(pages):
        content = "\n".join(ops).encode("latin-1")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>".encode())
        objs.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    open(path, "wb").write(out)


write_pdf(sys.argv[1], [ruled(), borderless()])
