/**
 * The main-content filter's vocabulary and thresholds, in one place, grouped by what they
 * recognise. main-content.ts (pruning, descent), regions.ts (comment threads and teaser grids
 * by structure) and head.ts (title and standfirst) read them; change a word list or a number
 * here, and say why beside it.
 *
 * Class and id patterns are tested against an element's `id` and `class` joined by a space;
 * words are delimited by start/end, whitespace, `-` or `_`.
 */

/**
 * The pattern with each compound word's hyphen also matching an underscore (`comment_list` as
 * `comment-list`, `side_bar` as `side-bar`): class and id names use both.
 */
function either(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/(\w)-(\w)/g, '$1[-_]$2'), re.flags);
}

// ---------------------------------------------------------------------------------------------
// Page chrome: navigation, header, footer, sidebars, overlays. Boilerplate by tag and role.

export const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'header']);

export const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'dialog',
  'alertdialog',
]);

/** Elements that make a `<header>` or `<footer>` inside them that section's, not the page's. */
export const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * Class/id words that mark boilerplate whatever it holds (up to a long run of prose): consent
 * and sign-up boxes, share bars, ads, overlays, the page's navigation and footer.
 */
export const STRONG_NEGATIVE = either(
  /(?:^|[-_\s])(cookies?|consent|gdpr|newsletter|news-letter|subscribe|subscription|donate|donation|donations|spenden|support-us|cta|call-to-action|signup|sign-up|share|sharing|sharedaddy|social|socials|social-links|breadcrumbs?|skiplink|skip-link|skip-to-content|sr-only|screen-reader-text|visually-hidden|visuallyhidden|advert|advertisement|ad-slot|adsbygoogle|outbrain|taboola|popup|modal|overlay|navbar|navigation|nav|menu|footer|sidebar|side-bar|reviews|customer-reviews|user-reviews|product-reviews|reviews-list|review-list|testimonials)(?:$|[-_\s])/i,
);

/** The page's own regions named in PascalCase (`SiteFooter`, `GlobalNavigation`), not a card's. */
export const CAMEL_REGION =
  /(?:^|[\s_-])(?:Site|Page|Global|Main|App|Layout)(Footer|Sidebar|Navigation|Navbar)(?:$|[-_\s])/;

/** Words that mark boilerplate when the element holds no prose (a long text run). */
export const NEGATIVE = either(
  /(?:^|[-_\s])(menus|foot|widget|widgets|related|recommended|recommendations|login|banner|ads?|sponsor|sponsored|promo|promotion|masthead|topbar|top-bar|toolbar|pagination|pager|tags|tag-list|tagcloud|author-bio|author-box|byline|post-meta|entry-meta|disclaimer|copyright|print|comment-form|respond|reply-form|jump|more-stories|read-more|trending|popular)(?:$|[-_\s])/i,
);

/** A page header by its own name (`header`, `site-header`, `header-wrapper`), not `post-header`. */
export const HEADER_NAME = either(
  /(?:^|\s)(?:(?:site|global|main|top|nav)[-_])?header(?:[-_](?:wrap|wrapper|container|main|top|inner|bar|nav|area|outer))?(?:$|\s)/i,
);

/** Elements whose class names say nothing about the page region they sit in. */
export const NO_HINT_TAGS = new Set(['table', 'thead', 'tbody', 'tr', 'td', 'th', 'pre', 'code', 'h1', 'h2']);

// ---------------------------------------------------------------------------------------------
// Hidden text.

/** Classes for screen-reader-only text: never shown on screen (exact class names only). */
export const SR_ONLY_CLASS =
  /(?:^|\s)(visually-hidden|visuallyhidden|sr-only|screen-reader-text|screenreader|offscreen|element-invisible)(?:$|\s)/;

/**
 * Utility classes that hide an element with CSS (exact class names only). Scripts toggle them
 * (collapsed answers, tab panels, lazily revealed sections), so they mark boilerplate only
 * when the element holds no prose.
 */
export const HIDDEN_CLASS = /(?:^|\s)(hidden|hide|d-none|is-hidden|invisible|u-hidden|display-none)(?:$|\s)/;

// ---------------------------------------------------------------------------------------------
// The content itself, by name.

/** Words that keep an element out of the weaker name rules (NEGATIVE, HEADER_NAME). */
export const POSITIVE = either(
  /(?:^|[-_\s])(article|articles|content|main|main-content|post|post-body|post-content|entry|entry-content|body|text|story|blog|blog-post|prose|markdown|rich-text|richtext|page-content|article-body|articlebody|documentation|docs)(?:$|[-_\s])/i,
);

/** The article body's container by the names CMS themes give it. */
export const CONTENT_CLASS = either(
  /(?:^|[\s_-])(entry-content|post-content|post-body|postbody|article-body|articlebody|article-content|article__body|article__content|story-body|story-content|content-body|post__content|post__body|blog-post-content|blog-content|markdown-body|rich-text|richtext|single-content|td-post-content|itemprop-articlebody|page-content|main-content|article-text|articletext)(?:$|[\s_-])/i,
);

/** A tab or accordion pane: never the whole of the content beside its sister panes. */
export const PANE = /(?:^|\s)(?:tab-pane|tabpanel|tab-panel|accordion-item|accordion-panel)(?:$|\s)/i;

/** An image's caption or credit line. */
export const CAPTION = either(
  /(?:^|[-_\s])(caption|captions|wp-caption-text|figcaption|legend|credit|credits|photo-credit|image-credit|bildunterschrift|bildnachweis)(?:$|[-_\s])/i,
);

// ---------------------------------------------------------------------------------------------
// Reader comments and reviews.

/** Any part of a comments region (a comment, its form, its count). */
export const COMMENT_WORD = /(?:^|[-_\s])comments?(?:$|[-_\s])/i;

/** A reader-comments region by its usual names (WordPress, Disqus, CMS themes). */
export const COMMENTS = either(
  /(?:^|[\s_-])(comments|comment[-_]?list|comments-area|comments-section|entry-comments|disqus_thread|dsq-comments)(?:$|[\s_-])/i,
);

/** A comment's signature: its author's name or picture. */
export const COMMENT_AUTHOR = either(
  /(?:^|[-_\s])(author|avatar|user|username|user-name|commenter|comment-author|vcard|fn|nick|nickname)(?:$|[-_\s])/i,
);

/** A comment's date. */
export const COMMENT_DATE = either(
  /(?:^|[-_\s])(date|time|timestamp|ago|comment-date|comment-time|published)(?:$|[-_\s])/i,
);

/** A reply link's text. */
export const REPLY_TEXT =
  /^\s*(reply|antworten|beantworten|répondre|responder|rispondi|odpowiedz|svara|reageer|responder|ответить)\s*$/i;

/** Forum posts and answers: the thread is the page's content, named as such. */
export const FORUM_NAME = either(
  /(?:^|[-_\s])(post|posts|postbody|answer|answers|message|messages|msg|topic|thread|question|forum)(?:$|[-_\s])/i,
);

/**
 * Customer reviews of a product (`customer-reviews`, `reviews-list`): boilerplate however long they
 * run, the page being about the product. A bare `reviews` or `testimonials` section of a service
 * page or an article is its content.
 */
export const REVIEW_REGION = either(
  /(?:^|[-_\s])(?:(?:customer|user|product)-reviews|reviews?-list)(?:$|[-_\s])/i,
);

// ---------------------------------------------------------------------------------------------
// Related content and teasers for other pages.

/**
 * Related and recommended content by its usual names (`jp-relatedposts`, `crp_related`,
 * `relatedArticles`, `recirculation-box`, `read-also`, `post-ratings`): boilerplate when it
 * holds no prose, even inside a container named as the post (`post-related`). A bare `rating`
 * is not one: a product card's stars and review count are a listing's content.
 */
export const RELATED = either(
  /(?:^|[-_\s])(related[^\s_-]*|recirculation|read-also|also-read|read-next|up-next|more-from|more-news|see-also|post-ratings|you-may-like|recommend[^\s_-]*)(?:$|[-_\s])/i,
);

// ---------------------------------------------------------------------------------------------
// The author's box: who wrote the story, with a bio and a picture, beside or after it.

/**
 * An author box by its name (`author-box`, `cbx-Author`, `author_detail_box`, `td-author-by`)
 * in the languages of the pages we read most; an element with `itemprop="author"` is one too
 * (the Simple Author Box plugin's `saboxplugin-wrap`).
 */
export const AUTHOR_BOX = either(
  /(?:^|[-_\s])(author|authors|autor|autoren|autorin|auteur|auteurs|autore|autori|about-author|about-the-author)(?:$|[-_\s])/i,
);

/** Characters an author box runs to at most: a longer element is a page by or about the author. */
export const AUTHOR_BOX_MAX = 1500;

/**
 * Characters of the longest text run an author box needs: its bio's sentence. An author's name
 * alone (a post's signature in a forum, a book's author in a list, a card's byline) is no box.
 */
export const AUTHOR_BIO = 50;

/** Share of the page's prose an author box holds at most: more is an author's page, its content. */
export const AUTHOR_BOX_SHARE = 0.25;

/**
 * Characters a box around a form (a newsletter sign-up, a comment form, a search box) runs to
 * at most: a heading and a line or two about the form. A contact page's text is longer.
 */
export const FORM_BOX_MAX = 300;

// ---------------------------------------------------------------------------------------------
// Paywalls and registration walls: the prompt that replaces the rest of a story.

/**
 * A subscription or registration prompt by its usual names (`paywall-template-container`,
 * `paywall_title`, `regwall`): boilerplate when it holds no prose, even inside the article's
 * container, where templates put it after the visible paragraphs.
 */
export const PAYWALL = either(/(?:^|[-_\s])(paywall[^\s_-]*|pay-wall|regwall|reg-wall)(?:$|[-_\s])/i);

// ---------------------------------------------------------------------------------------------
// Structure.

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Elements the descent never enters: a paragraph or a list is content, not a container of it. */
export const LEAF = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'dl',
  'li',
  'figure',
  'a',
  'b',
  'strong',
  'em',
  'i',
  'code',
  'span',
  'font',
  'small',
  'label',
  'table',
  'tr',
  'thead',
  'tbody',
]);

/** Containers of a comment thread, and of a teaser grid, and the items they repeat. */
export const THREAD_PARENTS = new Set(['div', 'section', 'ul', 'ol']);
export const TEASER_PARENTS = new Set(['div', 'section', 'ul', 'ol', 'aside', 'nav']);
export const TEASER_ITEMS = new Set(['li', 'div', 'article', 'section', 'figure']);

// ---------------------------------------------------------------------------------------------
// Thresholds. Prose is measured in weighted characters (see stats.ts: each text run beyond
// RUN_ALLOWANCE characters, outside short links).

/** Characters a text run has before it counts as prose: labels and menu items are shorter. */
export const RUN_ALLOWANCE = 25;

/** A child holding this share of its parent's prose is the better container: descend into it. */
export const DESCEND = 0.85;

/** A sibling with this share of the chosen container's prose (and few links) joins it. */
export const SIBLING = 0.35;

/** A descendant named as the article body is chosen when it holds this share of the prose. */
export const HINT_SHARE = 0.5;

/** Characters of non-link text the pruning must leave, or it is redone relaxed. */
export const MIN_LEFT = 150;

/** Prose (characters) an article must have outside its comments for them to be dropped. */
export const COMMENTS_AFTER = 2000;

/**
 * Prose (weighted characters) a page that declares itself an article (og:type article, a
 * schema.org Article type) must have outside its comments, a signed thread or a teaser grid
 * for them to be dropped: the declaration says the page is a story, not a forum or a listing,
 * so a short story's comments and "you may also like" cards are not its content either.
 */
export const DECLARED_ARTICLE = 300;

/**
 * Prose (weighted characters) a short article must have outside a comment thread whose items
 * are signed, dated and name themselves comments for the thread to be dropped (regions.ts): the
 * structure and the names say what it is, so the article need not be long.
 */
export const SHORT_ARTICLE = 300;

/** Prose the page must have outside a teaser list for it to be dropped (a listing is all teasers). */
export const TEASER_ARTICLE = 1500;

/**
 * Prose (weighted characters) the page must have outside a list of long teaser cards (named
 * related, or with excerpts cut short) for it to be dropped: a blog post of a few paragraphs.
 */
export const CARDS_ARTICLE = 500;

/** Prose the page must have outside a signed, dated thread to drop it (a forum is all thread). */
export const THREAD_ARTICLE = 1000;

/** Below this much prose (after pruning) a page is judged by its text instead. */
export const LOW_PROSE = 300;

/** Characters of non-link text a standfirst holds at least. */
export const LEAD_MIN = 80;

/** Characters a standfirst holds at most: a longer block is a section or a teaser of its own. */
export const LEAD_MAX = 1200;

/** Levels above the chosen content searched for its title. */
export const HEAD_LEVELS = 3;

/** Non-link characters the title and standfirst above the content may hold. */
export const HEAD_MAX = 1500;

/** Shorter lines between the title and the content are dates, bylines and kickers. */
export const HEAD_LINE = 50;

// ---------------------------------------------------------------------------------------------
// The article body a page declares in JSON-LD (anchor.ts).

/** Characters a declared body must have to be one (shorter ones are descriptions, teasers). */
export const ANCHOR_MIN = 200;

/** Opening characters (whitespace dropped) of a text node looked up in the declared body. */
export const ANCHOR_KEY = 30;

/**
 * Share of the declared body the page must show in matched text nodes: below it, the page
 * shows a teaser of the body, or another body (a translation, a listing's first story).
 */
export const ANCHOR_AGREE = 0.4;

/** The anchor is the deepest element holding this share of the matched text. */
export const ANCHOR_SHARE = 0.9;

// ---------------------------------------------------------------------------------------------
// The title (head.ts).

/** An `h1` shorter than this is a logo or a section name, whatever the title says. */
export const TITLE_MIN = 10;
