import {
  attr,
  children,
  DistillError,
  descendants,
  localName,
  parseXml,
  resolveArchivePath,
  textContent,
  type XmlElement,
} from '@distill/core';

/** What the package document (OPF) says: metadata, manifest and spine, paths resolved. */
export interface ManifestItem {
  id: string;
  /** Archive path, or undefined when the href leaves the archive (refused). */
  path: string | undefined;
  href: string;
  mediaType: string;
  properties: string[];
}

export interface PackageDocument {
  opfPath: string;
  title?: string;
  authors: string[];
  language?: string;
  description?: string;
  publisher?: string;
  date?: string;
  identifier?: string;
  manifest: Map<string, ManifestItem>;
  spine: string[];
  /** Manifest id of the EPUB 2 NCX (spine@toc). */
  ncxId?: string;
}

const corrupt = (why: string) =>
  new DistillError('FILE_CORRUPT', `Unprocessable Entity: the EPUB is corrupt (${why})`);

/** The package document's path from META-INF/container.xml. */
export function rootfilePath(containerXml: string): string {
  const root = parseXml(containerXml);
  const rf = descendants(root, 'rootfile').find(
    (r) => (attr(r, 'media-type') ?? 'application/oebps-package+xml') === 'application/oebps-package+xml',
  );
  const p = rf ? attr(rf, 'full-path') : undefined;
  if (!p) throw corrupt('container.xml names no package document');
  const resolved = resolveArchivePath('', p);
  if (resolved === undefined) throw corrupt('the package document path leaves the archive');
  return resolved;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

export function readPackageDocument(opfPath: string, opfXml: string): PackageDocument {
  const root = parseXml(opfXml);
  const doc: PackageDocument = { opfPath, authors: [], manifest: new Map(), spine: [] };
  const meta = children(root, 'metadata')[0] ?? descendants(root, 'metadata')[0];
  if (meta) {
    for (const el of descendants(meta, 'creator')) {
      const v = clean(textContent(el));
      if (v && !doc.authors.includes(v)) doc.authors.push(v);
    }
    const first = (name: string) => {
      const el = descendants(meta, name)[0];
      const v = el ? clean(textContent(el)) : '';
      return v || undefined;
    };
    doc.title = first('title');
    doc.language = first('language');
    doc.description = first('description');
    doc.publisher = first('publisher');
    doc.date = first('date');
    doc.identifier = first('identifier');
  }
  const manifest = children(root, 'manifest')[0] ?? descendants(root, 'manifest')[0];
  for (const item of manifest ? children(manifest, 'item') : []) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (!id || href === undefined) continue;
    const noFragment = href.split('#')[0];
    doc.manifest.set(id, {
      id,
      href,
      path: resolveArchivePath(opfPath, noFragment),
      mediaType: attr(item, 'media-type') ?? '',
      properties: (attr(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spine: XmlElement | undefined = children(root, 'spine')[0] ?? descendants(root, 'spine')[0];
  if (spine) {
    doc.ncxId = attr(spine, 'toc');
    for (const ref of children(spine)) {
      if (localName(ref.name) !== 'itemref') continue;
      const idref = attr(ref, 'idref');
      if (idref) doc.spine.push(idref);
    }
  }
  return doc;
}
