#!/usr/bin/env python3
"""A heading set apart from dpbench-dev: Pandoc Markdown documents with known headings, written
as DOCX through six reference styles and printed to PDF by LibreOffice, each with its Markdown as
the truth. Styles: Pandoc's own (size tiers in colour), bold at the body size, capitals
letter-spaced at the body size, colour and bold, numbered 1 / 1.1 at the body size and weight,
small tiers over an 11 pt body. Sections hold lists, tables with captions and bold run-in labels
beside the headings. Sentences come from the WCXB dev truth (../shared/corpora/html). Seeded by
style and number, so the same run gives the same Markdown.
  python3 scripts/make-office-heading-set.py OUT
  (cd OUT/docx && soffice --headless --convert-to pdf --outdir ../pdfs *.docx)
  pnpm bench dev pdf-heading-losses --pdfs OUT/pdfs --truth OUT/truth
Needs pandoc and LibreOffice (libreoffice-writer-nogui).
"""
import io, os, random, re, subprocess, sys, zipfile
from heading_sentences import para, sents, title
OUT = sys.argv[1]

def doc(rng, numbered):
    out = ['# ' + title(rng), '', para(rng), '']
    for s in range(1, rng.randint(3, 5)):
        h = title(rng)
        out += [f'## {s} {h}' if numbered else '## ' + h, '', para(rng), '']
        k = rng.random()
        if k < 0.2:
            out += ['**' + title(rng) + '.** ' + para(rng, 2), '']
        elif k < 0.4:
            out += ['- ' + rng.choice(sents) for _ in range(rng.randint(2, 4))] + ['']
        elif k < 0.55:
            out += [f'{i}. ' + rng.choice(sents) for i in range(1, rng.randint(3, 5))] + ['']
        elif k < 0.7:
            cols = rng.randint(2, 4)
            rows = [[title(rng) for _ in range(cols)] for _ in range(rng.randint(2, 4))]
            out += ['| ' + ' | '.join(r) + ' |' if i != 1 else '|' + '---|' * cols for i, r in enumerate([rows[0], rows[0]] + rows[1:])]
            out += ['', 'Table: ' + rng.choice(sents)[:80], '']
        for t in range(1, rng.randint(1, 4)):
            h = title(rng)
            out += [f'### {s}.{t} {h}' if numbered else '### ' + h, '', para(rng), '']
    return '\n'.join(out) + '\n'

STYLES = {
    'tiers': None,
    'boldbody': {1: '<w:b/><w:sz w:val="24"/>', 2: '<w:b/><w:sz w:val="24"/>', 3: '<w:b/><w:i/><w:sz w:val="24"/>', 't': '<w:b/><w:sz w:val="32"/>'},
    'caps': {1: '<w:b/><w:sz w:val="28"/>', 2: '<w:caps/><w:spacing w:val="40"/><w:sz w:val="24"/>', 3: '<w:b/><w:sz w:val="24"/>', 't': '<w:caps/><w:b/><w:sz w:val="32"/>'},
    'colour': {1: '<w:b/><w:color w:val="1F4E79"/><w:sz w:val="26"/>', 2: '<w:b/><w:color w:val="C0504D"/><w:sz w:val="24"/>', 3: '<w:color w:val="C0504D"/><w:b/><w:sz w:val="24"/>', 't': '<w:b/><w:sz w:val="36"/>'},
    'numbered': {1: '<w:sz w:val="24"/>', 2: '<w:sz w:val="24"/>', 3: '<w:sz w:val="24"/>', 't': '<w:b/><w:sz w:val="28"/>'},
    'small': {1: '<w:b/><w:sz w:val="26"/>', 2: '<w:sz w:val="24"/>', 3: '<w:b/><w:i/><w:sz w:val="22"/>', 't': '<w:b/><w:sz w:val="30"/>', 'body': '22'},
}
base = subprocess.run(['pandoc', '-o', '/dev/stdout', '--print-default-data-file', 'reference.docx'], capture_output=True, check=True).stdout
os.makedirs(f'{OUT}/docx', exist_ok=True); os.makedirs(f'{OUT}/truth', exist_ok=True)
for name, st in STYLES.items():
    ref = f'{OUT}/ref-{name}.docx'
    zin = zipfile.ZipFile(io.BytesIO(base))
    with zipfile.ZipFile(ref, 'w') as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == 'word/styles.xml' and st:
                s = data.decode()
                for k, sid in [(1, 'Heading1'), (2, 'Heading2'), (3, 'Heading3'), ('t', 'Title')]:
                    s = re.sub(r'(<w:style [^>]*w:styleId="' + sid + r'".*?)<w:rPr>.*?</w:rPr>', lambda m: m.group(1) + '<w:rPr>' + st[k] + '</w:rPr>', s, count=1, flags=re.S)
                    s = re.sub(r'(<w:style [^>]*w:styleId="' + sid + r'".*?)<w:jc [^>]*/>', r'\1', s, count=1, flags=re.S)
                if 'body' in st: s = re.sub(r'(<w:docDefaults>.*?<w:sz w:val=")\d+', r'\g<1>' + st['body'], s, count=1, flags=re.S)
                data = s.encode()
            zout.writestr(item, data)
    for i in range(5):
        rng = random.Random(f'{name}-{i}')
        md = doc(rng, name == 'numbered' or rng.random() < 0.2)
        stem = f'{name}-{i}'
        open(f'{OUT}/truth/{stem}.docx.md', 'w').write(md)
        subprocess.run(['pandoc', '-f', 'markdown-auto_identifiers', '-o', f'{OUT}/docx/{stem}.docx', '--reference-doc', ref], input=md.encode(), check=True)
