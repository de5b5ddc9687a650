/**
 * A check of main-content extraction that no dev set can fit: news and blog article pages written
 * at run time from a seeded generator, the article known. The truth is the article's H1 title, its
 * standfirst, body paragraphs, subheadings, lists, a quote and a figure caption; everything else
 * on the page is chrome. Each page is built around one class of chrome that issue 21's unseen
 * articles lose on, beside the common header, nav and footer:
 *   plain          only the common chrome and a byline with a date
 * On every class the byline stands above the body, or on some pages (DATELINE_INSIDE) as a
 * paragraph after the body's first, where a long standfirst and the text hold it between them.
 *   comments-short a thread of a few comments after the article
 *   comments-long  a thread with more words than the article (the article kept short)
 *   related        a "you may also like" grid of teaser cards (title, teaser, date) after the body
 *   related-big    the same grid grown past the post: a short post (three to five paragraphs)
 *                  and ten to eighteen cards, each with a teaser of two or three sentences
 *   inline-boxes   boxes set between the body's paragraphs: a list of two to four links to other
 *                  stories (under a short label, or none), a newsletter sign-up (a sentence and
 *                  a form), a share bar whose links say what they do
 *   most-read      a sidebar of numbered most-read links and a tag list
 *   widgets        share buttons, a newsletter box, a cookie banner and an author box
 *   forum          no article: a forum thread whose opening post stands above the list of
 *                  replies, every post drawn alike (signature line, reply link); all posts are
 *                  the content
 *   teasers        lines pointing to other stories between the body's paragraphs, each a short
 *                  label and one headline link set in bold or italics from end to end
 *   author-bio     the writer's box after the body, no heading naming it: a photo and the name
 *                  linked to the author's page, a third-person bio, on some pages social links
 *   forum-cards    the forum thread with each poster's profile card beside the post (join date,
 *                  message count, location as label/value pairs: one `dl` a pair, one `dl` for
 *                  all, or terms that are only an icon with a tooltip); the cards are chrome
 *   edges          chrome inside the article's wrapper at its start and end: a breadcrumb and a
 *                  section kicker above the title, a box of reading time and share links beside
 *                  the byline, and after the body a picture credit, a list of other stories under
 *                  a label no word list holds, and a tag line
 *   forum-quotes   the forum thread where replies quote a post, the quote ending in the expander
 *                  a forum script draws (a link with role=button and no address, "Click to
 *                  expand..."); the quoted words are content, the expander is not
 *   forum-chrome   the forum thread, declared (JSON-LD or microdata), with the lines the engine
 *                  draws around every post: the poster's rank (one of two or three per thread),
 *                  the post's number as its permalink ("#7"), a bar of quote and reply links and
 *                  a reaction count; the ranks, numbers, bar and counts are chrome
 *   shop-buttons   a shopping guide's buy buttons between the body's paragraphs: a line of one
 *                  or two links, each only a price and a shop ("$75 at Amazon", "79,99 € bei
 *                  Otto"), bare or in a box of its own; the buttons are chrome
 *   link-boxes     boxes set between the body's paragraphs (or after its last) that end in a
 *                  link to another page: a sentence pointing to another story, ending in its
 *                  headline's link; a call to subscribe ending in its button; an app's box
 *                  ending in its two store buttons; the boxes are chrome
 *   teaser-heads   other stories after the body set as headings of a level the story does not
 *                  use, no list and no card box: each title a link with a line or two of excerpt
 *                  and perhaps a picture, or a bare title with only its picture, under a label
 *                  heading or none; the titles and excerpts are chrome
 *   icon-bars      a share bar and a follow bar set between the body's paragraphs or after its
 *                  last: a short label ("Artikel teilen", "Síguenos") over two to five links that
 *                  show only an icon (an svg, an empty `i`, an `img` without alt text), each to
 *                  another network (share intents, profile pages, WhatsApp, mail); the labels are
 *                  chrome
 *   related-inline a "you may also like" box (its heading, two to four other stories' linked
 *                  titles with their pictures) set inside a long story past three quarters of its
 *                  paragraphs, the story going on under it; the box is chrome, the rest of the
 *                  story content
 *   teaser-items   the teasers' lines each set as a list of that one item, the label plain
 *                  ("- See also: [Other story](…)")
 *   teaser-tail    a brief story (nine to fourteen paragraphs, two in three of one sentence: too
 *                  few long ones for the prose gate of refine.ts) closed by other stories'
 *                  headlines: a short label or none, then two to five paragraphs each only a
 *                  headline link, perhaps over a thumbnail; the label and headlines are chrome
 *   field-labels   fields set between the body's paragraphs or after its last, outside any form:
 *                  a sort menu under its label ("Sorted by:", the label naming the menu by id),
 *                  an e-mail box whose label holds the input, a converter's "From:"/"To:" labels
 *                  in one table cell and their inputs in the next; the labels are chrome. On half
 *                  the pages a checklist (each item a checkbox and its label) is in the body, its
 *                  labels content
 *   nested-head    the title, byline and standfirst in a header block apart from the body: the
 *                  header beside the wrappers around the body, the standfirst beside the body in
 *                  a wrapper the title stands outside, or the title alone in its header and the
 *                  standfirst after an empty ad slot; the standfirst is content
 * Across pages the markup varies: semantic elements (article, aside, nav, section) or only divs;
 * class names meaningful in English, in German or French, hashed (css-1x2ab) or absent; JSON-LD
 * with articleBody on some pages; the related grid and the comments inside the article's wrapper
 * on some, after it on others. Body text is drawn from word lists in six languages. Scores are
 * the word-shingle P/R/F1 of html-shingle-articles (shingles.ts), per class, markup and language,
 * distill in process beside readability+turndown and defuddle through the page pool.
 *   pnpm bench dev html-synth [--seed N] [--pages-per-class N] [--keep DIR] [--no-peers] [--worst N]
 *     [--rules-off a,b]   (main-content rules turned off by name, rule-switch.ts: a before/after)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toMarkdown } from '@distill/core';
import { MONTHS } from '@distill/office';
import { markdownToText } from '@distill/scorers/wcxb';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import type { InputFile } from '../inputs.js';
import { convertPages } from '../page-pool.js';
import { mulberry32, seedOf } from '../seeded.js';
import { type Counts, precision, recall, shingleCounts, summary } from '../shingles.js';
import { Pick } from '../synth/text.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SEED = seedOf(opt('--seed'));
const PER_CLASS = Number(opt('--pages-per-class') ?? 16);
const KEEP = opt('--keep');
const PEERS = !args.includes('--no-peers');
const WORST = Number(opt('--worst') ?? 0);
const off = opt('--rules-off');
if (off) (globalThis as { __distillRulesOff?: Set<string> }).__distillRulesOff = new Set(off.split(','));

// ---------- words ----------

type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'ru';
const LANGS: Lang[] = ['en', 'de', 'fr', 'es', 'it', 'ru'];

const WORDS: Record<Lang, string[]> = {
  en: 'the council said that a plan for new homes near the river would cost more than expected and that residents had been asked to respond before the end of the month while officials from the region argued the budget could still be met if work began in spring with support from local firms and a grant from the national fund for housing transport and schools'.split(
    ' ',
  ),
  de: 'der rat sagte dass ein plan für neue wohnungen am fluss mehr kosten werde als erwartet und die bewohner bis ende des monats antworten sollten während beamte aus der region meinten das budget sei noch zu halten wenn die arbeiten im frühjahr beginnen mit hilfe örtlicher firmen und einem zuschuss des bundes für wohnen verkehr und schulen'.split(
    ' ',
  ),
  fr: 'le conseil a déclaré qu un projet de nouveaux logements près du fleuve coûterait plus que prévu et que les habitants devaient répondre avant la fin du mois tandis que des responsables de la région estimaient que le budget pourrait être tenu si les travaux commençaient au printemps avec l aide des entreprises locales et une subvention de l état pour le logement les transports et les écoles'.split(
    ' ',
  ),
  es: 'el consejo dijo que un plan de nuevas viviendas junto al río costaría más de lo previsto y que los vecinos debían responder antes de fin de mes mientras los responsables de la región sostenían que el presupuesto aún podía cumplirse si las obras empezaban en primavera con apoyo de empresas locales y una ayuda del fondo nacional para vivienda transporte y escuelas'.split(
    ' ',
  ),
  it: 'il consiglio ha detto che un piano per nuove case vicino al fiume costerebbe più del previsto e che i residenti dovevano rispondere entro la fine del mese mentre i funzionari della regione sostenevano che il bilancio poteva essere rispettato se i lavori iniziavano in primavera con il sostegno di imprese locali e un contributo del fondo nazionale per casa trasporti e scuole'.split(
    ' ',
  ),
  ru: 'совет заявил что план строительства новых домов у реки обойдется дороже чем ожидалось и жителей попросили ответить до конца месяца тогда как чиновники региона считают что бюджет еще можно соблюсти если работы начнутся весной при поддержке местных фирм и гранта национального фонда для жилья транспорта и школ'.split(
    ' ',
  ),
};

/** Chrome wording per language: headings and labels a page in that language would carry. */
const LABELS: Record<Lang, Record<string, string>> = {
  en: {
    ago: 'hours ago',
    send: 'Post comment',
    related: 'You may also like',
    mostRead: 'Most read',
    comments: 'Comments',
    reply: 'Reply',
    share: 'Share this article',
    news: 'Sign up for our newsletter',
    subscribe: 'Subscribe',
    cookie: 'We use cookies to improve your experience. By continuing you accept our cookie policy.',
    accept: 'Accept',
    tags: 'Tags',
    by: 'By',
    about: 'About the author',
    read: 'Read more',
  },
  de: {
    ago: 'Stunden',
    send: 'Kommentar senden',
    related: 'Das könnte Sie auch interessieren',
    mostRead: 'Meistgelesen',
    comments: 'Kommentare',
    reply: 'Antworten',
    share: 'Artikel teilen',
    news: 'Newsletter abonnieren',
    subscribe: 'Abonnieren',
    cookie: 'Wir verwenden Cookies, um Ihr Erlebnis zu verbessern. Mit der Nutzung stimmen Sie zu.',
    accept: 'Akzeptieren',
    tags: 'Schlagworte',
    by: 'Von',
    about: 'Über den Autor',
    read: 'Weiterlesen',
  },
  fr: {
    ago: 'heures',
    send: 'Envoyer',
    related: 'À lire aussi',
    mostRead: 'Les plus lus',
    comments: 'Commentaires',
    reply: 'Répondre',
    share: 'Partager cet article',
    news: 'Inscrivez-vous à notre newsletter',
    subscribe: 'S’abonner',
    cookie: 'Nous utilisons des cookies pour améliorer votre expérience. En continuant vous acceptez.',
    accept: 'Accepter',
    tags: 'Mots-clés',
    by: 'Par',
    about: 'À propos de l’auteur',
    read: 'Lire la suite',
  },
  es: {
    ago: 'horas',
    send: 'Enviar',
    related: 'También te puede interesar',
    mostRead: 'Lo más leído',
    comments: 'Comentarios',
    reply: 'Responder',
    share: 'Compartir este artículo',
    news: 'Suscríbete a nuestro boletín',
    subscribe: 'Suscribirse',
    cookie: 'Usamos cookies para mejorar tu experiencia. Al continuar aceptas nuestra política.',
    accept: 'Aceptar',
    tags: 'Etiquetas',
    by: 'Por',
    about: 'Sobre el autor',
    read: 'Leer más',
  },
  it: {
    ago: 'ore fa',
    send: 'Invia',
    related: 'Potrebbe interessarti anche',
    mostRead: 'I più letti',
    comments: 'Commenti',
    reply: 'Rispondi',
    share: 'Condividi questo articolo',
    news: 'Iscriviti alla newsletter',
    subscribe: 'Iscriviti',
    cookie: 'Usiamo i cookie per migliorare la tua esperienza. Continuando accetti la nostra politica.',
    accept: 'Accetta',
    tags: 'Tag',
    by: 'Di',
    about: 'L’autore',
    read: 'Leggi di più',
  },
  ru: {
    ago: 'часов назад',
    send: 'Отправить',
    related: 'Вам также может понравиться',
    mostRead: 'Самое читаемое',
    comments: 'Комментарии',
    reply: 'Ответить',
    share: 'Поделиться статьей',
    news: 'Подпишитесь на рассылку',
    subscribe: 'Подписаться',
    cookie: 'Мы используем файлы cookie, чтобы улучшить работу сайта. Продолжая, вы соглашаетесь.',
    accept: 'Принять',
    tags: 'Теги',
    by: 'Автор',
    about: 'Об авторе',
    read: 'Читать далее',
  },
};

const NAMES = [
  'Anna Weber',
  'Marc Dupont',
  'Lucía Gómez',
  'Paolo Rossi',
  'Ivan Petrov',
  'Sarah Jones',
  'Tom Becker',
  'Claire Martin',
  'jdoe42',
  'river_fan',
  'M. Okafor',
  'Kenji Sato',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sentence(p: Pick, lang: Lang, lo = 7, hi = 22): string {
  const w = WORDS[lang];
  const n = p.int(lo, hi);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(p.one(w));
  if (p.chance(0.25)) out.splice(p.int(1, n - 1), 0, `${p.int(2, 980)}`);
  const s = out.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}${p.one(['.', '.', '.', '?', '!'])}`;
}
const sentences = (p: Pick, lang: Lang, lo: number, hi: number) =>
  Array.from({ length: p.int(lo, hi) }, () => sentence(p, lang)).join(' ');
const title = (p: Pick, lang: Lang, lo = 4, hi = 10) => sentence(p, lang, lo, hi).replace(/[.?!]$/, '');
const date = (p: Pick) => `${p.int(1, 28)} ${p.one(MONTHS)} ${p.int(2015, 2025)}`;

// ---------- markup styles ----------

type Naming = 'english' | 'foreign' | 'hashed' | 'none';
interface Style {
  semantic: boolean;
  naming: Naming;
  jsonLd: boolean;
  /** The related grid and comments sit inside the article's wrapper rather than after it. */
  nested: boolean;
}

const FOREIGN: Record<string, string> = {
  article: 'artikel-inhalt',
  body: 'texte-corps',
  header: 'kopfbereich',
  nav: 'navigation-haupt',
  footer: 'pied-de-page',
  byline: 'auteur-zeile',
  related: 'weitere-artikel',
  topic: 'sujet',
  post: 'beitrag',
  posts: 'antworten',
  card: 'karte',
  comments: 'kommentare',
  comment: 'kommentar',
  sidebar: 'seitenleiste',
  share: 'partager',
  newsletter: 'lettre-info',
  cookie: 'hinweis-cookies',
  tags: 'schlagworte',
  author: 'autorenbox',
  title: 'titre',
  lead: 'chapeau',
};

class Markup {
  private hashes = new Map<string, string>();
  constructor(
    private p: Pick,
    readonly s: Style,
  ) {}
  cls(role: string): string {
    switch (this.s.naming) {
      case 'none':
        return '';
      case 'english':
        return ` class="${role}"`;
      case 'foreign':
        return ` class="${FOREIGN[role] ?? role}"`;
      case 'hashed': {
        let h = this.hashes.get(role);
        if (!h) {
          h = `css-${Math.floor(this.p.int(0, 36 ** 5 - 1)).toString(36)}`;
          this.hashes.set(role, h);
        }
        return ` class="${h} ${h}-${this.p.int(1, 9)}"`;
      }
    }
  }
  /** A semantic element when the style has them, else a div. */
  el(tag: string, role: string, inner: string): string {
    const t = this.s.semantic ? tag : 'div';
    return `<${t}${this.cls(role)}>${inner}</${t}>`;
  }
}

// ---------- page parts ----------

interface Article {
  html: string;
  truth: string[];
  words: number;
  title: string;
  body: string[];
}

function article(p: Pick, lang: Lang, m: Markup, short: boolean, brief = false, nestedHead = false): Article {
  const truth: string[] = [];
  const body: string[] = [];
  const parts: string[] = [];
  const h1 = title(p, lang);
  truth.push(h1);
  const head = [`<h1${m.cls('title')}>${esc(h1)}</h1>`];
  if (nestedHead || p.chance(0.6)) {
    const lead = sentences(p, lang, 1, 2);
    truth.push(lead);
    head.push(`<p${m.cls('lead')}>${esc(lead)}</p>`);
  }
  const nPara = short ? p.int(3, 5) : brief ? p.int(9, 14) : p.int(6, 16);
  const figureAt = p.chance(0.5) ? p.int(0, nPara - 1) : -1;
  const quoteAt = p.chance(0.4) ? p.int(1, nPara - 1) : -1;
  const listAt = p.chance(0.35) ? p.int(1, nPara - 1) : -1;
  for (let i = 0; i < nPara; i++) {
    if (!short && i > 2 && p.chance(0.18)) {
      const h = title(p, lang, 3, 7);
      truth.push(h);
      body.push(h);
      parts.push(`<h2>${esc(h)}</h2>`);
    }
    // Paragraph lengths vary from a line to a long block, as in news copy; a brief story (a
    // wire report, a quote-led piece) is told mostly in paragraphs of one sentence.
    const t = brief
      ? p.chance(0.35)
        ? sentences(p, lang, 2, 3)
        : sentence(p, lang, 10, 20)
      : p.chance(0.2)
        ? sentence(p, lang, 8, 16)
        : sentences(p, lang, 2, 6);
    truth.push(t);
    body.push(t);
    parts.push(`<p>${esc(t)}</p>`);
    if (i === 0) parts.push('§DATELINE§');
    if (i === figureAt) {
      const cap = sentence(p, lang, 6, 14);
      truth.push(cap);
      parts.push(
        `<figure><img src="/img/${p.int(100, 999)}.jpg" alt=""><figcaption>${esc(cap)}</figcaption></figure>`,
      );
    }
    if (i === quoteAt) {
      const q = sentence(p, lang, 10, 20);
      truth.push(q);
      body.push(q);
      parts.push(`<blockquote><p>${esc(q)}</p></blockquote>`);
    }
    if (i === listAt) {
      const items = Array.from({ length: p.int(3, 5) }, () => sentence(p, lang, 5, 12));
      truth.push(...items);
      body.push(...items);
      parts.push(`<ul>${items.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`);
    }
  }
  const text = `<div${m.cls('body')}>${parts.join('\n')}</div>`;
  return {
    html: nestedHead ? headApart(p, m, head[0], head[1], text) : `${head.join('')}§BYLINE§${text}`,
    truth,
    words: truth.join(' ').split(/\s+/).length,
    title: h1,
    body,
  };
}

/**
 * The nested-head class: the title, byline and standfirst in a header block some levels away
 * from the body, as CMS templates set them: the header a sibling of the wrappers around the
 * body, the standfirst beside the body inside a wrapper the title stands outside, or the title
 * alone in its header with the standfirst after an empty ad slot, the body one wrapper further.
 */
function headApart(p: Pick, m: Markup, h1: string, lead: string, text: string): string {
  const box = `<div${m.cls('lead')}>${lead.replace(/^<p[^>]*>/, '<p>')}</div>`;
  switch (p.int(0, 2)) {
    case 0:
      return `${m.el('header', 'head', `${h1}§BYLINE§${box}`)}<div${m.cls('wrap')}><div${m.cls('post')}>${text}</div></div>`;
    case 1:
      return `${h1}§BYLINE§<div${m.cls('wrap')}>${box}${text}</div>`;
    default:
      return `<div${m.cls('head')}><div>${h1}</div>§BYLINE§</div><div${m.cls('wrap')}><div${m.cls('ad')}></div>${box}<div${m.cls('post')}>${text}</div></div>`;
  }
}

function header(p: Pick, lang: Lang, m: Markup): string {
  const links = Array.from(
    { length: p.int(5, 9) },
    () => `<li><a href="/s/${p.int(1, 99)}">${esc(title(p, lang, 1, 2))}</a></li>`,
  );
  return m.el(
    'header',
    'header',
    `<a href="/"${m.cls('logo')}>Daily ${p.int(1, 99)}</a>${m.el('nav', 'nav', `<ul>${links.join('')}</ul>`)}`,
  );
}

function footer(p: Pick, lang: Lang, m: Markup): string {
  const cols = Array.from(
    { length: p.int(2, 4) },
    () =>
      `<div><h4>${esc(title(p, lang, 1, 2))}</h4><ul>${Array.from({ length: p.int(3, 6) }, () => `<li><a href="/f/${p.int(1, 99)}">${esc(title(p, lang, 1, 3))}</a></li>`).join('')}</ul></div>`,
  );
  return m.el(
    'footer',
    'footer',
    `${cols.join('')}<p>© ${p.int(2000, 2025)} ${esc(title(p, lang, 2, 4))}</p>`,
  );
}

/** Share of pages whose byline is a paragraph inside the story, after its first paragraph. */
const DATELINE_INSIDE = 0.3;

function byline(p: Pick, lang: Lang, m: Markup): string {
  const d = m.s.semantic ? `<time datetime="2024-01-01">${date(p)}</time>` : `<span>${date(p)}</span>`;
  return `<div${m.cls('byline')}>${LABELS[lang].by} <a href="/author/${p.int(1, 99)}">${p.one(NAMES)}</a> · ${d}</div>`;
}

/** How a comment says when it was written: a date in words, in digits with a time, or relative. */
function commentDate(p: Pick, lang: Lang): string {
  switch (p.int(0, 3)) {
    case 0:
      return date(p);
    case 1:
      return `${p.int(1, 28)}.${String(p.int(1, 12)).padStart(2, '0')}.${p.int(2015, 2025)} ${p.int(0, 23)}:${String(p.int(0, 59)).padStart(2, '0')}`;
    case 2:
      return `${p.one(MONTHS)} ${p.int(1, 28)}, ${p.int(2015, 2025)} at ${p.int(1, 12)}:${String(p.int(0, 59)).padStart(2, '0')} pm`;
    default:
      return `${p.int(2, 11)} ${LABELS[lang].ago}`;
  }
}

/**
 * One thread's item template, as a comment plugin or a forum engine draws every item alike: the
 * signature's markup, the item's tag, whether a like counter sits beside the reply link. `one`
 * writes an item (and perhaps nested replies) and hands its text to `said`.
 */
function threadItems(
  p: Pick,
  lang: Lang,
  m: Markup,
  role: string,
  said: (t: string) => void,
  cards = false,
  quotes = false,
  chrome = false,
) {
  const L = LABELS[lang];
  const sig = p.int(0, 2);
  // Drawn only on a thread with chrome, so the other classes' pages stay as they were.
  const firstRank = chrome ? p.int(0, RANKS[lang].length - 1) : 0;
  const ranks = chrome
    ? Array.from({ length: p.int(2, 3) }, (_, i) => RANKS[lang][(firstRank + i) % RANKS[lang].length])
    : [];
  let number = 0;
  // Drawn only on a thread with cards, so the other classes' pages stay as they were.
  const cardShape = cards ? p.int(0, 2) : -1;
  const itemTag = p.one(['li', 'div', 'article'] as const);
  const likes = p.chance(0.4);
  const listTag = itemTag === 'li' ? p.one(['ol', 'ul']) : 'div';
  const one = (depth: number, lo = 1, hi = 4): string => {
    // Drawn only on a thread with quotes, so the other classes' pages stay as they were; the
    // quote stands above the reply, so its words go to the truth first.
    const quote = quotes && depth >= 0 && p.chance(0.6) ? quoted(p, lang, m, said) : '';
    const t = sentences(p, lang, lo, hi);
    said(t);
    const kids = depth >= 0 && depth < 2 && p.chance(0.25) ? one(depth + 1) : '';
    const who = p.one(NAMES);
    const when = commentDate(p, lang);
    const head =
      sig === 0
        ? `<div><b>${who}</b> <span>${when}</span></div>`
        : sig === 1
          ? `<div><img src="/av/${p.int(1, 99)}.png" alt=""><strong>${who}</strong></div><div>${when}</div>`
          : `<p><a href="/u/${p.int(1, 999)}">${who}</a> · <a href="#c${p.int(1, 9999)}">${when}</a></p>`;
    const card = cards ? profileCard(p, lang, m, cardShape) : '';
    const foot = `<div><a href="#r${p.int(1, 999)}">${L.reply}</a>${likes ? ` <button>${p.int(0, 40)}</button>` : ''}</div>`;
    // The engine's lines around the post: rank and permalink above it, a bar and a count below.
    const rank = chrome
      ? `<div${m.cls('rank')}>${p.one(ranks)}</div><a href="#post-${p.int(1000, 99999)}">#${++number}</a>`
      : '';
    const bar = chrome
      ? `<ul${m.cls('actions')}><li><a href="#q">${QUOTE[lang]}</a></li><li><a href="#r">${L.reply}</a></li></ul><div${m.cls('reactions')}>${p.int(1, 60)}</div>`
      : '';
    const tag = itemTag === 'article' && !m.s.semantic ? 'div' : itemTag;
    // A list item's tag follows its list's: the first post of a forum stands alone in a div.
    const own = depth < 0 && tag === 'li' ? 'div' : tag;
    return `<${own}${m.cls(role)}>${head}${rank}${card}${quote}<p>${esc(t)}</p>${bar}${foot}${kids ? `<${listTag}>${kids}</${listTag}>` : ''}</${own}>`;
  };
  return { one, listTag };
}

/** Posters' ranks per language, as forum engines label them by post count or role. */
const RANKS: Record<Lang, string[]> = {
  en: ['Member', 'Senior Member', 'Moderator', 'New member', 'Well-known member'],
  de: ['Mitglied', 'Erfahrenes Mitglied', 'Moderator', 'Neues Mitglied', 'Stammgast'],
  fr: ['Membre', 'Membre confirmé', 'Modérateur', 'Nouveau membre', 'Habitué'],
  es: ['Miembro', 'Miembro veterano', 'Moderador', 'Nuevo miembro', 'Habitual'],
  it: ['Membro', 'Membro esperto', 'Moderatore', 'Nuovo utente', 'Utente assiduo'],
  ru: ['Участник', 'Опытный участник', 'Модератор', 'Новичок', 'Завсегдатай'],
};

/** The quote link of a post's bar per language. */
const QUOTE: Record<Lang, string> = {
  en: 'Quote',
  de: 'Zitieren',
  fr: 'Citer',
  es: 'Citar',
  it: 'Cita',
  ru: 'Цитировать',
};

/** The label of a quote's expander per language, as forum engines ship it. */
const EXPAND: Record<Lang, string> = {
  en: 'Click to expand...',
  de: 'Zum Vergrößern anklicken....',
  fr: 'Cliquez pour agrandir...',
  es: 'Haz clic para expandir...',
  it: 'Clicca per espandere...',
  ru: 'Нажмите для раскрытия...',
};

/**
 * A quote of another post, as XenForo draws one: the quoted words, then the expander its script
 * wires up, a link with role=button and no address. The quoted words go to the truth.
 */
function quoted(p: Pick, lang: Lang, m: Markup, said: (t: string) => void): string {
  const q = sentences(p, lang, 1, 3);
  said(q);
  return `<blockquote${m.cls('quote')}><div>${esc(q)}</div><div><a role="button" tabindex="0">${EXPAND[lang]}</a></div></blockquote>`;
}

/** A profile card's labels per language: when the poster joined, their posts, where they live. */
const CARD_LABELS: Record<Lang, [string, string, string]> = {
  en: ['Joined', 'Messages', 'Location'],
  de: ['Registriert', 'Beiträge', 'Wohnort'],
  fr: ['Inscrit le', 'Messages', 'Localisation'],
  es: ['Registrado', 'Mensajes', 'Ubicación'],
  it: ['Iscritto dal', 'Messaggi', 'Località'],
  ru: ['Регистрация', 'Сообщения', 'Откуда'],
};

/**
 * A poster's profile card, as forum engines draw one beside every post: a pair a `dl`
 * (XenForo), one `dl` of all pairs, or terms that are only an icon whose tooltip names them.
 */
function profileCard(p: Pick, lang: Lang, m: Markup, shape: number): string {
  const labels = CARD_LABELS[lang];
  const values = [date(p), `${p.int(1, 9999)}`, esc(title(p, lang, 1, 2))];
  const term = (l: string) => (shape === 2 ? `<dt><span title="${l}"><i></i></span></dt>` : `<dt>${l}</dt>`);
  const pairs = labels.map((l, i) => `${term(l)}<dd>${values[i]}</dd>`);
  const inner = shape === 1 ? `<dl>${pairs.join('')}</dl>` : pairs.map((x) => `<dl>${x}</dl>`).join('');
  return `<div${m.cls('extras')}>${inner}</div>`;
}

function comments(p: Pick, lang: Lang, m: Markup, minWords: number): string {
  const L = LABELS[lang];
  const items: string[] = [];
  let words = 0;
  const t = threadItems(p, lang, m, 'comment', (x) => {
    words += x.split(' ').length;
  });
  while (words < minWords || items.length < 2) items.push(t.one(0));
  return m.el(
    'section',
    'comments',
    `<h3>${items.length} ${L.comments}</h3><${t.listTag}>${items.join('')}</${t.listTag}><form><textarea></textarea><button>${L.send}</button></form>`,
  );
}

/**
 * A forum thread: the topic's title, its opening post standing apart above the list of replies
 * (all drawn with the one item template), a reply form. Every post is the page's content.
 */
function forum(
  p: Pick,
  lang: Lang,
  m: Markup,
  cards = false,
  quotes = false,
  chrome = false,
): { html: string; truth: string[]; title: string } {
  const L = LABELS[lang];
  const head = title(p, lang);
  const truth = [head];
  const t = threadItems(p, lang, m, 'post', (x) => truth.push(x), cards, quotes, chrome);
  const first = t.one(-1, 3, 8);
  const replies = Array.from({ length: p.int(2, 9) }, () => t.one(0));
  const html =
    m.el('article', 'topic', `<h1${m.cls('title')}>${esc(head)}</h1>${first}`) +
    m.el(
      'section',
      'posts',
      `<h3>${replies.length} ${L.comments}</h3><${t.listTag}>${replies.join('')}</${t.listTag}><form><textarea></textarea><button>${L.send}</button></form>`,
    );
  return { html, truth, title: head };
}

/**
 * A "you may also like" grid: like cards, each another page's headline with an image, a teaser
 * and a date. One card template per grid: an image link above a linked heading (the common
 * one), the whole card one link, or a linked title in a plain div (no heading element). A big
 * grid has more cards, each with a longer teaser, than a short post has words.
 */
function related(p: Pick, lang: Lang, m: Markup, big = false): string {
  const shape = p.int(0, 2);
  const card = () => {
    const img = `<img src="/t/${p.int(1, 999)}.jpg" alt="">`;
    const head = esc(title(p, lang));
    const teaser = big
      ? `<p>${esc(sentences(p, lang, 2, 3))}</p>`
      : p.chance(0.7)
        ? `<p>${esc(sentences(p, lang, 1, 2))}</p>`
        : '';
    const when = `<span>${date(p)}</span>`;
    const href = `/a/${p.int(1000, 9999)}`;
    const inner =
      shape === 0
        ? `<a href="${href}">${img}</a><h3><a href="${href}">${head}</a></h3>${teaser}${when}`
        : shape === 1
          ? `<a href="${href}">${img}<h3>${head}</h3>${teaser}</a>${when}`
          : `<div><a href="${href}">${img}</a></div><div><a href="${href}">${head}</a></div>${teaser}${when}`;
    return m.el('article', 'card', inner);
  };
  const cards = Array.from({ length: big ? p.int(10, 18) : p.int(3, 8) }, card);
  return m.el('section', 'related', `<h2>${LABELS[lang].related}</h2><div>${cards.join('')}</div>`);
}

function mostRead(p: Pick, lang: Lang, m: Markup): string {
  const items = Array.from(
    { length: p.int(5, 10) },
    () => `<li><a href="/m/${p.int(1, 999)}">${esc(title(p, lang, 6, 14))}</a></li>`,
  );
  return m.el('aside', 'sidebar', `<h3>${LABELS[lang].mostRead}</h3><ol>${items.join('')}</ol>`);
}

function tags(p: Pick, lang: Lang, m: Markup): string {
  const ts = Array.from(
    { length: p.int(3, 7) },
    () => `<li><a href="/tag/${p.int(1, 99)}">${esc(title(p, lang, 1, 2))}</a></li>`,
  );
  return `<div${m.cls('tags')}><span>${LABELS[lang].tags}:</span><ul>${ts.join('')}</ul></div>`;
}

function widgets(p: Pick, lang: Lang, m: Markup): { top: string; after: string } {
  const L = LABELS[lang];
  const share = `<div${m.cls('share')}><span>${L.share}</span><a href="https://facebook.com/share">Facebook</a><a href="https://x.com/share">X</a><a href="mailto:?">E-Mail</a></div>`;
  const news = `<div${m.cls('newsletter')}><h3>${L.news}</h3><p>${esc(sentences(p, lang, 1, 2))}</p><form><input type="email"><button>${L.subscribe}</button></form></div>`;
  const author = `<div${m.cls('author')}><h4>${L.about}</h4><p>${p.one(NAMES)} ${esc(sentences(p, lang, 1, 2))}</p></div>`;
  const cookie = `<div${m.cls('cookie')}><p>${esc(L.cookie)}</p><button>${L.accept}</button></div>`;
  return { top: cookie, after: `${share}${p.chance(0.5) ? news + author : author + news}` };
}

/** Social networks an author's box links the writer's profiles on. */
const SOCIAL = [
  'https://twitter.com/',
  'https://x.com/',
  'https://www.linkedin.com/in/',
  'https://www.instagram.com/',
  'https://mastodon.social/@',
];

/**
 * The writer's box after the story, with no heading naming it: a photo and the name linked to
 * the author's page, a short bio of the writer in the third person, and on some pages a few
 * links to social profiles. Its class is the role's name (or foreign, hashed, none).
 */
function authorBio(p: Pick, lang: Lang, m: Markup): string {
  const who = p.one(NAMES);
  const href = `/${p.one(['author', 'autor', 'auteur', 'authors', 'redaktion'])}/${who.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const photo = `<a href="${href}"><img src="/av/${p.int(1, 99)}.jpg" alt="${esc(who)}"></a>`;
  // The name on a line of its own above the bio, or linked as the bio's first words.
  const shape = p.int(0, 2);
  const linked = `<a href="${href}">${esc(who)}</a>`;
  const name = shape === 0 ? `<h4>${linked}</h4>` : shape === 1 ? `<p><strong>${linked}</strong></p>` : '';
  const bio = `<p>${shape === 2 ? `<strong>${linked}</strong>` : esc(who)} ${esc(sentences(p, lang, 1, 3))}</p>`;
  const social = p.chance(0.6)
    ? `<div>${Array.from({ length: p.int(2, 3) }, (_, i) => `<a href="${SOCIAL[(i + p.int(0, 4)) % SOCIAL.length]}${p.int(1, 999)}">${['X', 'LinkedIn', 'Instagram'][i]}</a>`).join(' ')}</div>`
    : '';
  return m.el('section', 'author', `${photo}<div>${name}${bio}${social}</div>`);
}

/** Labels of a teaser line between a story's paragraphs, none of them a word list's phrase. */
const TEASER_LABELS: Record<Lang, string[]> = {
  en: ["Don't miss", 'Earlier this week'],
  de: ['Auch spannend', 'Passend dazu'],
  fr: ['À découvrir', 'Notre dossier'],
  es: ['Lea más', 'Mira'],
  it: ['Da non perdere', 'Approfondimento'],
  ru: ['Читайте также', 'По теме'],
};

/**
 * The article's HTML with up to four teaser lines set between its body paragraphs, in bold or
 * italics, or (asList) each as a list of that one line, the label plain.
 */
function teasers(p: Pick, lang: Lang, html: string, asList = false): string {
  const parts = html.split('</p>\n<p>');
  let n = p.int(2, 4);
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (n > 0 && p.chance(0.5)) {
      n--;
      const tag = p.one(['strong', 'em']);
      const link = `<a href="/a/${p.int(1000, 9999)}">${esc(title(p, lang))}</a>`;
      joint = asList
        ? `</p>\n<ul><li>${esc(p.one(TEASER_LABELS[lang]))}: ${link}</li></ul>\n<p>`
        : `</p>\n<p><${tag}>${esc(p.one(TEASER_LABELS[lang]))}: ${link}</${tag}></p>\n<p>`;
    }
    out += joint + parts[i];
  }
  return out;
}

/**
 * Labels over a list of other stories set inside the body: two of them phrases the filter's
 * word lists hold ("Mehr zum Thema", "Sur le même sujet"), the rest not ("Background",
 * "Contexte", "Еще по теме"); a third of the boxes have no label at all.
 */
const INLINE_LABELS: Record<Lang, string[]> = {
  en: ['More on this story', 'Background'],
  de: ['Mehr zum Thema', 'Hintergrund'],
  fr: ['Sur le même sujet', 'Contexte'],
  es: ['Sobre el tema', 'Contexto'],
  it: ['Sullo stesso tema', 'Contesto'],
  ru: ['Еще по теме', 'Контекст'],
};

/** One box set inside a story: a list of other stories' links, a newsletter sign-up or a share bar. */
function inlineBox(p: Pick, lang: Lang, m: Markup, kind: number): string {
  const L = LABELS[lang];
  if (kind === 0) {
    const links = Array.from(
      { length: p.int(2, 4) },
      () => `<li><a href="/a/${p.int(1000, 9999)}">${esc(title(p, lang, 6, 14))}</a></li>`,
    );
    const label = p.int(0, 2);
    const head =
      label === 0
        ? `<h4>${esc(p.one(INLINE_LABELS[lang]))}</h4>`
        : label === 1
          ? `<p><strong>${esc(p.one(INLINE_LABELS[lang]))}</strong></p>`
          : '';
    return m.el('aside', 'related', `${head}<ul>${links.join('')}</ul>`);
  }
  if (kind === 1)
    return `<div${m.cls('newsletter')}><p><strong>${esc(L.news)}</strong></p><p>${esc(sentences(p, lang, 1, 2))}</p><form><input type="email"><button>${esc(L.subscribe)}</button></form></div>`;
  const nets = ['Facebook', 'X', 'LinkedIn', 'WhatsApp', 'E-Mail'];
  const hosts = [
    'https://facebook.com/sharer',
    'https://x.com/intent/tweet',
    'https://linkedin.com/share',
    'https://wa.me/',
    'mailto:?',
  ];
  const links = nets.map((n, i) => `<a href="${hosts[i]}?u=${p.int(1, 999)}">${esc(L.share)}: ${n}</a>`);
  return `<div${m.cls('share')}>${links.slice(0, p.int(2, 5)).join(' ')}</div>`;
}

/** The article's HTML with one to three boxes (inlineBox) set between its body paragraphs. */
function inlineBoxes(p: Pick, lang: Lang, m: Markup, html: string): string {
  const parts = html.split('</p>\n<p>');
  const kinds = p.chance(0.5) ? [0, 1, 2] : [0, p.int(1, 2)];
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (kinds.length && (p.chance(0.4) || parts.length - i <= kinds.length))
      joint = `</p>\n${inlineBox(p, lang, m, kinds.shift()!)}\n<p>`;
    out += joint + parts[i];
  }
  return out;
}

/** One box ending in a link to another page: a pointer to another story, a call to act, an app's. */
function linkBox(p: Pick, lang: Lang, m: Markup, kind: number): string {
  if (kind === 0) {
    const lead = sentence(p, lang, 6, 14).replace(/[.?!]$/, '');
    return `<div${m.cls('pointer')}>${esc(lead)} <a href="/a/${p.int(1000, 9999)}">${esc(title(p, lang))}</a></div>`;
  }
  if (kind === 1)
    return `<div${m.cls('promo')}><strong>${esc(title(p, lang, 3, 6))}!</strong><br>${esc(sentences(p, lang, 1, 2))}<br><a href="https://join.example/${p.int(1000, 9999)}">${esc(LABELS[lang].subscribe)}</a></div>`;
  return `<div${m.cls('app')}><p><b>${esc(sentence(p, lang, 6, 12))}</b></p><div><a href="https://play.google.com/store/apps/details?id=app${p.int(1, 99)}"><img src="/img/play.png" alt=""></a> <a href="https://apps.apple.com/app/id${p.int(1000, 9999)}"><img src="/img/ios.png" alt=""></a></div></div>`;
}

/** The article's HTML with one to three boxes (linkBox) set between its body paragraphs or after the last. */
function linkBoxes(p: Pick, lang: Lang, m: Markup, html: string): string {
  const parts = html.split('</p>\n<p>');
  const kinds = p.chance(0.5) ? [0, 1, 2] : [p.int(0, 2)];
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (i >= 2 && kinds.length && (p.chance(0.4) || parts.length - i < kinds.length))
      joint = `</p>\n${linkBox(p, lang, m, kinds.shift()!)}\n<p>`;
    out += joint + parts[i];
  }
  // A box left over goes after the last paragraph.
  if (kinds.length)
    out = out.replace(/<\/p>(?![\s\S]*<\/p>)/, `</p>\n${linkBox(p, lang, m, kinds.shift()!)}`);
  return out;
}

/** The labels of a sort menu, an e-mail box and a converter's two fields, by language. */
const FIELD_LABELS: Record<Lang, [string, string, string, string]> = {
  en: ['Sorted by:', 'Email address', 'From:', 'To:'],
  de: ['Sortiert nach:', 'E-Mail-Adresse', 'Von:', 'Bis:'],
  fr: ['Trier par :', 'Adresse e-mail', 'De :', 'À :'],
  es: ['Ordenar por:', 'Correo electrónico', 'Desde:', 'Hasta:'],
  it: ['Ordina per:', 'Indirizzo email', 'Da:', 'A:'],
  ru: ['Сортировка:', 'Электронная почта', 'С:', 'По:'],
};

/**
 * One to three boxes of labelled fields (field-labels) between the body's paragraphs, the one
 * left over after the last; on half the pages a checklist after the first paragraph, whose
 * labels go to `truth`.
 */
function fieldLabels(p: Pick, lang: Lang, html: string, truth: string[]): string {
  const [sort, mail, from, to] = FIELD_LABELS[lang];
  const n = p.int(100, 999);
  const words = () => title(p, lang, 1, 2);
  const boxes = [
    `<div><label for="sort-${n}">${esc(sort)}</label> <select id="sort-${n}"><option>${esc(words())}</option><option>${esc(words())}</option></select></div>`,
    `<div><label>${esc(mail)} <input type="email" name="email"></label> <button>OK</button></div>`,
    `<table><tr><td><label for="from-${n}">${esc(from)}</label></td><td><input id="from-${n}" type="number"></td></tr><tr><td><label for="to-${n}">${esc(to)}</label></td><td><input id="to-${n}" type="number"></td></tr></table>`,
  ];
  const kinds = p.chance(0.5) ? [0, 1, 2] : [p.int(0, 2)];
  const parts = html.split('</p>\n<p>');
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (i === 1 && p.chance(0.5)) {
      const items = Array.from({ length: p.int(3, 5) }, () => sentence(p, lang, 3, 6));
      truth.push(...items);
      const list = items
        .map(
          (x, j) =>
            `<li><input type="checkbox" id="c${n}-${j}"><label for="c${n}-${j}">${esc(x)}</label></li>`,
        )
        .join('');
      joint = `</p>\n<ul>${list}</ul>\n<p>`;
    } else if (i >= 2 && kinds.length && (p.chance(0.4) || parts.length - i < kinds.length))
      joint = `</p>\n${boxes[kinds.shift()!]}\n<p>`;
    out += joint + parts[i];
  }
  if (kinds.length) out = out.replace(/<\/p>(?![\s\S]*<\/p>)/, `</p>\n${boxes[kinds.shift()!]}`);
  return out;
}

/** Labels over a row of links to the site's profiles on social networks. */
const FOLLOW: Record<Lang, string> = {
  en: 'Follow us',
  de: 'Folgen Sie uns',
  fr: 'Suivez-nous',
  es: 'Síguenos',
  it: 'Seguici',
  ru: 'Подписывайтесь на нас',
};

/**
 * A share bar (follow false) or a follow bar: a label over two to five links that show only an
 * icon, each to another network, in a box named as nothing in particular.
 */
function iconBar(p: Pick, lang: Lang, m: Markup, follow: boolean): string {
  const page = `https%3A%2F%2Fdaily.example%2Fa%2F${p.int(1000, 9999)}`;
  const nets = follow
    ? [
        'https://www.facebook.com/dailyexample',
        'https://x.com/dailyexample',
        'https://www.instagram.com/dailyexample',
        'https://www.youtube.com/@dailyexample',
        'https://t.me/dailyexample',
      ]
    : [
        `https://www.facebook.com/sharer/sharer.php?u=${page}`,
        `https://x.com/intent/tweet?url=${page}`,
        `https://www.linkedin.com/shareArticle?url=${page}`,
        `whatsapp://send?text=${page}`,
        `mailto:?body=${page}`,
      ];
  const n = p.int(2, 5);
  const from = p.int(0, nets.length - n);
  const icon = () =>
    p.one([
      '<svg width="16" height="16"><path d="M0 0h16v16H0z"></path></svg>',
      '<i class="icon"></i>',
      `<img src="/icons/${p.int(1, 9)}.svg" alt="">`,
    ]);
  const links = nets.slice(from, from + n).map((h) => `<a href="${h}">${icon()}</a>`);
  const label = follow ? FOLLOW[lang] : LABELS[lang].share;
  const head = p.chance(0.5) ? `<strong>${esc(label)}</strong><br>` : `<span>${esc(label)}:</span> `;
  return `<div${m.cls('bar')}>${head}${links.join(' ')}</div>`;
}

/** The article's HTML with a share bar, a follow bar or both set between its body paragraphs or after the last. */
function iconBars(p: Pick, lang: Lang, m: Markup, html: string): string {
  const parts = html.split('</p>\n<p>');
  const kinds = p.chance(0.5) ? [false, true] : [p.chance(0.5)];
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (i >= 2 && kinds.length && p.chance(0.3)) joint = `</p>\n${iconBar(p, lang, m, kinds.shift()!)}\n<p>`;
    out += joint + parts[i];
  }
  // A bar left over goes after the last paragraph.
  while (kinds.length)
    out = out.replace(/<\/p>(?![\s\S]*<\/p>)/, `</p>\n${iconBar(p, lang, m, kinds.shift()!)}`);
  return out;
}

/** Labels over a list of other stories at a story's end that no word list of the filter holds. */
const EDGE_LABELS: Record<Lang, string[]> = {
  en: ['Latest', 'In this series'],
  de: ['Neueste', 'In dieser Serie'],
  fr: ['Derniers articles', 'Dans cette série'],
  es: ['Lo último', 'En esta serie'],
  it: ['Ultime notizie', 'In questa serie'],
  ru: ['Последние', 'В этой серии'],
};

/** Words of a picture credit, per language. */
const CREDIT_WORD: Record<Lang, string> = {
  en: 'Photo',
  de: 'Foto',
  fr: 'Photo',
  es: 'Foto',
  it: 'Foto',
  ru: 'Фото',
};

/**
 * The chrome at an article's edges inside its wrapper: above the title a breadcrumb and a
 * section kicker; beside the byline a box with the reading time and share links; after the
 * body a picture credit, a list of two to four other stories under a label, and a tag line.
 */
function edges(p: Pick, lang: Lang, m: Markup): { top: string; meta: string; end: string } {
  const L = LABELS[lang];
  const word = () => esc(title(p, lang, 1, 2));
  const crumbs = Array.from({ length: p.int(2, 4) }, () => `<a href="/s/${p.int(1, 99)}">${word()}</a>`);
  const breadcrumb = p.chance(0.5)
    ? m.el('nav', 'breadcrumb', crumbs.join(' › '))
    : `<ol${m.cls('breadcrumb')}>${crumbs.map((c) => `<li>${c}</li>`).join('')}</ol>`;
  const kicker = `<p${m.cls('kicker')}><a href="/s/${p.int(1, 99)}">${word()}</a></p>`;
  const meta = `<div${m.cls('meta')}><span>${p.int(2, 12)} min</span> <a href="https://x.com/intent/tweet?u=${p.int(1, 999)}">X</a> <a href="https://facebook.com/sharer?u=${p.int(1, 999)}">Facebook</a></div>`;
  const credit = `<p${m.cls('credit')}>${CREDIT_WORD[lang]}: ${p.one(NAMES)} / ${word()}</p>`;
  const links = Array.from(
    { length: p.int(2, 4) },
    () => `<li><a href="/a/${p.int(1000, 9999)}">${esc(title(p, lang, 6, 12))}</a></li>`,
  );
  const label = p.chance(0.5)
    ? `<h3>${esc(p.one(EDGE_LABELS[lang]))}</h3>`
    : `<p><strong>${esc(p.one(EDGE_LABELS[lang]))}</strong></p>`;
  const list = `<div${m.cls('related')}>${label}<ul>${links.join('')}</ul></div>`;
  const tagLine = `<p${m.cls('tags')}>${L.tags}: ${Array.from({ length: p.int(2, 5) }, () => `<a href="/tag/${p.int(1, 99)}">${word()}</a>`).join(', ')}</p>`;
  return { top: breadcrumb + kicker, meta, end: credit + (p.chance(0.5) ? list + tagLine : tagLine + list) };
}

/** Shops and the word before a shop's name on a buy button, by language. */
const SHOPS: Record<Lang, { sign: (n: string) => string; at: string[]; shops: string[] }> = {
  en: {
    sign: (n) => `$${n}`,
    at: ['at', 'from'],
    shops: ['Amazon', 'Walmart', "Lowe's", 'Best Buy', 'etsy.com'],
  },
  de: {
    sign: (n) => `${n.replace('.', ',')} €`,
    at: ['bei'],
    shops: ['Amazon', 'Otto', 'MediaMarkt', 'Zalando'],
  },
  fr: {
    sign: (n) => `${n.replace('.', ',')} €`,
    at: ['chez'],
    shops: ['Fnac', 'Darty', 'Amazon', 'Boulanger'],
  },
  es: {
    sign: (n) => `${n.replace('.', ',')} €`,
    at: ['en'],
    shops: ['Amazon', 'El Corte Inglés', 'PcComponentes'],
  },
  it: {
    sign: (n) => `${n.replace('.', ',')} €`,
    at: ['su', 'da'],
    shops: ['Amazon', 'Unieuro', 'MediaWorld'],
  },
  ru: { sign: (n) => `${n.split('.')[0]} ₽`, at: ['в'], shops: ['Ozon', 'DNS', 'М.Видео'] },
};

/**
 * The article's HTML with a shop's buy buttons after some of its body paragraphs, as shopping
 * guides set them under each product: one or two links, each only a price and a shop, as a
 * bare paragraph or in a box of their own.
 */
function shopButtons(p: Pick, lang: Lang, m: Markup, html: string): string {
  const parts = html.split('</p>\n<p>');
  const S = SHOPS[lang];
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    let joint = '</p>\n<p>';
    if (p.chance(0.6)) {
      const button = () =>
        `<a href="https://go.shop.example/${p.int(1000, 9999)}">${esc(`${S.sign(`${p.int(5, 1999)}.${p.int(10, 99)}`)} ${p.one(S.at)} ${p.one(S.shops)}`)}</a>`;
      const line = p.chance(0.3) ? `${button()} ${button()}` : button();
      joint = p.chance(0.5)
        ? `</p>\n<p>${line}</p>\n<p>`
        : `</p>\n<div${m.cls('shop')}><p>${line}</p></div>\n<p>`;
    }
    out += joint + parts[i];
  }
  return out;
}

/**
 * Other stories after the body set as headings, not as a list or in card boxes: three to six
 * `h3` titles (the story's own subheadings are `h2`), each a link with a line or two of excerpt
 * and perhaps a picture, or on some pages bare titles of six words or more with only a picture
 * under each; a label heading above them (h2 or h3) on half the pages.
 */
function teaserHeads(p: Pick, lang: Lang): string {
  const bare = p.chance(0.3);
  const heads = Array.from({ length: p.int(3, 6) }, () => {
    const href = `/a/${p.int(1000, 9999)}`;
    const img = p.chance(0.5)
      ? `<p><a href="${href}"><img src="/t/${p.int(1, 999)}.jpg" alt="${esc(title(p, lang, 2, 4))}"></a></p>`
      : '';
    if (bare)
      return `${img || `<p><img src="/t/${p.int(1, 999)}.jpg" alt=""></p>`}<h3>${esc(title(p, lang, 6, 12))}</h3>`;
    const excerpt = p.chance(0.8) ? `<p>${esc(sentences(p, lang, 1, 2))}</p>` : '';
    return `${img}<h3><a href="${href}">${esc(title(p, lang, 4, 10))}</a></h3>${excerpt}`;
  });
  const label = p.int(0, 3);
  const head =
    label === 0
      ? `<h2>${esc(p.one(EDGE_LABELS[lang]))}</h2>`
      : label === 1
        ? `<h3>${esc(p.one(EDGE_LABELS[lang]))}</h3>`
        : '';
  return `<div>${head}${heads.join('')}</div>`;
}

/**
 * The article's HTML with other stories' headlines after its last paragraph: a short label in
 * bold or as a plain line, in words no list holds, then two to five paragraphs each only a link
 * to another story, perhaps each over its thumbnail; no list, no box, no class names.
 */
function teaserTail(p: Pick, lang: Lang, html: string): string {
  const thumbs = p.chance(0.3);
  const lines = Array.from({ length: p.int(2, 5) }, () => {
    const href = `/a/${p.int(1000, 9999)}`;
    const img = thumbs ? `<p><a href="${href}"><img src="/t/${p.int(1, 999)}.jpg" alt=""></a></p>` : '';
    return `${img}<p><a href="${href}">${esc(title(p, lang, 5, 11))}</a></p>`;
  });
  // A label no word list holds ("Lue aiheesta lisää:"): the run is told by its shape.
  const label = `${esc(title(p, lang, 2, 3))}:`;
  const head = p.chance(0.5) ? `<p><strong>${label}</strong></p>` : p.chance(0.5) ? `<p>${label}</p>` : '';
  return `${html.replace(/<\/div>$/, '')}\n${head}${lines.join('\n')}</div>`;
}

/**
 * The article's HTML with a related box (a heading and two to four linked titles, each with its
 * picture, in one of three card shapes) between two body paragraphs past three quarters of the
 * story, at least one paragraph after it.
 */
function relatedInline(p: Pick, lang: Lang, m: Markup, html: string): string {
  const parts = html.split('</p>\n<p>');
  if (parts.length < 3) return html;
  const at = Math.min(parts.length - 1, Math.max(1, Math.ceil(parts.length * (0.75 + p.int(0, 15) / 100))));
  const shape = p.int(0, 2);
  const cards = Array.from({ length: p.int(2, 4) }, () => {
    const href = `/a/${p.int(1000, 9999)}`;
    const img = `<img src="/t/${p.int(1, 999)}.jpg" alt="">`;
    const head = esc(title(p, lang, 5, 11));
    return shape === 0
      ? `<a href="${href}"><figure>${img}</figure><span>${head}</span></a>`
      : shape === 1
        ? `<div><a href="${href}">${img}</a><p><a href="${href}">${head}</a></p></div>`
        : `<li><a href="${href}">${head}</a></li>`;
  });
  const level = p.int(2, 4);
  const label = `<h${level}>${esc(LABELS[lang].related)}</h${level}>`;
  const box = shape === 2 ? `${label}<ul>${cards.join('')}</ul>` : `${label}<div>${cards.join('')}</div>`;
  return [
    parts.slice(0, at).join('</p>\n<p>'),
    `</p>\n${m.el('aside', 'related', box)}\n<p>`,
    parts.slice(at).join('</p>\n<p>'),
  ].join('');
}

// ---------- pages ----------

const CLASSES = [
  'plain',
  'comments-short',
  'comments-long',
  'related',
  'most-read',
  'widgets',
  'forum',
  'teasers',
  'author-bio',
  'related-big',
  'inline-boxes',
  'forum-cards',
  'edges',
  'forum-quotes',
  'forum-chrome',
  'shop-buttons',
  'link-boxes',
  'teaser-heads',
  'icon-bars',
  'related-inline',
  'teaser-items',
  'teaser-tail',
  'field-labels',
  'nested-head',
] as const;
type Klass = (typeof CLASSES)[number];

interface Page {
  id: string;
  klass: Klass;
  style: Style;
  lang: Lang;
  html: string;
  truth: string;
}

function page(p: Pick, id: string, klass: Klass): Page {
  const lang = p.one(LANGS);
  const style: Style = {
    semantic: p.chance(0.5),
    naming: p.one(['english', 'foreign', 'hashed', 'none'] as const),
    jsonLd: p.chance(0.35),
    nested: p.chance(0.5),
  };
  const m = new Markup(p, style);
  if (klass === 'forum' || klass === 'forum-cards' || klass === 'forum-quotes' || klass === 'forum-chrome')
    return forumPage(p, id, style, lang, m, klass);
  const a = article(
    p,
    lang,
    m,
    klass === 'comments-long' || klass === 'related-big',
    klass === 'teaser-tail',
    klass === 'nested-head',
  );
  let inside = '';
  let after = '';
  let side = p.chance(0.3) ? mostRead(p, lang, m) : '';
  let top = '';
  switch (klass) {
    case 'comments-short':
      after = comments(p, lang, m, p.int(20, 80));
      break;
    case 'comments-long':
      after = comments(p, lang, m, Math.round(a.words * (1.2 + p.int(0, 10) / 10)));
      break;
    case 'related':
      after = related(p, lang, m);
      break;
    case 'related-big':
      after = related(p, lang, m, true);
      break;
    case 'most-read':
      side = mostRead(p, lang, m);
      after = tags(p, lang, m);
      break;
    case 'author-bio':
      after = authorBio(p, lang, m);
      break;
    case 'teaser-heads':
      after = teaserHeads(p, lang);
      break;
    case 'widgets': {
      const w = widgets(p, lang, m);
      top = w.top;
      after = w.after;
      break;
    }
  }
  if (klass !== 'most-read' && p.chance(0.4)) after = tags(p, lang, m) + after;
  if (style.nested) [inside, after] = [after, ''];
  const line = byline(p, lang, m);
  const inBody = p.chance(DATELINE_INSIDE);
  const html0 = inBody
    ? a.html
        .replace('§BYLINE§', '')
        .replace('§DATELINE§', line.replace(/^<div[^>]*>(.*)<\/div>$/, '<p>$1</p>'))
    : a.html.replace('§BYLINE§', line).replace('§DATELINE§', '');
  const edge = klass === 'edges' ? edges(p, lang, m) : undefined;
  const html1 = edge
    ? // The share box right after the byline, wherever the byline stands.
      `${edge.top}${html0.replace(/(<div[^>]*>[^<]*<a href="\/author[\s\S]*?<\/div>|<\/p>\n?<p>[^<]*<a href="\/author[\s\S]*?<\/p>)/, (x) => x + edge.meta)}${edge.end}`
    : html0;
  const art = m.el(
    'article',
    'article',
    (klass === 'teasers' || klass === 'teaser-items'
      ? teasers(p, lang, html0, klass === 'teaser-items')
      : klass === 'inline-boxes'
        ? inlineBoxes(p, lang, m, html0)
        : klass === 'shop-buttons'
          ? shopButtons(p, lang, m, html0)
          : klass === 'link-boxes'
            ? linkBoxes(p, lang, m, html0)
            : klass === 'icon-bars'
              ? iconBars(p, lang, m, html0)
              : klass === 'related-inline'
                ? relatedInline(p, lang, m, html0)
                : klass === 'teaser-tail'
                  ? teaserTail(p, lang, html0)
                  : klass === 'field-labels'
                    ? fieldLabels(p, lang, html0, a.truth)
                    : html1) + inside,
  );
  const ld = style.jsonLd
    ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: a.title, articleBody: a.body.join('\n\n') })}</script>`
    : '';
  const main = `<div${m.cls('content')}>${art}${after}</div>`;
  const cols = p.chance(0.5) ? `${main}${side}` : `${side}${main}`;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(a.title)} | Daily</title>${ld}</head><body>${top}${header(p, lang, m)}${m.el('main', 'main', cols)}${footer(p, lang, m)}</body></html>`;
  return { id, klass, style, lang, html, truth: a.truth.join('\n') };
}

/** A forum thread's page: the page chrome around the topic and its replies, no article. */
function forumPage(p: Pick, id: string, style: Style, lang: Lang, m: Markup, klass: Klass): Page {
  const f = forum(p, lang, m, klass === 'forum-cards', klass === 'forum-quotes', klass === 'forum-chrome');
  const side = p.chance(0.3) ? mostRead(p, lang, m) : '';
  // A thread drawn with the engine's chrome is declared, as the engines that draw it declare it.
  const ld =
    style.jsonLd || klass === 'forum-chrome'
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: f.title })}</script>`
      : '';
  const main = `<div${m.cls('content')}>${f.html}</div>`;
  const cols = p.chance(0.5) ? `${main}${side}` : `${side}${main}`;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(f.title)} | Forum</title>${ld}</head><body>${header(p, lang, m)}${m.el('main', 'main', cols)}${footer(p, lang, m)}</body></html>`;
  return { id, klass, style, lang, html, truth: f.truth.join('\n') };
}

// ---------- run ----------

const pick = new Pick(mulberry32(SEED * 7919 + 17));
const pages: Page[] = [];
for (const k of CLASSES) for (let i = 0; i < PER_CLASS; i++) pages.push(page(pick, `s${SEED}-${k}-${i}`, k));

const dir = KEEP ?? mkdtempSync(join(tmpdir(), 'html-synth-'));
mkdirSync(dir, { recursive: true });
const files: InputFile[] = pages.map((pg) => {
  const f = join(dir, `${pg.id}.html`);
  writeFileSync(f, pg.html);
  if (KEEP) writeFileSync(join(dir, `${pg.id}.truth.txt`), pg.truth);
  return { id: pg.id, path: f, filename: `${pg.id}.html`, ext: 'html' };
});

const engines = PEERS ? ['distill', 'readability+turndown', 'defuddle'] : ['distill'];
const per = new Map<string, Counts[]>();
for (const e of engines) {
  let md: string[];
  if (e === 'distill')
    md = files.map(
      (f) =>
        toMarkdown(htmlToDoc(new Uint8Array(readFileSync(f.path)), { onlyMainContent: true }).blocks)
          .markdown,
    );
  else
    md = (await convertPages(e, files, { workers: 2, pageTimeoutMs: 60_000, cache: true })).md.map(
      (x) => x ?? '',
    );
  per.set(
    e,
    md.map((x, i) => shingleCounts(markdownToText(x), pages[i].truth)),
  );
}
if (!KEEP) rmSync(dir, { recursive: true, force: true });

const short = (e: string) => (e === 'readability+turndown' ? 'readability' : e);
console.log(`html-synth seed ${SEED}: ${pages.length} pages, word-shingle (4) P/R/F1`);
const table = (label: string, groups: [string, (pg: Page) => boolean][]) => {
  console.log(`\nby ${label}`);
  for (const [name, keep] of groups) {
    const idx = pages.map((_, i) => i).filter((i) => keep(pages[i]));
    if (!idx.length) continue;
    const cols = engines.map((e) => {
      const s = summary(idx.map((i) => per.get(e)![i]));
      return `${short(e)} ${s.p.toFixed(3)}/${s.r.toFixed(3)}/${s.f.toFixed(3)}`;
    });
    console.log(`${name.padEnd(15)} n=${String(idx.length).padStart(3)}  ${cols.join('  ')}`);
  }
};
table('class', [
  ['all', () => true],
  ...CLASSES.map((k) => [k, (pg: Page) => pg.klass === k] as [string, (pg: Page) => boolean]),
]);
table('markup', [
  ['semantic', (pg) => pg.style.semantic],
  ['divs', (pg) => !pg.style.semantic],
  ['names english', (pg) => pg.style.naming === 'english'],
  ['names foreign', (pg) => pg.style.naming === 'foreign'],
  ['names hashed', (pg) => pg.style.naming === 'hashed'],
  ['names none', (pg) => pg.style.naming === 'none'],
  ['json-ld', (pg) => pg.style.jsonLd],
  ['no json-ld', (pg) => !pg.style.jsonLd],
  ['nested', (pg) => pg.style.nested],
  ['after', (pg) => !pg.style.nested],
]);
table(
  'language',
  LANGS.map((l) => [l, (pg: Page) => pg.lang === l]),
);
if (WORST) {
  console.log(`\nworst ${WORST} pages for distill (F1 per page)`);
  const f1 = (c: Counts) => {
    const pr = precision(c);
    const rc = recall(c);
    return pr + rc ? (2 * pr * rc) / (pr + rc) : 0;
  };
  const d = per.get('distill')!;
  const order = pages.map((_, i) => i).sort((a, b) => f1(d[a]) - f1(d[b]));
  for (const i of order.slice(0, WORST)) {
    const s = pages[i].style;
    console.log(
      `${pages[i].id} ${pages[i].lang} ${s.semantic ? 'sem' : 'div'} ${s.naming}${s.jsonLd ? ' ld' : ''}${s.nested ? ' nested' : ''}  ${engines.map((e) => `${short(e)} P=${precision(per.get(e)![i]).toFixed(2)} R=${recall(per.get(e)![i]).toFixed(2)}`).join('  ')}`,
    );
  }
}
