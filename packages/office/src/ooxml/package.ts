import { DistillError, parseXml, resolveArchivePath, type XmlElement, ZipArchive } from '@distill/core';
import { at, kids } from './xml.js';

export interface Relationship {
  id: string;
  type: string;
  target: string;
  /** The resolved archive path for internal targets; undefined for external ones. */
  part?: string;
  external: boolean;
}

/** Largest element count accepted for one XML part: a guard against hostile parts. */
const MAX_XML_ELEMENTS = 5_000_000;

/**
 * An opened OOXML package: the ZIP, its relationships and content types. Parts are resolved
 * through relationships as the format asks, never by guessed names alone.
 */
export class OoxmlPackage {
  readonly zip: ZipArchive;
  private readonly relCache = new Map<string, Map<string, Relationship>>();
  private types?: { defaults: Map<string, string>; overrides: Map<string, string> };

  constructor(bytes: Uint8Array) {
    this.zip = new ZipArchive(bytes);
  }

  has(part: string): boolean {
    return this.zip.find(part) !== undefined;
  }

  text(part: string): string {
    return this.zip.readText(part);
  }

  xml(part: string): XmlElement {
    return parseXml(this.zip.readText(part), { maxElements: MAX_XML_ELEMENTS });
  }

  /** The parsed part, or undefined when it is absent. */
  xmlIf(part: string | undefined): XmlElement | undefined {
    if (!part || !this.has(part)) return undefined;
    return this.xml(part);
  }

  /**
   * An auxiliary part (styles, numbering, notes, a slide's layout), or undefined when it is absent
   * or corrupt: a broken auxiliary part should not lose the body; a bomb still stops.
   */
  xmlAux(part: string | undefined): XmlElement | undefined {
    if (!part || !this.has(part)) return undefined;
    try {
      return this.xml(part);
    } catch (e) {
      if (e instanceof DistillError && e.code !== 'FILE_CORRUPT') throw e;
      return undefined;
    }
  }

  bytes(part: string): Uint8Array {
    return this.zip.read(part);
  }

  /** Relationships of a part (`''` for the package itself), by id. */
  rels(part: string): Map<string, Relationship> {
    const cached = this.relCache.get(part);
    if (cached) return cached;
    const slash = part.lastIndexOf('/');
    const relPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
    const map = new Map<string, Relationship>();
    if (this.has(relPath)) {
      let root: XmlElement | undefined;
      try {
        root = this.xml(relPath);
      } catch (e) {
        if (e instanceof DistillError && e.code !== 'FILE_CORRUPT') throw e;
      }
      for (const r of kids(root, 'Relationship')) {
        const id = at(r, 'Id') ?? '';
        const target = at(r, 'Target') ?? '';
        const external = at(r, 'TargetMode') === 'External';
        map.set(id, {
          id,
          type: at(r, 'Type') ?? '',
          target,
          external,
          part: external ? undefined : resolveArchivePath(part === '' ? '' : part, target),
        });
      }
    }
    this.relCache.set(part, map);
    return map;
  }

  /** The first relationship of a part whose type ends with `suffix` (`/officeDocument`). */
  relOfType(part: string, suffix: string): Relationship | undefined {
    for (const r of this.rels(part).values()) if (r.type.endsWith(suffix)) return r;
    return undefined;
  }

  relsOfType(part: string, suffix: string): Relationship[] {
    return [...this.rels(part).values()].filter((r) => r.type.endsWith(suffix));
  }

  /** The main document part (word/document.xml, ppt/presentation.xml, xl/workbook.xml). */
  mainPart(fallbacks: string[]): string | undefined {
    const r = this.relOfType('', '/officeDocument');
    if (r?.part && this.has(r.part)) return r.part;
    return fallbacks.find((f) => this.has(f));
  }

  contentType(part: string): string | undefined {
    if (!this.types) {
      const defaults = new Map<string, string>();
      const overrides = new Map<string, string>();
      if (this.has('[Content_Types].xml')) {
        const root = this.xml('[Content_Types].xml');
        for (const d of kids(root, 'Default'))
          defaults.set((at(d, 'Extension') ?? '').toLowerCase(), at(d, 'ContentType') ?? '');
        for (const o of kids(root, 'Override'))
          overrides.set(
            (at(o, 'PartName') ?? '').replace(/^\//, '').toLowerCase(),
            at(o, 'ContentType') ?? '',
          );
      }
      this.types = { defaults, overrides };
    }
    const lower = part.toLowerCase();
    return this.types.overrides.get(lower) ?? this.types.defaults.get(lower.split('.').pop() ?? '');
  }
}

/** Opens a package, mapping a non-ZIP input to FILE_CORRUPT. */
export function openPackage(bytes: Uint8Array): OoxmlPackage {
  return new OoxmlPackage(bytes);
}

export function missingPart(what: string): DistillError {
  return new DistillError('FILE_CORRUPT', `Unprocessable Entity: the document has no ${what}`);
}
