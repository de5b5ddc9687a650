import type { XmlElement } from '@distill/core';
import { at, isOn, kid, kids, path } from '../ooxml/xml.js';

export interface StyleInfo {
  id: string;
  name: string;
  type: string;
  basedOn?: string;
  outline?: number;
  numId?: string;
  ilvl?: number;
  bold?: boolean;
  italic?: boolean;
  font?: string;
}

/** Heading style names in the languages Word and LibreOffice write them. */
const HEADING =
  /^(?:heading|überschrift|titre|titolo|título|titulo|kop|rubrik|nagłówek|naglowek|заголовок|otsikko|overskrift|başlık|nadpis|címsor|cabeçalho|encabezado|intestazione|kopje|antraštė|virsraksts|pealkiri|naslov|επικεφαλίδα|כותרת|عنوان|見出し|标题|標題|제목)\s*(\d)$/i;
const TITLE =
  /^(?:title|titel|titre|título|titolo|tytuł|заголовок|titulo|otsikko|rubrik|cím|名前|标题|表題)$/i;

export class Styles {
  readonly byId = new Map<string, StyleInfo>();
  defaultParagraph?: string;

  constructor(root: XmlElement | undefined) {
    for (const s of kids(root, 'style')) {
      const id = at(s, 'styleId') ?? '';
      const pPr = kid(s, 'pPr');
      const rPr = kid(s, 'rPr');
      const numPr = kid(pPr, 'numPr');
      const outline = at(kid(pPr, 'outlineLvl'), 'val');
      const info: StyleInfo = {
        id,
        name: at(kid(s, 'name'), 'val') ?? id,
        type: at(s, 'type') ?? 'paragraph',
        basedOn: at(kid(s, 'basedOn'), 'val'),
        outline: outline === undefined ? undefined : Number(outline),
        numId: at(kid(numPr, 'numId'), 'val'),
        ilvl: at(kid(numPr, 'ilvl'), 'val') === undefined ? undefined : Number(at(kid(numPr, 'ilvl'), 'val')),
        bold: kid(rPr, 'b') ? isOn(kid(rPr, 'b')) : undefined,
        italic: kid(rPr, 'i') ? isOn(kid(rPr, 'i')) : undefined,
        font: at(kid(rPr, 'rFonts'), 'ascii') ?? at(kid(rPr, 'rFonts'), 'hAnsi'),
      };
      this.byId.set(id, info);
      if (at(s, 'default') === '1' && info.type === 'paragraph') this.defaultParagraph = id;
    }
  }

  /** Walks a style and its ancestors (bounded, as basedOn chains may loop). */
  *chain(id: string | undefined): Generator<StyleInfo> {
    let cur = id ?? this.defaultParagraph;
    for (let n = 0; cur && n < 20; n++) {
      const s = this.byId.get(cur);
      if (!s) return;
      yield s;
      cur = s.basedOn;
    }
  }

  /** Heading level from the style's name, id or outline level, through basedOn. */
  headingLevel(id: string | undefined): number | undefined {
    for (const s of this.chain(id)) {
      const name = s.name.trim();
      const m = HEADING.exec(name) ?? HEADING.exec(s.id.replace(/(\D)(\d)$/, '$1 $2'));
      if (m) return Number(m[1]);
      if (TITLE.test(name) || /^Title$/i.test(s.id)) return 1;
      if (s.outline !== undefined && s.outline < 9) return s.outline + 1;
    }
    return undefined;
  }

  isTitle(id: string | undefined): boolean {
    const s = id ? this.byId.get(id) : undefined;
    return !!s && (TITLE.test(s.name) || /^Title$/i.test(s.id));
  }

  numbering(id: string | undefined): { numId?: string; ilvl?: number } {
    let numId: string | undefined;
    let ilvl: number | undefined;
    for (const s of this.chain(id)) {
      numId ??= s.numId;
      ilvl ??= s.ilvl;
    }
    return { numId, ilvl };
  }

  /** Whether the style marks code (Source Code, HTML Preformatted, Code, Plain Text, Macro Text). */
  isCode(id: string | undefined): boolean {
    for (const s of this.chain(id)) {
      if (
        /^(source code|code|html preformatted|plain text|macro text|code block|preformatted text|verbatim)/i.test(
          s.name,
        )
      )
        return true;
    }
    return false;
  }

  /** Whether the style sets a quotation (Quote, Intense Quote, Block Text, and their translations). */
  isQuote(id: string | undefined): boolean {
    for (const s of this.chain(id)) {
      if (
        /^(quote|intense quote|block text|zitat|intensives zitat|citation|citation intense|cita|cita destacada|citazione|citaat|цитата)$/i.test(
          s.name,
        )
      )
        return true;
    }
    return false;
  }

  runFlag(id: string | undefined, flag: 'bold' | 'italic'): boolean | undefined {
    for (const s of this.chain(id)) if (s[flag] !== undefined) return s[flag];
    return undefined;
  }

  font(id: string | undefined): string | undefined {
    for (const s of this.chain(id)) if (s.font) return s.font;
    return undefined;
  }
}

export const paragraphStyle = (p: XmlElement): string | undefined => at(path(p, 'pPr', 'pStyle'), 'val');
