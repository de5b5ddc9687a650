import type { Block, Inline, TableCell } from '../model/types.js';
import { escapeHtml } from './escape.js';

/** Renders inlines as HTML. */
export function inlinesToHtml(nodes: readonly Inline[]): string {
  let out = '';
  for (const n of nodes) {
    switch (n.kind) {
      case 'text':
        out += escapeHtml(n.text);
        break;
      case 'strong':
        out += `<strong>${inlinesToHtml(n.children)}</strong>`;
        break;
      case 'emphasis':
        out += `<em>${inlinesToHtml(n.children)}</em>`;
        break;
      case 'strike':
        out += `<del>${inlinesToHtml(n.children)}</del>`;
        break;
      case 'superscript':
        out += `<sup>${inlinesToHtml(n.children)}</sup>`;
        break;
      case 'subscript':
        out += `<sub>${inlinesToHtml(n.children)}</sub>`;
        break;
      case 'code':
        out += `<code>${escapeHtml(n.text)}</code>`;
        break;
      case 'math':
        out += `<span class="math">${escapeHtml(n.tex)}</span>`;
        break;
      case 'link':
        out += `<a href="${escapeHtml(n.href)}"${n.title ? ` title="${escapeHtml(n.title)}"` : ''}>${inlinesToHtml(n.children)}</a>`;
        break;
      case 'image':
        out += imgTag(n.src, n.alt, n.title);
        break;
      case 'lineBreak':
        out += '<br>';
        break;
      case 'footnoteRef':
        out += `<sup><a href="#fn-${escapeHtml(n.id)}">${escapeHtml(n.id)}</a></sup>`;
        break;
    }
  }
  return out;
}

const imgTag = (src?: string, alt?: string, title?: string) =>
  `<img src="${escapeHtml(src ?? '')}" alt="${escapeHtml(alt ?? '')}"${title ? ` title="${escapeHtml(title)}"` : ''}>`;

const spanAttrs = (c: TableCell) =>
  `${(c.colSpan ?? 1) > 1 ? ` colspan="${c.colSpan}"` : ''}${(c.rowSpan ?? 1) > 1 ? ` rowspan="${c.rowSpan}"` : ''}`;

/** A table as HTML rows, one `<tr>` per line and no blank lines, so it can sit in Markdown. */
export function tableToHtml(rows: readonly TableCell[][], caption?: readonly Inline[]): string {
  const lines = ['<table>'];
  if (caption && caption.length > 0) lines.push(`<caption>${inlinesToHtml(caption)}</caption>`);
  for (const row of rows) {
    const cells = row.map((c) => {
      const tag = c.header ? 'th' : 'td';
      return `<${tag}${spanAttrs(c)}>${inlinesToHtml(c.content)}</${tag}>`;
    });
    lines.push(`<tr>${cells.join('')}</tr>`);
  }
  lines.push('</table>');
  return lines.join('\n');
}

export function blockToHtml(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h${b.level}>${inlinesToHtml(b.content)}</h${b.level}>`;
    case 'paragraph':
      return `<p>${inlinesToHtml(b.content)}</p>`;
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      const start = b.ordered && b.start !== undefined && b.start !== 1 ? ` start="${b.start}"` : '';
      const items = b.items.map((it) => `<li>${it.blocks.map(blockToHtml).join('')}</li>`).join('');
      return `<${tag}${start}>${items}</${tag}>`;
    }
    case 'table':
      return tableToHtml(b.rows, b.caption);
    case 'image': {
      const img = imgTag(b.src, b.alt, b.title);
      return b.caption ? `<figure>${img}<figcaption>${inlinesToHtml(b.caption)}</figcaption></figure>` : img;
    }
    case 'code':
      return `<pre><code${b.lang ? ` class="language-${escapeHtml(b.lang)}"` : ''}>${escapeHtml(b.text)}</code></pre>`;
    case 'quote':
      return `<blockquote>${b.children.map(blockToHtml).join('')}</blockquote>`;
    case 'formula':
      return b.display
        ? `<div class="math display">${escapeHtml(b.tex)}</div>`
        : `<span class="math">${escapeHtml(b.tex)}</span>`;
    case 'footnote':
      return `<div class="footnote" id="fn-${escapeHtml(b.id)}">${b.children.map(blockToHtml).join('')}</div>`;
    case 'comment':
      return `<!-- ${b.text.replace(/--/g, '- -')} -->`;
    case 'rule':
      return '<hr>';
    case 'pageBreak':
      return `<hr data-page="${b.page}">`;
  }
}

/** The document as an HTML fragment. */
export function toHtml(blocks: readonly Block[]): string {
  return blocks.map(blockToHtml).join('\n');
}
