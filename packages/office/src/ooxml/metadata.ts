import type { DocMetadata } from '@distill/core';
import type { OoxmlPackage } from './package.js';
import { kids, ln, ownText } from './xml.js';

/** Title, author, subject, keywords, language and counts from docProps/core.xml and app.xml. */
export function readMetadata(pkg: OoxmlPackage): DocMetadata {
  const meta: DocMetadata = {};
  const corePart = pkg.relOfType('', '/core-properties')?.part ?? 'docProps/core.xml';
  const core = safe(() => pkg.xmlIf(corePart));
  for (const el of kids(core)) {
    const v = ownText(el).trim();
    if (!v) continue;
    switch (ln(el)) {
      case 'title':
        meta.title = v;
        break;
      case 'creator':
        meta.author = v;
        break;
      case 'subject':
        meta.subject = v;
        break;
      case 'description':
        meta.description = v;
        break;
      case 'keywords':
        meta.keywords = v;
        break;
      case 'language':
        meta.language = v;
        break;
      case 'lastModifiedBy':
        meta.lastModifiedBy = v;
        break;
      case 'created':
        meta.created = v;
        break;
      case 'modified':
        meta.modified = v;
        break;
      case 'category':
        meta.category = v;
        break;
    }
  }
  const appPart = pkg.relOfType('', '/extended-properties')?.part ?? 'docProps/app.xml';
  const app = safe(() => pkg.xmlIf(appPart));
  for (const el of kids(app)) {
    const v = ownText(el).trim();
    if (!v) continue;
    if (ln(el) === 'Application') meta.application = v;
    else if (ln(el) === 'Company') meta.company = v;
  }
  return meta;
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
