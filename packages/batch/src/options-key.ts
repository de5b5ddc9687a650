import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { type ParseOptionsInput, parseOptionsSchema, validate } from 'distill';

let engineVersion: string | undefined;
/** The version of the `distill` engine that converts (a new release may write other Markdown). */
function version(): string {
  engineVersion ??= (createRequire(import.meta.url)('distill/package.json') as { version: string }).version;
  return engineVersion;
}

/** Formats whose parsers read the web-page options (main content, include and exclude tags). */
const PAGE_FORMATS = new Set(['html', 'htm', 'xhtml', 'epub']);

/** The format a file's name says, ignoring a trailing .gz; its bytes decide in the engine. */
const extensionOf = (path: string) => /\.([^./\\]+)(\.gz)?$/i.exec(path)?.[1]?.toLowerCase() ?? '';

/**
 * What decides a file's outputs besides its bytes, as a short hash: the parse options the
 * engine reads for this kind of file (defaults filled in, so `--pdf-mode auto` and no flag
 * are the same; PDF settings only for PDFs, web-page settings only for pages and EPUBs),
 * whether JSON is written, and the engine's version. The manifest keeps it per file; a run
 * whose key differs converts the file again, so a new option reconverts exactly what it
 * changes. The timeout is left out: it decides whether a file finishes, not what it becomes.
 */
export class OptionsKeys {
  private readonly normal: Record<string, unknown>;
  private readonly byExt = new Map<string, string>();

  constructor(
    options: ParseOptionsInput,
    private readonly json: boolean,
    /** Images as files: the folder, so writing them (or elsewhere) converts files again. */
    private readonly imagesDir?: string,
  ) {
    this.normal = validate(parseOptionsSchema, options, 'options') as Record<string, unknown>;
  }

  of(path: string): string {
    const ext = extensionOf(path);
    let key = this.byExt.get(ext);
    if (key === undefined) {
      const { timeout: _t, parsers, onlyMainContent, includeTags, excludeTags, ...common } = this.normal;
      const shaping: Record<string, unknown> = { ...common };
      if (ext === 'pdf') shaping.parsers = parsers;
      if (PAGE_FORMATS.has(ext)) Object.assign(shaping, { onlyMainContent, includeTags, excludeTags });
      key = createHash('sha256')
        .update(
          JSON.stringify({
            options: shaping,
            json: this.json,
            version: version(),
            ...(this.imagesDir ? { imagesDir: this.imagesDir } : {}),
          }),
        )
        .digest('hex')
        .slice(0, 16);
      this.byExt.set(ext, key);
    }
    return key;
  }
}
