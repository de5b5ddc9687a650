import type { XmlElement } from '@distill/core';
import { at, kid, kids, ln } from '../ooxml/xml.js';

/**
 * Office Math (OMML) to LaTeX: fractions, scripts, radicals, n-ary operators, delimiters,
 * functions, limits, accents, bars, group characters, equation arrays and matrices, with
 * Unicode symbols mapped to their LaTeX commands.
 */
const SYMBOLS: Record<string, string> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ϖ: '\\varpi',
  ρ: '\\rho',
  σ: '\\sigma',
  ς: '\\varsigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '×': '\\times',
  '÷': '\\div',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '±': '\\pm',
  '∓': '\\mp',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '≅': '\\cong',
  '∝': '\\propto',
  '∞': '\\infty',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '⊃': '\\supset',
  '⊇': '\\supseteq',
  '∩': '\\cap',
  '∪': '\\cup',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '→': '\\rightarrow',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '↦': '\\mapsto',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '′': "'",
  '″': "''",
  '−': '-',
  '–': '-',
  '∗': '*',
  '∘': '\\circ',
  '°': '^{\\circ}',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  ℏ: '\\hbar',
  ℓ: '\\ell',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '√': '\\surd',
};

const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '∯': '\\oiint',
  '∰': '\\oiiint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋀': '\\bigwedge',
  '⋁': '\\bigvee',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};

const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat',
  '\u0303': '\\tilde',
  '\u0304': '\\bar',
  '\u0305': '\\overline',
  '\u20D7': '\\vec',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u030C': '\\check',
  '\u0301': '\\acute',
  '\u0300': '\\grave',
  '\u0306': '\\breve',
};

const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'arcsin',
  'arccos',
  'arctan',
  'log',
  'ln',
  'lg',
  'exp',
  'lim',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'dim',
  'ker',
  'deg',
  'gcd',
  'arg',
  'Pr',
]);

const DELIMS: Record<string, string> = {
  '{': '\\{',
  '}': '\\}',
  '‖': '\\|',
  '|': '|',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '': '.',
};

function escapeText(s: string): string {
  let out = '';
  // Words separated by spaces (text inside an equation) keep their spaces as LaTeX spaces.
  const words = /\w \w/.test(s);
  for (const ch of s.replace(/[\u2061-\u2064\u200b]/g, '')) {
    if (ch === ' ' && words) {
      out += '\\ ';
      continue;
    }
    if (SYMBOLS[ch]) out += ` ${SYMBOLS[ch]} `;
    else if ('#$%&_{}'.includes(ch)) out += `\\${ch}`;
    else if (ch === '\\') out += '\\backslash ';
    else if (ch === '~') out += '\\sim ';
    else if (ch === '^') out += '\\hat{}';
    else out += ch;
  }
  return out;
}

const arg = (el: XmlElement | undefined): string => (el ? seq(el) : '');
const group = (s: string) => `{${s.trim()}}`;
/** A script base keeps braces only when it is more than one symbol. */
const base = (s: string) => {
  const t = s.trim();
  return /^([A-Za-z0-9]|\\[A-Za-z]+)$/.test(t) || /^\\left[\s\S]*\\right.$/.test(t)
    ? t
    : t.length === 0
      ? '{}'
      : t.length === 1
        ? t
        : `{${t}}`;
};

function prop(el: XmlElement, pr: string, name: string): string | undefined {
  return at(kid(kid(el, pr), name), 'val');
}

function runText(r: XmlElement): string {
  let s = '';
  for (const t of kids(r)) {
    const n = ln(t);
    if (n === 't') s += t.children.filter((c) => typeof c === 'string').join('');
  }
  const plain = kid(kid(r, 'rPr'), 'nor');
  if (plain) return `\\text{${s}}`;
  const name = s.replace(/[\u2061-\u2064\s]/g, '');
  if (FUNCTIONS.has(name)) return `\\${name} `;
  return escapeText(s);
}

function node(el: XmlElement): string {
  switch (ln(el)) {
    case 'r':
      return runText(el);
    case 'f': {
      const num = arg(kid(el, 'num'));
      const den = arg(kid(el, 'den'));
      const type = prop(el, 'fPr', 'type');
      if (type === 'lin') return `${num}/${den}`;
      if (type === 'noBar') return `\\genfrac{}{}{0pt}{}${group(num)}${group(den)}`;
      if (type === 'skw') return `{}^{${num.trim()}}/_{${den.trim()}}`;
      return `\\frac${group(num)}${group(den)}`;
    }
    case 'sSup':
      return `${base(arg(kid(el, 'e')))}^${group(arg(kid(el, 'sup')))}`;
    case 'sSub':
      return `${base(arg(kid(el, 'e')))}_${group(arg(kid(el, 'sub')))}`;
    case 'sSubSup':
      return `${base(arg(kid(el, 'e')))}_${group(arg(kid(el, 'sub')))}^${group(arg(kid(el, 'sup')))}`;
    case 'sPre':
      return `{}_${group(arg(kid(el, 'sub')))}^${group(arg(kid(el, 'sup')))}${base(arg(kid(el, 'e')))}`;
    case 'rad': {
      const deg = arg(kid(el, 'deg')).trim();
      const hide = prop(el, 'radPr', 'degHide');
      return deg && hide !== '1' && hide !== 'on'
        ? `\\sqrt[${deg}]${group(arg(kid(el, 'e')))}`
        : `\\sqrt${group(arg(kid(el, 'e')))}`;
    }
    case 'nary': {
      const chr = prop(el, 'naryPr', 'chr') ?? '∫';
      const op = NARY[chr] ?? escapeText(chr);
      const sub = arg(kid(el, 'sub')).trim();
      const sup = arg(kid(el, 'sup')).trim();
      const body = arg(kid(el, 'e'));
      const scripts = `${sub ? `_${group(sub)}` : ''}${sup ? `^${group(sup)}` : ''}`;
      return `${op}${scripts}${!scripts && /^[A-Za-z]/.test(body) ? ' ' : ''}${body}`;
    }
    case 'd': {
      const pr = kid(el, 'dPr');
      const beg = at(kid(pr, 'begChr'), 'val') ?? '(';
      const end = at(kid(pr, 'endChr'), 'val') ?? ')';
      const sep = at(kid(pr, 'sepChr'), 'val') ?? '|';
      const inner = kids(el, 'e')
        .map((e) => seq(e))
        .join(sep === '|' ? '|' : (DELIMS[sep] ?? sep));
      return `\\left${DELIMS[beg] ?? beg}${inner}\\right${DELIMS[end] ?? end}`;
    }
    case 'func': {
      const name = arg(kid(el, 'fName')).trim();
      return `${name}${name.startsWith('\\') && /[a-z]$/i.test(name) ? ' ' : ''}${arg(kid(el, 'e'))}`;
    }
    case 'limLow': {
      const e = arg(kid(el, 'e')).trim();
      const lim = arg(kid(el, 'lim')).trim();
      if (/^\\(lim|max|min|sup|inf)$/.test(e) || FUNCTIONS.has(e)) return `${e}_${group(lim)}`;
      if (/^[A-Za-z]{2,}$/.test(e)) return `\\operatorname{${e}}_${group(lim)}`;
      return `\\underset${group(lim)}${group(e)}`;
    }
    case 'limUpp':
      return `\\overset${group(arg(kid(el, 'lim')))}${group(arg(kid(el, 'e')))}`;
    case 'acc': {
      const chr = prop(el, 'accPr', 'chr') ?? '\u0302';
      return `${ACCENTS[chr] ?? '\\hat'}${group(arg(kid(el, 'e')))}`;
    }
    case 'bar':
      return `${prop(el, 'barPr', 'pos') === 'top' ? '\\overline' : '\\underline'}${group(arg(kid(el, 'e')))}`;
    case 'groupChr': {
      const chr = prop(el, 'groupChrPr', 'chr') ?? '⏟';
      const pos = prop(el, 'groupChrPr', 'pos') ?? (chr === '⏞' ? 'top' : 'bot');
      const cmd =
        chr === '⏞' || chr === '︷'
          ? '\\overbrace'
          : chr === '⏟' || chr === '︸'
            ? '\\underbrace'
            : pos === 'top'
              ? '\\overset'
              : '\\underset';
      if (cmd === '\\overset' || cmd === '\\underset')
        return `${cmd}{${escapeText(chr).trim()}}${group(arg(kid(el, 'e')))}`;
      return `${cmd}${group(arg(kid(el, 'e')))}`;
    }
    case 'eqArr':
      if (kids(el, 'e').length === 1) return seq(kids(el, 'e')[0]);
      return `\\begin{array}{l}${kids(el, 'e')
        .map((e) => seq(e).trim())
        .join(' \\\\ ')}\\end{array}`;
    case 'm':
      return `\\begin{matrix}${kids(el, 'mr')
        .map((row) =>
          kids(row, 'e')
            .map((e) => seq(e).trim())
            .join(' & '),
        )
        .join(' \\\\ ')}\\end{matrix}`;
    case 'box':
    case 'borderBox':
    case 'phant':
    case 'e':
      return arg(kid(el, 'e') ?? el);
    case 'oMath':
      return seq(el);
    default:
      return '';
  }
}

function seq(el: XmlElement): string {
  let out = '';
  for (const c of kids(el)) {
    const n = ln(c);
    if (n.endsWith('Pr')) continue;
    if (n === 'e' || n === 'oMath') {
      out += seq(c);
      continue;
    }
    const s = node(c);
    // Keep a command word apart from following letters (\pi r, not \pir).
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(s)) out += ' ';
    out += s;
  }
  return out;
}

/** One m:oMath element as LaTeX. */
export function ommlToLatex(oMath: XmlElement): string {
  try {
    return seq(oMath).replace(/\s+/g, ' ').trim();
  } catch {
    // Absurdly deep nesting exhausts the stack; the equation is lost, not the document.
    return '';
  }
}
