import { type Block, blockText, type Inline } from '@distill/core';
import { authorBios, authorBoxStart } from './author.js';
import { flatText } from './flat-text.js';
import { isSiteName } from './head.js';
import { flatInlines, inlineTeaser, loneHeadline } from './inline-teaser.js';
import { ruleOn } from './rule-switch.js';
import { signOff } from './sign-off.js';
import { storyResumesAt } from './story-resumes.js';
import { teaserRunEnd } from './teaser-run.js';
import { teaserTailStart } from './teaser-tail.js';

/**
 * The second stage of the main-content filter, after the container is chosen: a jusText-style
 * pass over its blocks. Each block is classed from its length and link density (good prose,
 * near-good, short, bad); on article-like content the kept run goes from the first to the last
 * good block and extends outwards up to the nearest bad block, so "More stories", newsletter
 * and share blocks at the edges go while everything inside the article stays. Pages without
 * much prose (products, listings, services) are left as they are.
 */
/** Share of the text that long prose blocks must hold for the page to count as an article. */
const PROSE_SHARE = 0.6;

type Klass = 'good' | 'near' | 'short' | 'bad' | 'heading' | 'neutral';

function linkChars(nodes: readonly Inline[], inLink = false): number {
  let n = 0;
  for (const x of nodes) {
    if (x.kind === 'text') n += inLink ? x.text.length : 0;
    else if (x.kind === 'code') n += inLink ? x.text.length : 0;
    else if (x.kind === 'link') n += linkChars(x.children, true);
    else if ('children' in x) n += linkChars(x.children, inLink);
  }
  return n;
}

function blockLinks(b: Block): number {
  switch (b.kind) {
    case 'heading':
    case 'paragraph':
      return linkChars(b.content);
    case 'list':
      return b.items.reduce((s, it) => s + it.blocks.reduce((t, x) => t + blockLinks(x), 0), 0);
    case 'quote':
      return b.children.reduce((s, x) => s + blockLinks(x), 0);
    case 'table':
      return b.rows.reduce((s, r) => s + r.reduce((t, c) => t + linkChars(c.content), 0), 0);
    default:
      return 0;
  }
}

const BOILER_TEXT =
  /^(related|you (may|might) also like|more (stories|from|articles|posts|like this)|recommended|trending|popular|read (more|next)|share (this|on)|subscribe|sign up|follow us|leave a (reply|comment)|comments?|about the author|newsletter|advertisement|sponsored|tags?:|categories:|filed under)\b/i;

/**
 * BOILER_TEXT's lines in the other languages of the pages we read (trafilatura's evaluation set
 * is two-thirds German, then English, Spanish, French, Polish, Portuguese, Italian, Dutch): a
 * short block opening with a share, follow, subscribe, advertisement, comments, tags or
 * "related" label. Only labels a story's own sentence does not open with: a bare "Kommentar"
 * (an opinion piece's kicker) or "Teilen Sie …" as a request in the text are left out.
 */
const BOILER_WORDS = new RegExp(
  '^(?:' +
    [
      // German
      'ähnliche (?:artikel|beiträge|themen)',
      'das könnte (?:sie|dich) (?:auch )?interessieren',
      'mehr (?:zum thema|dazu|artikel|nachrichten)',
      'weitere (?:artikel|beiträge|nachrichten|meldungen|themen)',
      'meistgelesen(?:e)?',
      'lesen sie (?:auch|mehr|weiter)',
      'weiterlesen',
      '(?:jetzt |artikel |beitrag )?teilen(?:\\s*:|$)',
      'folgen sie uns',
      'newsletter abonnieren',
      'jetzt abonnieren',
      'kommentare(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'über (?:den|die) autor(?:in)?',
      'anzeige(?:\\s*:|$)',
      'werbung(?:\\s*:|$)',
      'gesponsert',
      '(?:schlagw[oö]rte|stichw[oö]rte|themen|kategorien?)\\s*:',
      // French
      'articles similaires',
      '(?:à )?lire aussi',
      'vous aimerez aussi',
      'partager(?:\\s*:|$)',
      'abonnez-vous',
      'suivez-nous',
      'commentaires(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'publicité',
      'mots-clés\\s*:',
      "à propos de l'auteur",
      // Spanish
      'art[ií]culos relacionados',
      'noticias relacionadas',
      '(?:también )?te puede interesar',
      'lee también',
      'compartir(?:\\s*:|$)',
      'suscríbete',
      'síguenos',
      'comentarios(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'publicidad',
      'etiquetas\\s*:',
      'sobre el autor',
      // Italian
      'articoli correlati',
      'leggi anche',
      'potrebbe interessarti',
      'condividi(?:\\s*:|$)',
      'iscriviti',
      'seguici',
      'commenti(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'pubblicità',
      // Portuguese
      'artigos relacionados',
      'leia (?:também|mais)',
      'veja também',
      'compartilh(?:e|ar)(?:\\s*:|$)',
      'siga-nos',
      'comentários(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'publicidade',
      // Dutch
      'gerelateerde artikelen',
      'lees (?:ook|meer)',
      'deel dit',
      'volg ons',
      'reacties(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'advertentie',
      // Polish
      'powiązane artykuły',
      'czytaj (?:także|też)',
      'zobacz (?:też|także)',
      'udostępnij',
      'obserwuj nas',
      'komentarze(?:\\s*\\(\\d+\\))?(?:\\s*:|$)',
      'reklama',
      'tagi\\s*:',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

function classify(b: Block): Klass {
  if (b.kind === 'heading') return 'heading';
  if (b.kind === 'code' || b.kind === 'table' || b.kind === 'image' || b.kind === 'formula') return 'neutral';
  if (b.kind === 'rule' || b.kind === 'pageBreak' || b.kind === 'comment') return 'neutral';
  const text = flatText(b);
  const len = text.length;
  if (len === 0) return 'neutral';
  const ld = blockLinks(b) / len;
  if (b.kind === 'list') {
    const items = b.items.length || 1;
    if (ld > 0.5 && len / items < 80) return 'bad';
    if (len > 300 && ld < 0.3) return 'good';
    return ld > 0.5 ? 'bad' : 'near';
  }
  if (ld > 0.5) return 'bad';
  if (len < 200 && (BOILER_TEXT.test(text) || (BOILER_WORDS.test(text) && ruleOn('boiler-words'))))
    return 'bad';
  if (len >= 180 && ld < 0.3) return 'good';
  if (len < 60) return 'short';
  return 'near';
}

/** Characters a picture's caption with its credit runs to at most: longer is prose. */
const CREDIT_LINE = 300;

/**
 * A picture's credit at the end of a line ("Foto: Galli/Malteser", "(Credit: Clayton Aldern /
 * Grist)", "Photograph by Ed Marshall", "© Thinkstock"), in the languages of the pages we read
 * most: a name after the credit word, no sentence after it. A data source ("Quelle:",
 * "Source:") is the text's own reference and is not one.
 */
const CREDIT =
  /(?:^|[\s.,;(|/–-])(?:(?:foto|fotos|photo|photos|photograph|photography|bild|bilder|image|images|picture|credit|credits|crédit|crédits|crédito|créditos|bildnachweis|fotografie)\s*(?:by|von|de|di|:|credit:)|©|\(c\))\s*[^.!?:;©]{2,80}[)\]]?\s*$/iu;

/** Inline pictures of a paragraph, wherever they sit in its emphasis and links. */
function pictures(nodes: readonly Inline[], out: Inline[] = []): Inline[] {
  for (const x of nodes) {
    if (x.kind === 'image') out.push(x);
    else if ('children' in x) pictures(x.children, out);
  }
  return out;
}

/**
 * The block without a picture's credit: a line that is a caption ending in its credit, or the
 * credit alone, goes wherever it stands (the picture itself may be a lazy-loaded element that
 * left nothing; one inside the line stays), and so does a `<figcaption>` ending in one. A
 * reader's text does not end a paragraph with a photographer's name. Undefined: nothing left.
 */
function withoutCredit(b: Block): Block | undefined {
  if (b.kind === 'paragraph') {
    const t = flatText(b);
    if (t.length > CREDIT_LINE || !CREDIT.test(t) || !ruleOn('credit-line')) return b;
    const pics = pictures(b.content);
    return pics.length ? { ...b, content: pics } : undefined;
  }
  if (b.kind !== 'image' || !b.caption) return b;
  const t = blockText({ kind: 'paragraph', content: b.caption }).replace(/\s+/g, ' ').trim();
  if (t.length > CREDIT_LINE || !CREDIT.test(t) || !ruleOn('credit-caption')) return b;
  const { caption: _, ...rest } = b;
  return rest;
}

/** Words a link's text runs to at most to read as a button ("Drucken", "Buch bestellen"). */
const BUTTON_WORDS = 2;

/**
 * A buy button's text: a price (a currency sign or code beside the amount) and the shop it
 * links to after "at"/"from" or their word in the languages of the pages we read ("$75 at
 * Amazon", "£20 from Argos", "79,99 € bei Otto", "19 € chez Fnac", "25 € en Amazon", "30 € su
 * Amazon", "1299 ₽ в Ozon"); the shop's name runs to a few words or an address.
 */
const PRICE_BUTTON =
  /^(?:[$€£¥₽]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[€$£¥₽]|eur|usd|gbp|chf|руб\.?))\s+(?:at|from|bei|chez|à|en|su|da|na|op|w|в)\s+\S.{0,38}(?<![.!?])$/iu;

/**
 * A line of buttons: only links whose texts are a word or two each ("[Rezept drucken]",
 * "[Affiliatelink]", "Facebook | Twitter | E-Mail"), with nothing but punctuation and symbols
 * between them. Inside an article's prose such a line is its page's controls, a share bar or a
 * shop link, not its text; a sentence that links a word has words of its own around the link.
 */
function buttonLine(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  let links = 0;
  for (const x of flatInlines(b.content)) {
    if (x.kind === 'link') {
      if (x.href.startsWith('#')) return false;
      const t = blockText({ kind: 'paragraph', content: x.children }).trim();
      // A shop's buy button says its price and the shop ("$75 at Amazon", "79,99 € bei Otto",
      // "$1,599.00 from Lowe's"): a control however many words the shop's name takes.
      if (PRICE_BUTTON.test(t) && ruleOn('price-button')) {
        links++;
        continue;
      }
      if (t === '' || t.split(/\s+/u).length > BUTTON_WORDS || /[.!?]$/.test(t)) return false;
      // An address (mail, web) given as the line's whole text is information, not a control.
      if (/^(?:mailto|tel):/i.test(x.href) || /@|www\.|:\/\/|\.\w{2,4}$/i.test(t)) return false;
      links++;
    } else if (!(x.kind === 'text' && /^[\s\p{P}\p{S}]*$/u.test(x.text))) return false;
  }
  return links > 0 && ruleOn('button-line');
}

/**
 * The addresses a share button opens: a network's share or compose page with the story's address
 * in its query, or an empty e-mail. The address says what the link does in every language, so a
 * share bar whose links carry words ("Partager cet article: Facebook", "Auf X teilen") is told
 * without a list of labels.
 */
const SHARE_HREF =
  /^(?:mailto:\?|(?:https?:)?\/\/(?:[\w-]+\.)*(?:(?:facebook\.com\/(?:sharer|share\.php|dialog\/(?:share|feed)))|(?:(?:twitter|x)\.com\/(?:intent\/(?:tweet|post)|share))|(?:linkedin\.com\/(?:share|cws\/share|sharing))|(?:wa\.me\/)|(?:api\.whatsapp\.com\/send)|(?:t\.me\/share)|(?:telegram\.me\/share)|(?:pinterest\.\w+\/pin\/create)|(?:reddit\.com\/submit)|(?:vk\.com\/share)|(?:xing\.com\/(?:spi\/)?share)|(?:bsky\.app\/intent\/compose)))/i;

/**
 * A share bar: a line of two links or more that all open a share page (SHARE_HREF), with only
 * punctuation, symbols or a short label ("Share:") between them; its words are the page's
 * controls, not the story's. A sentence that links one network has words of its own.
 */
function shareLine(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  let n = 0;
  let words = 0;
  for (const x of flatInlines(b.content)) {
    if (x.kind === 'link') {
      if (!SHARE_HREF.test(x.href)) return false;
      n++;
    } else if (x.kind === 'text') {
      const t = x.text.replace(/[\s\p{P}\p{S}]+/gu, ' ').trim();
      if (t) words += t.split(' ').length;
    } else if (x.kind !== 'image') return false;
  }
  return n >= 2 && words <= 3 && ruleOn('share-line');
}

/**
 * Short lines repeated three times or more on one page ("Upvote 0 Downvote", "6 min read",
 * "Add to cart") are interface, not content.
 */
function dropRepeated(blocks: Block[]): Block[] {
  const counts = new Map<string, number>();
  const key = (b: Block) => (b.kind === 'paragraph' ? flatText(b) : '');
  for (const b of blocks) {
    const t = key(b);
    if (t !== '' && t.length < 40) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return blocks.filter((b) => {
    const t = key(b);
    return !(t !== '' && t.length < 40 && (counts.get(t) ?? 0) >= 3);
  });
}

/**
 * A block whose text already appeared, word for word, is a copy: responsive pages write the
 * same section twice (one shown on phones, one on desktops) and tabbed or carousel widgets
 * clone their slides. Short blocks ("Read more", a price) may repeat for real and stay.
 */
function dropCopies(blocks: Block[]): Block[] {
  const seen = new Set<string>();
  // A table or code block right under a heading of its own that is not a copy ("Equivalent
  // table") is that section's content, repeated on purpose; cloned sections repeat their
  // headings too. Prose is not let through (an author bio under "About the author" repeats),
  // nor are link-heavy tables (a "top providers" widget under each city's heading).
  let freshHeading = false;
  return blocks.filter((b) => {
    if (b.kind === 'image' || b.kind === 'rule' || b.kind === 'pageBreak') return true;
    const t = flatText(b);
    const underHeading = freshHeading;
    freshHeading = false;
    if (t.length < 40) {
      freshHeading = b.kind === 'heading' && !seen.has(t);
      if (b.kind === 'heading') seen.add(t);
      return true;
    }
    if (seen.has(t))
      return underHeading && (b.kind === 'table' || b.kind === 'code') && blockLinks(b) < t.length * 0.3;
    seen.add(t);
    freshHeading = b.kind === 'heading';
    return true;
  });
}

/**
 * A paragraph that is one JSON object or array (`{"price":…}`) is state a script left in the
 * page for itself (in an element CSS hides), not something a reader sees.
 */
function isJsonData(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  const t = flatText(b);
  return t.length > 80 && /^(?:\{"|\[\{")/.test(t) && /[}\]]$/.test(t);
}

/**
 * The heading of a block of links to other pages ("Related stories", "Lesen Sie auch", "Dans la
 * même rubrique", "Veja também"), in the languages of the pages we read most.
 */
const RELATED_HEAD = new RegExp(
  '^(?:' +
    [
      'related( (stories|articles|posts|topics|content|coverage|links|news))?',
      'you (may|might) (also )?(like|enjoy)',
      'more (stories|from|articles|posts|like this|on this|news)',
      'recommended( for you| stories| articles| posts)?',
      'empfohlene (beiträge|artikel)',
      'heute empfehlen wir',
      'read (more|next|also)',
      'see also',
      'also read',
      'most (read|popular|viewed)',
      'lesen sie (auch|mehr|weiter)',
      'auch (interessant|lesen)',
      'das könnte (sie|dich) (auch )?interessieren',
      'mehr (zum thema|dazu|aus der rubrik)',
      'ähnliche (beiträge|artikel|themen)',
      'verwandte (beiträge|artikel|themen)',
      'weitere (artikel|beiträge|nachrichten|meldungen|videos|themen|news)',
      'weiterführende (informationen|links|artikel)',
      'zurück zur (übersicht|liste|startseite)',
      'dans la même rubrique',
      '(à )?lire aussi',
      'sur le même sujet',
      'articles similaires',
      'voir aussi',
      'art[ií]culos relacionados',
      'noticias relacionadas',
      '(le|te) puede interesar',
      'lee también',
      'más noticias',
      'puedes ver',
      'veja também',
      'leia (também|mais)',
      'notícias relacionadas',
      'leggi anche',
      'articoli correlati',
      'potrebbe interessarti',
      'czytaj (także|też)',
      'zobacz (też|także)',
      'polecamy',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

/**
 * The heading of a reader-comments section or its form ("3 Comments", "Leave a Reply", "12
 * thoughts on “Title”", "Kommentare (4)", "Schreibe einen Kommentar", "Laisser un commentaire",
 * "Deja un comentario"), as the whole line: a count, a title after "on"/"zu", and punctuation
 * may stand around the phrase, nothing else (prose that mentions a discussion stays).
 */
const COMMENT_HEAD = new RegExp(
  '^(?:\\d+|no|one|two|three|keine|ein|eine|un|une|uno|una)?\\s*(?:' +
    [
      'comments?',
      'responses?',
      'replies',
      'thoughts?',
      'reader comments',
      'comments are closed',
      '(?:leave|post|add|write|submit) (?:a|your) (?:reply|comment|response)',
      'join the (?:discussion|conversation)',
      'kommentare?',
      'kommentieren',
      'leserkommentare',
      'antworten',
      'reaktionen',
      'gedanken',
      '(?:schreibe|hinterlasse|verfasse) einen kommentar',
      'kommentar (?:schreiben|verfassen|hinterlassen|abgeben)',
      'kommentare (?:schreiben|lesen|anzeigen)',
      'diskutieren sie mit',
      'commentaires?',
      'réactions?',
      '(?:laisser|ajouter|écrire) un commentaire',
      'comentarios?',
      '(?:deja|dejar|escribe|añadir) (?:un|tu) comentario',
      'commenti',
      'lascia un commento',
      'komentarze?',
      'dodaj komentarz',
      'reacties?',
      'laat een reactie achter',
      'comentários?',
      'deixe (?:um|seu) comentário',
    ].join('|') +
    ')(?:\\s+(?:so far|yet|bisher))?(?:\\s*\\(\\d+\\))?(?:\\s+(?:on|to|zu|zum|sur|à|a|en|su|do|op)\\s+\\S.*)?\\s*[:.!?»]*$',
  'iu',
);

/** The line's text from its first letter or digit (bullets, icons and quotes before it dropped). */
const lead = (b: Block) => flatText(b).replace(/^[^\p{L}\p{N}]+/u, '');

function commentHead(b: Block): boolean {
  return (
    (b.kind === 'heading' || b.kind === 'paragraph') && flatText(b).length < 120 && COMMENT_HEAD.test(lead(b))
  );
}

function relatedHead(b: Block): boolean {
  if (b.kind !== 'heading' && b.kind !== 'paragraph') return false;
  if (flatText(b).length >= 120) return false;
  return RELATED_HEAD.test(flatText(b).replace(/^[^\p{L}]+/u, '')) || COMMENT_HEAD.test(lead(b));
}

/** A "related" heading, or a paragraph that is only such a phrase (not a "Read more" button). */
function relatedTitle(b: Block): boolean {
  if (b.kind === 'heading') return true;
  const t = flatText(b);
  return t.length <= 40 && blockLinks(b) < t.length * 0.5;
}

/**
 * A "related" heading and the links under it go, wherever they stand; when the article's prose
 * is mostly above such a heading, it ends there (what follows is teasers, comments, widgets).
 * A line that names a related story ("Read more: <a>…</a>") goes alone.
 */
function dropRelated(blocks: Block[], k: Klass[], thread: boolean): [Block[], Klass[]] {
  const total = blocks.reduce((n, b, i) => n + (k[i] === 'good' ? flatText(b).length : 0), 0);
  let before = 0;
  const out: Block[] = [];
  const ks: Klass[] = [];
  for (let i = 0; i < blocks.length; i++) {
    if (relatedHead(blocks[i])) {
      // "Read more: <a>Other story</a>" inside the article: that line alone.
      if (!relatedTitle(blocks[i])) continue;
      // On a declared thread (a forum, a Q&A page) the replies under a "Comments" heading are
      // content: the heading goes alone. A box the story resumes under goes alone as well, with
      // its thumbnails.
      let resume = -1;
      if (total >= 500 && before >= total * 0.7 && !(thread && commentHead(blocks[i]))) {
        if (!commentHead(blocks[i])) resume = storyResumesAt(blocks, k, i);
        if (resume < 0) break;
      }
      let j = resume >= 0 ? resume : i + 1;
      while (j < blocks.length && k[j] === 'bad') j++;
      i = j - 1;
      continue;
    }
    if (k[i] === 'good') before += flatText(blocks[i]).length;
    out.push(blocks[i]);
    ks.push(k[i]);
  }
  return [out, ks];
}

/**
 * Non-link characters a paragraph or list after the article's last long paragraph needs to be
 * text of a section (a short answer, a closing note) rather than a widget's line or label.
 */
const TAIL_TEXT = 60;

/**
 * Where the article ends, after its last long paragraph (`lastGood`). A heading there that no
 * text follows (only short lines and links: "Neueste Artikel", "Kommentieren", "Artikel
 * bewerten", "Teilnehmende Blogs:") opens a section that is not the article's (a widget, a
 * list of other pages, a comment form), and the article ends before it. Code, tables and
 * quotes under it are a section's content, as is a subsection's text (an FAQ's answers).
 */
function tailEnd(blocks: Block[], k: Klass[], lastGood: number, end: number): number {
  for (let i = lastGood + 1; i <= end; i++) {
    const h = blocks[i];
    if (h.kind !== 'heading') continue;
    let text = false;
    // The section runs to the next heading of its level or above; its subsections are its own.
    for (let j = i + 1; j <= end && !text; j++) {
      const b = blocks[j];
      if (b.kind === 'heading') {
        if (b.level <= h.level) break;
        continue;
      }
      if (b.kind === 'code' || b.kind === 'table' || b.kind === 'quote') text = true;
      else if (k[j] !== 'bad') text = flatText(b).length - blockLinks(b) >= TAIL_TEXT;
    }
    if (!text) return i - 1;
  }
  return end;
}

/**
 * A byline or dateline: who wrote the story and when ("By Jane Doe", "Published 6 hours ago",
 * "Von Sina Giebel", "Pubblicato il 19 Febbraio 2020"), in the languages of the pages we read
 * most; the line is short and is not a sentence.
 */
const BYLINE = new RegExp(
  '^(?:' +
    [
      'by',
      'written by',
      'posted by',
      'posted on',
      'published(?: on| by)?',
      'updated(?: on)?',
      'last updated(?: on)?',
      'von',
      'veröffentlicht(?: am)?',
      'aktualisiert(?: am)?',
      'par',
      'publié(?: le)?',
      'mis à jour(?: le)?',
      'por',
      'publicado(?: el| em)?',
      'actualizado(?: el)?',
      'atualizado(?: em)?',
      'di',
      'pubblicato(?: il)?',
      'aggiornato(?: il)?',
      'door',
      'gepubliceerd(?: op)?',
      'przez',
      'opublikowano',
    ].join('|') +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

/**
 * An affiliate disclosure is told by the page owning to its links, in the languages of the
 * pages we read most: the affiliate links it names (AFFILIATE) with "this post may contain…"
 * (THIS_PAGE) or a first person who earns or gets something (WE_GET); a first person earning a
 * commission (WE_EARN); a commission (EARNING) that this page's links bring; or a line that is
 * only the links' label ("Affiliatelink"). Naming the trade alone is a text's own words: an
 * article on affiliate marketing, a reader's complaint about affiliate links, a card's
 * "qualifying purchases" offer, a reviewer's "No affiliate links" all stay.
 */
const AFFILIATE =
  /affiliate[- ]?links?|affiliate marketer|amazon (?:associate|affiliate)|reader[- ]supported|partner-?links?|liens? (?:d'affiliation|affiliés)|enlaces? (?:de )?afiliad|link (?:di )?affiliazione/iu;
const EARNING = /commission|provision|prämie|qualifying purchases|verkaufserlös|comisi[oó]n|commissione/iu;
const THIS_PAGE =
  /\b(?:this|dieser|diese|dieses|ce|cet|cette|este|esta|questo|questa)\s+(?:post|article|artikel|beitrag|page|seite|site|website|blog|articolo|artículo)\b[^.]{0,50}\b(?:contains?|enthält|enthalten|contient|contiene)/iu;
const WE_GET =
  /\b(?:i|we)\b[^.]{0,30}\b(?:earn|receive|get|make)s?\b|\b(?:bekommen|erhalten) wir\b|\bwir\b[^.]{0,30}\b(?:bekommen|erhalten)\b/iu;
const WE_EARN =
  /\b(?:i|we)\b[^.]{0,20}\b(?:earn|receive|get|make)s?\b[^.]{0,30}\bcommission|\bearns? (?:us|me)\b[^.]{0,20}\bcommission/iu;
const AFFILIATE_LABEL = /^affiliate[- ]?links?$/iu;

function disclosure(t: string): boolean {
  if (AFFILIATE_LABEL.test(t) || WE_EARN.test(t)) return true;
  const page = THIS_PAGE.test(t);
  return (AFFILIATE.test(t) && (page || WE_GET.test(t))) || (page && EARNING.test(t));
}

/** Characters an affiliate disclosure runs to at most: longer, it is a paragraph of the text. */
const DISCLOSURE_MAX = 450;

/**
 * Affiliate disclosures on a page with prose, by index: the page's statement of how it earns
 * from its links is page furniture, as a byline is, wherever it stands (above the text, in a
 * box under the title, at the end): WCXB dev's article truth leaves it out on six of the seven
 * pages where the rule finds one (0243, 0488, 4088, 4159, 4698, 4819; 4673 keeps it), and
 * trafilatura's evaluation marks an "Affiliatelink" label as not content.
 */
function disclosures(blocks: Block[]): Set<number> {
  const out = new Set<number>();
  blocks.forEach((b, i) => {
    if (b.kind !== 'paragraph') return;
    const t = flatText(b);
    if (t.length <= DISCLOSURE_MAX && disclosure(t) && ruleOn('disclosure')) out.add(i);
  });
  return out;
}

/** Characters a byline runs to at most: longer lines are a standfirst or prose. */
const BYLINE_MAX = 100;

/**
 * Bylines and datelines on a page with prose, by index: they go on every such page (a code-heavy
 * post is not "article-like" by its share of prose, and its byline is still not its text), but
 * stay in place while the article's edges are found (a linked byline is a link line that stops
 * the extension). Between the first long paragraph and the last (a dateline under a long
 * standfirst, "Written by … on …" over each review of a list) they go too, one policy wherever
 * they stand (trafilatura's evaluation marks every labelled byline it holds as not content);
 * there a line ending in a colon opens what follows ("By the end of the course you will:") and
 * stays. Product and listing pages have no long paragraph to stand beside, so a brand's "By …"
 * line there stays.
 */
function bylines(blocks: Block[], k: Klass[]): Set<number> {
  const out = disclosures(blocks);
  const first = k.indexOf('good');
  const last = k.lastIndexOf('good');
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind !== 'paragraph') continue;
    const inside = i > first && i < last;
    const t = flatText(b);
    if (
      t.length <= BYLINE_MAX &&
      !(inside ? /[.!?;:]$/ : /[.!?;]$/).test(t) &&
      BYLINE.test(t.replace(/^[^\p{L}]+/u, '')) &&
      (!inside || ruleOn('byline-inside'))
    )
      out.add(i);
  }
  return out;
}

/**
 * A paragraph made of web addresses: every link's text is an address (`https://…`, `www.…`)
 * and the text outside links is punctuation, brackets or short words ("and", "see").
 */
function addressLine(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  const t = flatText(b);
  const addresses = t.match(/(?:https?:\/\/|www\.)\S+/giu) ?? [];
  if (!addresses.length) return false;
  const rest = addresses.reduce((r, a) => r.replace(a, ' '), t);
  return rest.replace(/[\s\p{P}\p{S}]+/gu, '').length <= 12;
}

/** Characters of a link line or short line between the title and the text (a credit, a kicker). */
const TITLE_GAP_LINE = 120;

/**
 * The index of the article's own title (a level-1 heading) above where its text begins
 * (`start`), when only headings, pictures, short lines and short link lines (a picture's credit,
 * a kicker, a byline) stand between them: the link line that ended the article's extension
 * upwards does not cut its title off. A heading that names the site (og:site_name, the site's
 * part of the `<title>`) is no story's title. -1 when there is none.
 */
function titleAbove(blocks: Block[], k: Klass[], start: number, hints: RefineHints): number {
  for (let i = start - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b.kind === 'heading' && b.level === 1) {
      if (isSiteName(flatText(b), hints.titles ?? [], hints.siteName)) return -1;
      return ruleOn('title-above') ? i : -1;
    }
    if (b.kind === 'heading' || b.kind === 'image') continue;
    const gap = k[i] === 'bad' || k[i] === 'short' || k[i] === 'neutral';
    if (gap && flatText(b).length <= TITLE_GAP_LINE) continue;
    return -1;
  }
  return -1;
}

/** Links of the inlines, wherever they sit in emphasis. */
function links(nodes: readonly Inline[], out: { href: string }[] = []): { href: string }[] {
  for (const x of nodes) {
    if (x.kind === 'link') out.push(x);
    else if ('children' in x) links(x.children, out);
  }
  return out;
}

function blockLinkList(b: Block): { href: string }[] {
  if (b.kind === 'paragraph' || b.kind === 'heading') return links(b.content);
  if (b.kind === 'list') return b.items.flatMap((it) => it.blocks.flatMap(blockLinkList));
  return [];
}

/**
 * A table of contents: a list of three links or more that all point into one and the same
 * document (`#section`, or the page's own address with a fragment), with next to no text of
 * its own: the page's navigation (a "Contents [hide]" widget), not its text, whatever the
 * language of its heading. Lines of such links are left alone: on forums and documentation a
 * post's permalink or a tab is one (session 13: with them, WCXB dev fold b -.00020), and so is
 * a list that a sentence of the text leads into (fold b -.00007 without that exception).
 */
function tableOfContents(b: Block, before: Block | undefined): boolean {
  if (b.kind !== 'list') return false;
  // A sentence of the text that leads into the list ("Jump to the section you need:") makes it
  // the author's own list of the parts, which the text keeps.
  if (before?.kind === 'paragraph' && /:$/.test(flatText(before)) && flatText(before).length >= 40)
    return false;
  const ls = blockLinkList(b);
  if (ls.length < 3) return false;
  const page = new Set<string>();
  for (const l of ls) {
    const i = l.href.indexOf('#');
    if (i < 0 || i === l.href.length - 1) return false;
    page.add(l.href.slice(0, i));
  }
  const t = flatText(b);
  return page.size === 1 && blockLinks(b) >= t.length * 0.8 && ruleOn('toc-list');
}

/** What the page says of itself that the trimming reads. */
export interface RefineHints {
  /** The page declares a forum thread or a Q&A page (see anchor.ts): replies are content. */
  thread?: boolean;
  /** `<title>` and `og:title`, as written: a heading naming the site is no story's title. */
  titles?: string[];
  /** og:site_name. */
  siteName?: string;
  /** The writers the page declares, each as its name's parts (author.ts). */
  authors?: string[][];
}

export function refineBlocks(input: Block[], hints: RefineHints = {}): Block[] {
  const kept = dropRepeated(
    dropCopies(
      input
        .filter((b, i) => !isJsonData(b) && !inlineTeaser(b) && !tableOfContents(b, input[i - 1]))
        .flatMap((b) => withoutCredit(b) ?? []),
    ),
  );
  const k0 = kept.map(classify);
  // The writer's box after the story (portrait, name, bio) ends it, as a "Related" heading does.
  const box = authorBoxStart(
    kept,
    kept.map((b, i) => (k0[i] === 'good' ? flatText(b).length : 0)),
  );
  const [blocks, k] =
    box >= 0
      ? dropRelated(kept.slice(0, box), k0.slice(0, box), hints.thread ?? false)
      : dropRelated(kept, k0, hints.thread ?? false);
  const first = k.indexOf('good');
  if (first < 0) return blocks;
  const byline = bylines(blocks, k);
  // Only article-like content (mostly long prose) is trimmed; product, listing and service
  // pages are made of short blocks, and their edges are content too.
  let goodLen = 0;
  let allLen = 0;
  blocks.forEach((b, i) => {
    const len = flatText(b).length;
    allLen += len;
    if (k[i] === 'good') goodLen += len;
  });
  if (goodLen < allLen * PROSE_SHARE) {
    // Like a byline, the writer's bio goes from a page that is not mostly prose (a code-heavy post).
    const bio = authorBios(blocks, 0, blocks.length - 1, hints.authors ?? []);
    // A story in short paragraphs still ends before other stories' headlines closing the page.
    const tail = teaserTailStart(
      blocks,
      blocks.map((b, i) => (k[i] === 'good' || k[i] === 'near' ? flatText(b).length : 0)),
    );
    return byline.size || bio.size || tail < blocks.length
      ? blocks.filter((_, i) => i < tail && !byline.has(i) && !bio.has(i))
      : blocks;
  }
  const lastGood = k.lastIndexOf('good');
  // The article runs from the first to the last good block; around it, it extends over
  // anything up to the nearest boilerplate block on each side, which ends it.
  let start = first;
  // A lone link line (a source, a "see" reference) between the article's opening paragraphs
  // does not end it: the extension steps over one bad paragraph when prose stands beyond it.
  const prose = (i: number) => i >= 0 && i < blocks.length && (k[i] === 'near' || k[i] === 'good');
  // A byline (linked, so a link line) between the title and the text does not end the article,
  // nor does the share bar set beside it ("8 min · X · Facebook"): both are the story's own
  // controls, dropped below, and a dateline set after the first paragraph must not cut that
  // paragraph, the standfirst and the title off the story.
  const control = (i: number) => byline.has(i) || (shareLine(blocks[i]) && ruleOn('share-step'));
  for (;;) {
    if (start > 0 && (k[start - 1] !== 'bad' || control(start - 1))) start--;
    else if (start > 1 && blocks[start - 1].kind === 'paragraph' && prose(start - 2)) start -= 2;
    else {
      // A run of the story's sources given as bare addresses ("https://www.snopes.com/…") is
      // its text's references, not a menu: menus' and teasers' links read as words.
      let j = start - 1;
      while (j >= 0 && addressLine(blocks[j])) j--;
      if (j < start - 1 && prose(j) && ruleOn('address-lines')) start = j;
      else break;
    }
  }
  const title = titleAbove(blocks, k, start, hints);
  let end = lastGood;
  while (end < blocks.length - 1 && k[end + 1] !== 'bad') end++;
  end = tailEnd(blocks, k, lastGood, end);
  end = teaserRunEnd(blocks, start, end);
  // Outside the prose run, short lines are bylines, dates, "5 min read" and tag lines; a short
  // line that ends as a sentence does (a salutation, "Hello everyone,") belongs to the text.
  // A lone headline link to another story goes from an article, wherever it stands; it stays in
  // place above, where it ends the article's extension as the link line it is.
  const bio = authorBios(blocks, start, end, hints.authors ?? []);
  const out: Block[] = [];
  if (title >= 0) for (let i = title; i < start; i++) if (blocks[i].kind === 'heading') out.push(blocks[i]);
  for (let i = start; i <= end; i++)
    if (
      !byline.has(i) &&
      !bio.has(i) &&
      !loneHeadline(blocks[i]) &&
      !buttonLine(blocks[i]) &&
      !shareLine(blocks[i]) &&
      !(
        k[i] === 'short' &&
        (i < first || i > lastGood) &&
        !/[,.!?]$/.test(flatText(blocks[i])) &&
        !signOff(blocks, (j) => k[j] === 'short', lastGood, i)
      )
    )
      out.push(blocks[i]);
  return out;
}
