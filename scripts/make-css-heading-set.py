#!/usr/bin/env python3
"""A second heading set apart from dpbench-dev and from the office set: HTML and CSS written
here, printed to PDF by Chromium, each with its Markdown as the truth. Heading styles the office
set and pdf-synth-css lack: small capitals at the body size, colour alone, letter-spaced capitals
(some above a list), legal numbering ("Article 3", "Section 4.2", "IV."), two columns, centred
serif headings, white text on a dark band, and headings left at the foot of a page because the
paragraph under them may not break (so it starts on the next page). Some documents open with a
contents list (entries with dot leaders and page numbers, which are not headings). Sections hold
paragraphs, lists and bold run-in labels. Styles appended in session 22 hold lines that look like
headings and are not: chart labels ('Exhibit B-3', bold or larger, over or under the chart, left
at a page's top or foot), a caption's title beside or under its label alone ('Diagram 2'), bold
sentences and bold labels over lists, a bold running title on every page, and one-page documents. A style appended in session 23 sets dark text on a light tint band
(the band its only mark) beside a shaded table header row and a tinted call-out box; one appended
in session 24 (tintcallout) sets one-line call-outs with no closing punctuation in boxes of the
title bands' tint, beside call-outs of a few lines, and lines on a white fill. Sentences come from the WCXB dev truth
(../shared/corpora/html). Seeded by style and number: the same run gives the same HTML.
  python3 scripts/make-css-heading-set.py OUT      (writes OUT/html, OUT/pdfs, OUT/truth)
  pnpm bench dev pdf-heading-losses --pdfs OUT/pdfs --truth OUT/truth [--peer liteparse]
Needs Chromium (/usr/bin/chromium or CHROME_PATH).
"""
import html, os, random, subprocess, sys
from heading_sentences import para, sents, title
OUT = sys.argv[1]

ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII']
STYLES = {
    'smallcaps': 'h2{font-variant:small-caps;font-weight:normal;font-size:1em;letter-spacing:.04em}'
                 'h3{font-style:italic;font-weight:normal;font-size:1em}',
    'colour': 'h2{color:#1F4E79;font-weight:normal;font-size:1em}h3{color:#C0504D;font-weight:normal;font-size:1em}',
    'spacedcaps': 'h2{text-transform:uppercase;letter-spacing:.2em;font-weight:normal;font-size:1em}'
                  'h3{font-weight:bold;font-size:1em}',
    'legal': 'h2{font-weight:bold;font-size:1em}h3{font-weight:bold;font-size:1em}',
    'twocol': 'main{column-count:2;column-gap:2em}h2{font-size:1.2em}h3{font-size:1.05em}',
    'centred': 'body{font-family:"DejaVu Serif","Liberation Serif",serif}h2,h3{text-align:center}'
               'h2{font-size:1.1em}h3{font-size:1em;font-style:italic;font-weight:normal}',
    'band': 'h2{background:#24466b;color:#fff;padding:.2em .4em;font-size:1.05em}h3{font-size:1em}',
    'footbreak': 'h2{font-size:1.15em}h3{font-size:1em}p,ul,ol{break-inside:avoid}h2,h3{break-after:auto}',
    # Lines that look like headings but are not (appended: the styles above keep their documents).
    # Figure labels under a drawn chart, bold or italic, centred or not, "Figure 3. Title words".
    'figures': 'h2{font-size:1.15em}h3{font-size:1em}figure{margin:.6em 0}figcaption{margin-top:.3em}',
    # A bold line that is a paragraph's emphasis: a one-sentence bold paragraph, a bold label
    # ending in a colon over a list, a bold lead-in run into its paragraph.
    'leadins': 'h2{font-size:1.15em}h3{font-size:1em}',
    # A bold running title and a page line repeated at the top and foot of every page.
    'running': 'h2{font-size:1.15em}h3{font-size:1em}',
    # One page (as every DP-Bench page is): bold headings at the body size, a bold one-line
    # sentence, an italic note, a bold label over a list, no other page to learn the body from.
    'onepage': 'h1{font-size:1.4em}h2{font-size:1em}h3{font-size:1em;font-style:italic}',
    # A chart's caption in two parts, its label alone ("Diagram 2", "Figure 4") and its title in
    # bold, a little larger or not, beside the label or under it (centred or not), over the chart.
    'captitles': 'h2{font-size:1.15em}h3{font-size:1em}figure{margin:.6em 0}',
    # Dark text on a light tint band (no colour of its own, regular weight at about the body
    # size: the band is its only mark), beside tinted shapes that are not titles: a table whose
    # header row is shaded, and a call-out box of body text on the same tint.
    'tintband': 'h2{background:#dfe8f1;color:#000;padding:.25em .4em;font-size:1.05em;font-weight:normal}'
                'h3{font-size:1em}table{border-collapse:collapse;margin:.4em 0 .8em}th,td{padding:.2em .6em;text-align:left}'
                'th{background:#dfe8f1;font-weight:normal}.callout{background:#dfe8f1;padding:.5em .7em;margin:0 0 .6em}',
    # Call-outs on the tint of the title bands, padded more: a one-line call-out with no closing
    # punctuation (alone on its band as a title is), beside call-outs of a few lines in the same
    # box, and lines on a white fill (a word processor's white shading) on the white page.
    'tintcallout': 'h2{background:#e6eef5;color:#000;padding:.25em .4em;font-size:1em;font-weight:normal}'
                   'h3{font-size:1em}.callout{background:#e6eef5;padding:.5em .7em;margin:0 0 .6em}'
                   '.white{background:#fff;padding:.1em 0;margin:0 0 .6em}',
}

def number(scheme, s, t=None):
    if scheme == 'article': return f'Article {s}' if t is None else f'Section {s}.{t}'
    if scheme == 'roman': return f'{ROMAN[s - 1]}.' if t is None else f'{chr(64 + t)}.'
    return f'Part {ROMAN[s - 1]}' if t is None else f'Section {s}.{t}'

def doc(rng, style):
    scheme = rng.choice(['article', 'roman', 'part']) if style == 'legal' else None
    nsec = rng.randint(5, 8) if style in ('footbreak', 'running') else 3 if style == 'onepage' else rng.randint(3, 5)
    short = style == 'onepage'
    secs = []
    for s in range(1, nsec):
        h2 = title(rng)
        if style == 'spacedcaps': h2 = h2.upper()
        if scheme: h2 = f'{number(scheme, s)} {h2}'
        body = [('p', para(rng, rng.randint(4, 9) if style == 'footbreak' else 1 if short else None))]
        k = rng.random()
        if k < 0.25: body.append(('label', (title(rng), para(rng, 2))))
        elif k < 0.5 or style == 'spacedcaps' and k < 0.7:
            body.insert(0 if style == 'spacedcaps' and k < 0.4 else 1, ('ul', [rng.choice(sents) for _ in range(rng.randint(2, 4))]))
        elif k < 0.65: body.append(('ol', [rng.choice(sents) for _ in range(rng.randint(2, 4))]))
        if style in NEGATIVES: body += negatives(rng, style, s)
        subs = []
        for t in range(1, rng.randint(1, 2 if short else 4)):
            h3 = title(rng)
            if scheme: h3 = f'{number(scheme, s, t)} {h3}'
            subs.append((h3, [('p', para(rng, rng.randint(3, 8) if style == 'footbreak' else 1 if short else None))]))
        secs.append((h2, body, subs))
    return title(rng), para(rng, 2 if short else None), secs, style in ('legal', 'footbreak') and rng.random() < 0.5

NEGATIVES = ('figures', 'leadins', 'onepage', 'captitles', 'tintband', 'tintcallout')

def sentence(rng, words=(5, 9)):
    """A short sentence of a few words, closed by a full stop (fits on one line)."""
    return title(rng) + ' ' + ' '.join(title(rng).lower().split()[: rng.randint(*words) - 2]) + '.'

def negatives(rng, style, s):
    """Lines after a section's paragraph that a heading rule may take for a title but are not."""
    if style == 'figures':
        bold, centre = rng.random() < 0.5, rng.random() < 0.5
        # Set over the chart (a report's exhibit title, often a little larger) or under it.
        above, big = rng.random() < 0.5, rng.random() < 0.4
        label = rng.choice(['Figure', 'Figure', 'Chart', 'Exhibit', 'Fig.'])
        num = rng.choice([str(s), f'{s}.{rng.randint(1, 4)}', f'{chr(64 + s)}-{rng.randint(1, 9)}'])
        return [('figure', (f'{label} {num}{rng.choice([".", ":", ""])} {title(rng)}', bold, centre,
                            [rng.randint(20, 95) for _ in range(rng.randint(3, 6))], above, big)),
                ('p', para(rng))]
    if style == 'captitles':
        label = f"{rng.choice(['Figure', 'Diagram', 'Chart', 'Exhibit', 'Graph'])} {rng.choice([str(s), f'{s}.{rng.randint(1, 4)}'])}"
        return [('captitle', (label, title(rng), rng.choice(['beside', 'under', 'centred']), rng.random() < 0.4,
                              [rng.randint(20, 95) for _ in range(rng.randint(3, 6))])),
                ('p', para(rng))]
    if style == 'tintband':
        if rng.random() < 0.5:
            cols = [title(rng).split()[0] for _ in range(rng.randint(2, 4))]
            return [('table', (cols, [[str(rng.randint(1, 999)) for _ in cols] for _ in range(rng.randint(2, 4))])),
                    ('p', para(rng))]
        # One short line or a few lines of body text in the box.
        return [('callout', para(rng, rng.randint(1, 2)) if rng.random() < 0.6 else sentence(rng)), ('p', para(rng))]
    if style == 'tintcallout':
        # The first section's call-out has a few lines (the box's own style shown on paragraphs);
        # the second's is one line, and a line on white follows.
        if s == 1: return [('callout', para(rng, 2)), ('p', para(rng))]
        if s == 2: return [('callout', sentence(rng)[:-1]), ('p', para(rng)), ('white', sentence(rng)[:-1]), ('p', para(rng))]
        k = rng.random()
        if k < 0.3: return [('callout', para(rng, 2)), ('p', para(rng))]
        return [('callout' if k < 0.7 else 'white', sentence(rng)[:-1]), ('p', para(rng))]
    if style == 'leadins':
        k = rng.random()
        if k < 0.4: return [('bold', sentence(rng)), ('p', para(rng))]
        if k < 0.8: return [('bold', title(rng) + ':'), ('ul', [rng.choice(sents) for _ in range(rng.randint(2, 4))])]
        return [('label', (title(rng), para(rng, 2)))]
    k = rng.random()
    if k < 0.35: return [('bold', sentence(rng))]
    if k < 0.7: return [('italic', sentence(rng))]
    return [('bold', title(rng) + ':'), ('ul', [rng.choice(sents) for _ in range(2)])]

def chart(vals):
    bars = ''.join(f'<rect x="{20 + 40 * i}" y="{100 - v}" width="28" height="{v}" fill="#4a7ab0"/>' for i, v in enumerate(vals))
    return f'<svg width="{40 * len(vals) + 30}" height="104"><line x1="10" y1="101" x2="{40 * len(vals) + 20}" y2="101" stroke="#000"/>{bars}</svg>'

def blocks_html(body):
    out = []
    for k, v in body:
        if k == 'p': out.append(f'<p>{html.escape(v)}</p>')
        elif k == 'label': out.append(f'<p><b>{html.escape(v[0])}.</b> {html.escape(v[1])}</p>')
        elif k == 'bold': out.append(f'<p><b>{html.escape(v)}</b></p>')
        elif k == 'italic': out.append(f'<p><i>{html.escape(v)}</i></p>')
        elif k == 'figure':
            cap, bold, centre, vals, above, big = v
            st = ('font-weight:bold;' if bold else 'font-style:italic;') + ('text-align:center;' if centre else '') + ('font-size:1.1em' if big else '')
            fc = f'<figcaption style="{st}">{html.escape(cap)}</figcaption>'
            out.append(f'<figure style="{"text-align:center" if centre else ""}">{fc if above else ""}{chart(vals)}{"" if above else fc}</figure>')
        elif k == 'captitle':
            label, name, where, big, vals = v
            t = f'<b style="{"font-size:1.15em" if big else ""}">{html.escape(name)}</b>'
            if where == 'beside': cap = f'<div style="display:flex;gap:1.5em;align-items:baseline"><span>{label}</span>{t}</div>'
            else: cap = f'<div style="{"text-align:center" if where == "centred" else ""}"><div>{label}</div>{t}</div>'
            out.append(f'<figure>{cap}{chart(vals)}</figure>')
        elif k == 'callout': out.append(f'<div class="callout">{html.escape(v)}</div>')
        elif k == 'white': out.append(f'<div class="white">{html.escape(v)}</div>')
        elif k == 'table':
            cols, rows = v
            out.append('<table><tr>' + ''.join(f'<th>{html.escape(c)}</th>' for c in cols) + '</tr>'
                       + ''.join('<tr>' + ''.join(f'<td>{x}</td>' for x in r) + '</tr>' for r in rows) + '</table>')
        else: out.append(f'<{k}>' + ''.join(f'<li>{html.escape(x)}</li>' for x in v) + f'</{k}>')
    return out

def blocks_md(body):
    out = []
    for k, v in body:
        if k == 'p': out += [v, '']
        elif k == 'label': out += [f'**{v[0]}.** {v[1]}', '']
        elif k == 'bold': out += [f'**{v}**', '']
        elif k == 'italic': out += [f'*{v}*', '']
        elif k == 'figure': out += [v[0], '']
        elif k == 'captitle': out += [v[0], '', v[1], '']
        elif k in ('callout', 'white'): out += [v, '']
        elif k == 'table':
            out += ['| ' + ' | '.join(v[0]) + ' |', '|' + '---|' * len(v[0])] + ['| ' + ' | '.join(r) + ' |' for r in v[1]] + ['']
        else: out += [(f'{i}. ' if k == 'ol' else '- ') + x for i, x in enumerate(v, 1)] + ['']
    return out

def render(rng, style):
    t, intro, secs, toc = doc(rng, style)
    font = rng.choice(['"Liberation Sans"', '"Liberation Serif"', '"DejaVu Sans"'])
    size = rng.choice([10, 10.5, 11, 12])
    css = (f'@page{{size:A4;margin:2cm}}body{{font-family:{font},sans-serif;font-size:{size}pt;line-height:1.35}}'
           'h1{font-size:1.8em}h2,h3{margin:1.1em 0 .4em}p{margin:0 0 .6em}'
           '.toc div{display:flex}.toc span.d{flex:1;border-bottom:1px dotted #000;margin:0 .3em .3em}' + STYLES[style])
    h = [f'<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head><body>',
         f'<h1>{html.escape(t)}</h1>']
    if style == 'running':
        # Page margin boxes: Chromium sets them on every page, outside the flow.
        q = lambda x: x.replace('"', '')
        h[0] = h[0].replace('</style>', f'@page{{@top-left{{content:"{q(title(rng))}";font-weight:bold;font-size:{size}pt}}'
                            f'@bottom-right{{content:"{q(title(rng))} | page " counter(page);font-size:{size - 1}pt}}}}</style>')
    md = [f'# {t}', '']
    if toc:
        h.append('<div class="toc"><p><b>Contents</b></p>')
        md += ['**Contents**', '']
        for i, (h2, _, _) in enumerate(secs):
            h.append(f'<div><span>{html.escape(h2)}</span><span class="d"></span><span>{i + 2}</span></div>')
            md += [f'{h2} {i + 2}', '']
        h.append('</div>')
    h.append(f'<main><p>{html.escape(intro)}</p>')
    md += [intro, '']
    for h2, body, subs in secs:
        h.append(f'<h2>{html.escape(h2)}</h2>')
        md += [f'## {h2}', '']
        h += blocks_html(body)
        md += blocks_md(body)
        for h3, b3 in subs:
            h.append(f'<h3>{html.escape(h3)}</h3>')
            md += [f'### {h3}', '']
            h += blocks_html(b3)
            md += blocks_md(b3)
    h.append('</main></body></html>')
    return '\n'.join(h), '\n'.join(md) + '\n'

chrome = os.environ.get('CHROME_PATH', '/usr/bin/chromium')
for d in ('html', 'pdfs', 'truth'): os.makedirs(f'{OUT}/{d}', exist_ok=True)
for style in STYLES:
    for i in range(6):
        stem = f'{style}-{i}'
        page, md = render(random.Random(f'{stem}'), style)
        open(f'{OUT}/html/{stem}.html', 'w').write(page)
        open(f'{OUT}/truth/{stem}.html.md', 'w').write(md)
        subprocess.run([chrome, '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer',
                        f'--print-to-pdf={OUT}/pdfs/{stem}.pdf', f'file://{os.path.abspath(OUT)}/html/{stem}.html'],
                       check=True, capture_output=True)
