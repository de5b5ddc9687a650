"""Sentences, titles and paragraphs for the heading sets (make-office-heading-set.py and
make-css-heading-set.py): the sentences of the first 200 WCXB dev truth files
(../shared/corpora/html), plain ASCII of 40 to 260 characters with no Markdown or HTML marks,
in file order, so that a seeded generator gives the same documents run after run.
"""
import ast, json, os, re

GT = os.path.join(os.path.dirname(__file__), '../../shared/corpora/html/wcxb-dev/ground-truth')


def load_sentences():
    sents = []
    for f in sorted(os.listdir(GT))[:200]:
        d = json.load(open(os.path.join(GT, f)))
        g = d['ground_truth']
        if isinstance(g, str):
            try: g = ast.literal_eval(g)
            except Exception: continue
        for s in re.split(r'(?<=[.!?])\s+', g.get('main_content', '')):
            s = ' '.join(s.split())
            if 40 < len(s) < 260 and s.isascii() and not re.search(r'[#*_|<>\[\]`]', s): sents.append(s)
    return sents


sents = load_sentences()


def title(rng):
    """Two to six words of a sentence, the first capitalised and about half the others."""
    w = [x for x in re.sub(r'[^A-Za-z ]', ' ', rng.choice(sents)).split() if len(x) > 2][: rng.randint(2, 6)]
    return ' '.join(x.capitalize() if i == 0 or rng.random() < 0.5 else x.lower() for i, x in enumerate(w)) or 'Overview'


def para(rng, n=None):
    return ' '.join(rng.choice(sents) for _ in range(n or rng.randint(2, 6)))
