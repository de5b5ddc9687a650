import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addScores,
  type BlockScores,
  emptyScores,
  type RefElement,
  scoreBlocks,
} from '@distill/scorers/blocks';
import { aggregate, type DpScores, pyReadText, scoreDocument } from '@distill/scorers/dpbench';
import { FOLDS, type Fold, foldOf, inFold } from '@distill/scorers/folds';
import { mean } from '@distill/scorers/fsum';
import {
  aggregateIcdar,
  bestReading,
  type IcdarDocScore,
  markdownTables,
  parseStructureXml,
} from '@distill/scorers/icdar';
import { markdownNid as nid } from '@distill/scorers/nid';
import { cellAgreement, checkVectors, parseCsv } from '@distill/scorers/office';
import { addCounts, markdownToPlain, scoreSnippets, snippetPrf } from '@distill/scorers/snippets';
import { wordPrf } from '@distill/scorers/wcxb';
import { decodeBytes } from 'distill/internals';
import { runInChild } from './child.js';
import { engineByName, enginesFor } from './engines/registry.js';
import type { Engine, Kind } from './engines/types.js';
import { dpbenchInputs, type InputFile, inputFile, officeCases, wcxbInputs } from './inputs.js';
import { convertPages, type PoolOptions } from './page-pool.js';
import { corpusLabel, type Num, now, type QualityResult, writeResult } from './results.js';
import type { BlocksAnswer, ConvertAnswer } from './worker.js';

export const QUALITY_SUITES: Record<string, Kind> = {
  'pdf-dpbench': 'pdf',
  'pdf-icdar': 'pdf',
  'html-wcxb': 'html',
  'html-trafilatura': 'html',
  'office-vectors': 'office',
};

export type { Fold } from '@distill/scorers/folds';

interface Outputs {
  version: string;
  md: (string | undefined)[];
  errors: (string | undefined)[];
}

async function convertAll(engine: Engine, files: InputFile[]): Promise<Outputs> {
  const accepted = files.map((f) => !engine.accepts || engine.accepts(f.ext));
  const todo = files.filter((_, i) => accepted[i]);
  const ans = await runInChild<ConvertAnswer>({ type: 'convert', engine: engine.name, files: todo });
  const md: (string | undefined)[] = [];
  const errors: (string | undefined)[] = [];
  let k = 0;
  for (let i = 0; i < files.length; i++) {
    if (!accepted[i]) {
      md.push(undefined);
      errors.push(undefined);
      continue;
    }
    const o = ans.outputs[k++];
    md.push(o.markdown);
    errors.push(o.error);
  }
  return { version: ans.version, md, errors };
}

/** How the html suites run their pages: set by runQuality from the command line. */
let htmlPool: PoolOptions = { workers: 2, pageTimeoutMs: 60_000, cache: true };

/**
 * An html suite's pages through the page pool: every engine in a few children under a per-page
 * limit, the peers' answers cached (distill's output follows the code, so it is never cached).
 */
async function convertHtml(engine: Engine, files: InputFile[]) {
  const cache = htmlPool.cache && !!engine.cacheable;
  return convertPages(engine.name, files, { ...htmlPool, cache });
}

function base(suite: string, engine: string, corpus: string): Omit<QualityResult, 'version' | 'source'> {
  return {
    kind: 'quality',
    suite,
    engine,
    corpus: corpusLabel(corpus),
    date: now(),
    docs: 0,
    errors: 0,
    sampleErrors: [],
    status: 'ok',
    metrics: {},
  };
}

function failed(suite: string, engine: string, corpus: string, e: unknown): QualityResult {
  return {
    ...base(suite, engine, corpus),
    version: 'unknown',
    source: 'live',
    status: 'failed',
    failure: e instanceof Error ? e.message : String(e),
  };
}

const errorSummary = (errs: (string | undefined)[]) => {
  const list = errs.filter((e): e is string => !!e);
  return { errors: list.length, sampleErrors: [...new Set(list)].slice(0, 3) };
};

// ---------- folds ----------

/** A line per fold present and one for all, from per-document rows. */
function byFold<R extends { id: string }>(
  rows: R[],
  summarize: (rows: R[]) => Record<string, Num>,
): Record<string, Record<string, Num>> {
  const out: Record<string, Record<string, Num>> = {};
  for (const f of FOLDS) {
    const part = rows.filter((r) => foldOf(r.id) === f);
    if (part.length) out[`fold ${f}`] = { ...summarize(part), docs: part.length };
  }
  return out;
}

// ---------- pdf-dpbench ----------

function dpbenchScore(corpus: string, files: InputFile[], preds: string[]) {
  const perDocument: Record<string, unknown>[] = [];
  const scores: DpScores[] = [];
  files.forEach((f, i) => {
    const gt = pyReadText(readFileSync(join(corpus, 'ground-truth', `${f.id}.md`)));
    const s = scoreDocument(gt, preds[i].replace(/\r\n?/g, '\n'));
    scores.push(s);
    perDocument.push({ id: f.id, ...s });
  });
  return { metrics: aggregate(scores) as unknown as Record<string, Num>, perDocument };
}

function withFolds(
  scored: { metrics: Record<string, Num>; perDocument: Record<string, unknown>[] },
  _all: InputFile[],
) {
  const rows = scored.perDocument as unknown as (DpScores & { id: string })[];
  return { ...scored, groups: byFold(rows, (r) => aggregate(r) as unknown as Record<string, Num>) };
}

/**
 * Layout blocks against reference.json (element boxes and categories of the same pages), for
 * engines that give blocks; undefined when the corpus has no reference.json.
 */
async function dpbenchBlocks(corpus: string, engine: Engine, files: InputFile[]) {
  const refPath = join(corpus, 'reference.json');
  if (!engine.blocks || !existsSync(refPath)) return undefined;
  const ref = JSON.parse(readFileSync(refPath, 'utf8')) as Record<string, { elements: RefElement[] }>;
  const withRef = files.filter((f) => ref[f.filename]);
  const ans = await runInChild<BlocksAnswer>({ type: 'blocks', engine: engine.name, files: withRef });
  let total: BlockScores = emptyScores();
  const errors: string[] = [];
  withRef.forEach((f, i) => {
    const o = ans.outputs[i];
    if (o.error) errors.push(`${f.id}: ${o.error}`);
    total = addScores(total, scoreBlocks(ref[f.filename].elements, o.blocks ?? []));
  });
  const share = (a: number, b: number) => (b ? a / b : null);
  return {
    blocks: total,
    metrics: {
      blocks_matched: share(total.overall.matched, total.overall.n),
      blocks_label_agreement: share(total.overall.agree, total.overall.matched),
    },
    errors,
  };
}

export function publishedPeers(corpus: string): string[] {
  const dir = join(corpus, 'peers');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];
}

async function pdfDpbench(
  corpus: string,
  engines: string[],
  limit?: number,
  fold?: Fold,
): Promise<QualityResult[]> {
  const all = dpbenchInputs(corpus).filter((f) => existsSync(join(corpus, 'ground-truth', `${f.id}.md`)));
  const files = all.filter(inFold(fold)).slice(0, limit);
  const out: QualityResult[] = [];
  const published = new Set(publishedPeers(corpus));
  for (const name of engines) {
    const live = engineByName(name);
    if (!live && published.has(name)) {
      const preds = files.map((f) => {
        const p = join(corpus, 'peers', name, `${f.id}.md`);
        return existsSync(p) ? pyReadText(readFileSync(p)) : '';
      });
      const missing = files.filter((f) => !existsSync(join(corpus, 'peers', name, `${f.id}.md`))).length;
      out.push({
        ...base('pdf-dpbench', name, corpus),
        version: 'see corpora README',
        source: 'published',
        docs: files.length,
        errors: missing,
        sampleErrors: missing ? [`${missing} predictions missing`] : [],
        ...withFolds(dpbenchScore(corpus, files, preds), all),
      });
      continue;
    }
    if (!live) throw new Error(`unknown engine ${name}`);
    try {
      const o = await convertAll(live, files);
      const scored = withFolds(
        dpbenchScore(
          corpus,
          files,
          o.md.map((m) => m ?? ''),
        ),
        all,
      );
      const b = await dpbenchBlocks(corpus, live, files);
      const errs = errorSummary(o.errors);
      if (b?.errors.length) errs.sampleErrors = [...errs.sampleErrors, ...b.errors.slice(0, 3)];
      out.push({
        ...base('pdf-dpbench', name, corpus),
        version: o.version,
        source: 'live',
        docs: files.length,
        ...errs,
        ...scored,
        metrics: { ...scored.metrics, ...b?.metrics },
        ...(b ? { blocks: b.blocks } : {}),
      });
    } catch (e) {
      out.push(failed('pdf-dpbench', name, corpus, e));
    }
  }
  return out;
}

// ---------- pdf-icdar ----------

/** icdar layout: <name>.pdf with <name>-str.xml (eu-009a also read as eu-009b: the better counts). */
export function icdarInputs(corpus: string): InputFile[] {
  return readdirSync(corpus)
    .filter(
      (n) => n.toLowerCase().endsWith('.pdf') && existsSync(join(corpus, n.replace(/\.pdf$/i, '-str.xml'))),
    )
    .sort()
    .map((n) => inputFile(join(corpus, n)));
}

function icdarReadings(corpus: string, id: string) {
  const names = [id];
  const alt = id.replace(/a$/, 'b');
  if (alt !== id && existsSync(join(corpus, `${alt}-str.xml`))) names.push(alt);
  return names.map((n) => parseStructureXml(readFileSync(join(corpus, `${n}-str.xml`), 'utf8')));
}

async function pdfIcdar(
  corpus: string,
  engines: string[],
  limit?: number,
  fold?: Fold,
): Promise<QualityResult[]> {
  const all = icdarInputs(corpus);
  const files = all.filter(inFold(fold)).slice(0, limit);
  const truths = files.map((f) => icdarReadings(corpus, f.id));
  const out: QualityResult[] = [];
  for (const name of engines) {
    const engine = engineByName(name);
    if (!engine) throw new Error(`unknown engine ${name}`);
    try {
      const o = await convertAll(engine, files);
      const per: (IcdarDocScore & { id: string })[] = files.map((f, i) => ({
        id: f.id,
        ...bestReading(truths[i], markdownTables(o.md[i] ?? '')),
      }));
      const summarize = (rows: IcdarDocScore[]) => aggregateIcdar(rows) as unknown as Record<string, Num>;
      out.push({
        ...base('pdf-icdar', name, corpus),
        version: o.version,
        source: 'live',
        docs: files.length,
        ...errorSummary(o.errors),
        metrics: summarize(per),
        groups: byFold(per, summarize),
        perDocument: per as unknown as Record<string, unknown>[],
      });
    } catch (e) {
      out.push(failed('pdf-icdar', name, corpus, e));
    }
  }
  return out;
}

// ---------- html-wcxb ----------

interface WcxbTruth {
  main: string;
  type: string;
}

function wcxbTruth(corpus: string, id: string): WcxbTruth | undefined {
  const p = join(corpus, 'ground-truth', `${id}.json`);
  if (!existsSync(p)) return undefined;
  const j = JSON.parse(readFileSync(p, 'utf8'));
  return {
    main: j.ground_truth?.main_content ?? '',
    type: j._internal?.page_type?.primary ?? j.page_type ?? 'unknown',
  };
}

/**
 * One html suite's result: the whole set, the groups given, and (on a full run) both folds,
 * each summarised the suite's way.
 */
function htmlResult<R extends { id: string }>(
  suite: string,
  fold: Fold | undefined,
  name: string,
  corpus: string,
  o: Pick<Outputs, 'version' | 'errors'> & { timeouts: string[]; cached: number },
  docs: number,
  per: R[],
  summarize: (rows: R[]) => Record<string, Num>,
  groups: Record<string, Record<string, Num>>,
): QualityResult {
  if (!fold) Object.assign(groups, byFold(per, summarize));
  return {
    ...base(suiteName(suite, fold), name, corpus),
    version: o.version,
    source: 'live',
    docs,
    ...errorSummary(o.errors),
    metrics: summarize(per),
    groups,
    perDocument: per as unknown as Record<string, unknown>[],
    timeouts: { limitMs: htmlPool.pageTimeoutMs, pages: o.timeouts },
    cachedPages: o.cached,
  };
}

async function htmlWcxb(
  corpus: string,
  engines: string[],
  limit?: number,
  fold?: Fold,
): Promise<QualityResult[]> {
  const files = wcxbInputs(corpus)
    .filter((f) => wcxbTruth(corpus, f.id))
    .filter(inFold(fold))
    .slice(0, limit);
  const truths = files.map((f) => wcxbTruth(corpus, f.id)!);
  const out: QualityResult[] = [];
  for (const name of engines) {
    const engine = engineByName(name);
    if (!engine) throw new Error(`unknown engine ${name}`);
    try {
      const o = await convertHtml(engine, files);
      const per = files.map((f, i) => ({
        id: f.id,
        type: truths[i].type,
        ...wordPrf(o.md[i] ?? '', truths[i].main),
      }));
      const summarize = (rows: typeof per) => ({
        precision: mean(rows.map((r) => r.precision)),
        recall: mean(rows.map((r) => r.recall)),
        f1: mean(rows.map((r) => r.f1)),
        pages: rows.length,
      });
      const groups: Record<string, Record<string, Num>> = {};
      for (const t of [...new Set(per.map((r) => r.type))].sort())
        groups[t] = summarize(per.filter((r) => r.type === t));
      out.push(htmlResult('html-wcxb', fold, name, corpus, o, files.length, per, summarize, groups));
    } catch (e) {
      out.push(failed('html-wcxb', name, corpus, e));
    }
  }
  return out;
}

// ---------- html-trafilatura ----------

interface SnippetTruth {
  url: string;
  with: string[];
  without: string[];
}

/** A fold's results are kept apart from the whole set's (`html-wcxb-fold-a`). */
const suiteName = (suite: string, fold?: Fold) => (fold ? `${suite}-fold-${fold}` : suite);

/** trafilatura's evaluation subsets: its "hard::" and "recall::" pages, and the rest. */
const subset = (url: string) =>
  url.startsWith('hard::') ? 'hard' : url.startsWith('recall::') ? 'recall' : 'web';

async function htmlTrafilatura(
  corpus: string,
  engines: string[],
  limit?: number,
  fold?: Fold,
): Promise<QualityResult[]> {
  const truth = JSON.parse(readFileSync(join(corpus, 'evaldata.json'), 'utf8')) as Record<
    string,
    SnippetTruth
  >;
  const files = wcxbInputs(corpus)
    .filter((f) => truth[f.id])
    .filter(inFold(fold))
    .slice(0, limit);
  const out: QualityResult[] = [];
  for (const name of engines) {
    const engine = engineByName(name);
    if (!engine) throw new Error(`unknown engine ${name}`);
    try {
      const o = await convertHtml(engine, files);
      const per = files.map((f, i) => {
        const t = truth[f.id];
        const md = o.md[i];
        const { missed, leaked, ...s } = scoreSnippets(
          md === undefined ? undefined : markdownToPlain(md),
          t.with,
          t.without,
        );
        // Counts only: the snippets are the corpus's text, which stays out of the repository.
        return {
          id: f.id,
          url: t.url,
          subset: subset(t.url),
          ...s,
          missed: missed.length,
          leaked: leaked.length,
        };
      });
      const summarize = (rows: typeof per) => {
        const c = addCounts(rows);
        return { ...snippetPrf(c), ...c, pages: rows.length };
      };
      const groups: Record<string, Record<string, Num>> = {};
      for (const k of ['web', 'hard', 'recall']) {
        const rows = per.filter((r) => r.subset === k);
        if (rows.length) groups[k] = summarize(rows);
      }
      out.push(htmlResult('html-trafilatura', fold, name, corpus, o, files.length, per, summarize, groups));
    } catch (e) {
      out.push(failed(suiteName('html-trafilatura', fold), name, corpus, e));
    }
  }
  return out;
}

// ---------- office-vectors ----------

function decodeCp1252(b: Uint8Array): string {
  // Node's TextDecoder reads 0x80–0x9F of Windows-1252 as C1 controls; core's decoder does not.
  return decodeBytes(b, 'windows-1252');
}

function sheetjsTruth(
  corpus: string,
  filename: string,
): { sheets: string[][][]; names: string[] } | undefined {
  const dir = join(corpus, 'sheetjs', '2016');
  const namesPath = join(dir, `${filename}.sheetnames`);
  if (!existsSync(namesPath)) return undefined;
  const names = decodeCp1252(readFileSync(namesPath))
    .split(/\r?\n/)
    .filter((n) => n.length);
  const sheets: string[][][] = [];
  for (let i = 0; existsSync(join(dir, `${filename}.${i}.csv`)); i++)
    sheets.push(parseCsv(decodeCp1252(readFileSync(join(dir, `${filename}.${i}.csv`)))));
  return { sheets, names };
}

async function officeVectors(corpus: string, engines: string[], limit?: number): Promise<QualityResult[]> {
  const cases = officeCases(corpus).slice(0, limit);
  const vectors = existsSync(join(corpus, 'markitdown', 'vectors.json'))
    ? (JSON.parse(readFileSync(join(corpus, 'markitdown', 'vectors.json'), 'utf8')) as {
        file: string;
        must_include: string[];
        must_not_include: string[];
      }[])
    : [];
  const out: QualityResult[] = [];
  for (const name of engines) {
    const engine = engineByName(name);
    if (!engine) throw new Error(`unknown engine ${name}`);
    try {
      const o = await convertAll(
        engine,
        cases.map((c) => c.file),
      );
      const per: Record<string, unknown>[] = [];
      let vPassed = 0;
      let vTotal = 0;
      let vHandled = 0;
      const nids: number[] = [];
      const nidByFormat: Record<string, number[]> = {};
      let dHandled = 0;
      let cMatched = 0;
      let cExpected = 0;
      let cPredicted = 0;
      let sHandled = 0;
      let namesFound = 0;
      let namesTotal = 0;
      cases.forEach((c, i) => {
        const md = o.md[i];
        const handled = md !== undefined;
        const row: Record<string, unknown> = { id: c.file.id, handled, error: o.errors[i] };
        if (c.group === 'markitdown') {
          const v = vectors.find((x) => x.file === c.file.filename);
          if (!v) return;
          const r = checkVectors(md ?? '', v.must_include, handled ? v.must_not_include : []);
          // A file the engine cannot read fails its must_include checks and is not credited
          // with the must_not_include ones.
          vPassed += handled ? r.passed : 0;
          vTotal += v.must_include.length + v.must_not_include.length;
          if (handled && !o.errors[i]) vHandled++;
          Object.assign(row, {
            vectorsPassed: handled ? r.passed : 0,
            vectorsTotal: r.total,
            failed: r.failed,
          });
        } else if (c.group === 'docling') {
          const gtPath = join(corpus, 'docling', c.format, 'groundtruth', `${c.file.filename}.md`);
          if (!existsSync(gtPath)) return;
          const score = md ? nid(readFileSync(gtPath, 'utf8'), md) : 0;
          nids.push(score);
          nidByFormat[c.format] = [...(nidByFormat[c.format] ?? []), score];
          if (md) dHandled++;
          row.nid = score;
        } else {
          const t = sheetjsTruth(corpus, c.file.filename);
          if (!t) return;
          const a = cellAgreement(md ?? '', t.sheets);
          cMatched += a.matched;
          cExpected += a.expected;
          cPredicted += a.predicted;
          if (md) sHandled++;
          const found = t.names.filter((n) => (md ?? '').includes(n)).length;
          namesFound += found;
          namesTotal += t.names.length;
          Object.assign(row, a, { sheetNamesFound: found, sheetNames: t.names.length });
        }
        per.push(row);
      });
      const groups: Record<string, Record<string, Num>> = {};
      for (const [f, v] of Object.entries(nidByFormat))
        groups[`docling ${f}`] = { nid: mean(v), docs: v.length };
      // Issue 7 states its Docling goal over the OOXML files together.
      const ooxml = ['docx', 'pptx', 'xlsx'].flatMap((f) => nidByFormat[f] ?? []);
      if (ooxml.length) groups['docling docx+pptx+xlsx'] = { nid: mean(ooxml), docs: ooxml.length };
      out.push({
        ...base('office-vectors', name, corpus),
        version: o.version,
        source: 'live',
        docs: cases.filter((_, i) => o.md[i] !== undefined || o.errors[i]).length,
        ...errorSummary(o.errors),
        metrics: {
          vectors_pass_rate: vTotal ? vPassed / vTotal : null,
          vectors_files_ok: vHandled,
          vectors_files: vectors.length,
          docling_nid: mean(nids),
          docling_files_ok: dHandled,
          docling_files: nids.length,
          sheet_cell_recall: cExpected ? cMatched / cExpected : null,
          sheet_cell_precision: cPredicted ? cMatched / cPredicted : null,
          sheet_names_found: namesTotal ? namesFound / namesTotal : null,
          sheet_files_ok: sHandled,
        },
        groups,
        perDocument: per,
      });
    } catch (e) {
      out.push(failed('office-vectors', name, corpus, e));
    }
  }
  return out;
}

const f3 = (x: Num | undefined) => (typeof x === 'number' ? x.toFixed(3) : '-');

function foldLine(suite: string, m: Record<string, Num>): string {
  if (suite === 'pdf-dpbench')
    return `docs ${m.docs}  overall ${f3(m.overall)}  NID ${f3(m.nid)}  TEDS ${f3(m.teds)}  MHS ${f3(m.mhs)}`;
  return (
    `docs ${m.docs}  micro P ${f3(m.micro_precision)} R ${f3(m.micro_recall)} F1 ${f3(m.micro_f1)}` +
    `  macro P ${f3(m.macro_precision)} R ${f3(m.macro_recall)} F1 ${f3(m.macro_f1)}` +
    `  tables ${m.tables} found ${m.found} missed ${m.missed} spurious ${m.spurious}`
  );
}

export async function runQuality(
  suite: string,
  corpus: string,
  engine?: string,
  limit?: number,
  fold?: Fold,
  pool?: Partial<PoolOptions>,
): Promise<{ results: QualityResult[]; files: string[] }> {
  const kind = QUALITY_SUITES[suite];
  htmlPool = { ...htmlPool, ...pool };
  if (!kind)
    throw new Error(`unknown quality suite ${suite} (one of ${Object.keys(QUALITY_SUITES).join(', ')})`);
  // `--engine a,b` runs several engines in one run (e.g. distill-ocr,liteparse-ocr).
  let engines = engine ? engine.split(',') : enginesFor(kind).map((e) => e.name);
  if (!engine && suite === 'pdf-dpbench') engines = [...engines, ...publishedPeers(corpus)];
  if (fold && suite === 'office-vectors') throw new Error(`--fold: not for ${suite}`);
  const fn =
    suite === 'pdf-dpbench'
      ? pdfDpbench
      : suite === 'pdf-icdar'
        ? pdfIcdar
        : suite === 'html-wcxb'
          ? htmlWcxb
          : suite === 'html-trafilatura'
            ? htmlTrafilatura
            : officeVectors;
  const results: QualityResult[] = [];
  const files: string[] = [];
  for (const name of engines) {
    const t = performance.now();
    const [r] = await fn(corpus, [name], limit, fold);
    results.push(r);
    // A fold or a limited run is a tuning run: it does not replace the suite's stored result.
    if (!fold && !limit) files.push(writeResult(r));
    const main = r.metrics.overall ?? r.metrics.micro_f1 ?? r.metrics.f1 ?? r.metrics.docling_nid;
    console.log(
      `${suite} ${name}: ${r.status}${r.failure ? ` (${r.failure})` : ''} docs=${r.docs} errors=${r.errors}` +
        ` main=${typeof main === 'number' ? main.toFixed(4) : main} ${((performance.now() - t) / 1000).toFixed(1)}s`,
    );
    if (suite === 'pdf-dpbench' || suite === 'pdf-icdar') {
      const rows = { ...r.groups, all: { ...r.metrics, docs: r.docs } };
      for (const [label, m] of Object.entries(rows))
        console.log(`  ${name.padEnd(10)} ${label.padEnd(6)} ${foldLine(suite, m)}`);
    }
    // The html suites: P/R/F1 overall and per group (page type, subset, fold) on one line each.
    if (kind === 'html' && r.status === 'ok') {
      const prf = (m: Record<string, Num>) =>
        `P=${Number(m.precision).toFixed(3)} R=${Number(m.recall).toFixed(3)} F1=${Number(m.f1).toFixed(3)} n=${m.pages}`;
      console.log(`  ${'all'.padEnd(14)} ${prf(r.metrics)}`);
      for (const [g, m] of Object.entries(r.groups ?? {})) console.log(`  ${g.padEnd(14)} ${prf(m)}`);
      const t = r.timeouts;
      console.log(
        `  ${r.cachedPages ?? 0} pages from the peer cache; ${t?.pages.length ?? 0} past the ${(t?.limitMs ?? 0) / 1000} s limit` +
          `${t?.pages.length ? ` (scored empty: ${t.pages.join(', ')})` : ''}`,
      );
    }
  }
  if (kind === 'html') printHtmlTable(suite, results);
  return { results, files };
}

/** The html suites' closing table: every engine of the run, whole set and folds, side by side. */
function printHtmlTable(suite: string, results: QualityResult[]): void {
  const cell = (m?: Record<string, Num>) =>
    m
      ? `${Number(m.f1).toFixed(3)} (P ${Number(m.precision).toFixed(3)} R ${Number(m.recall).toFixed(3)})`
      : '-';
  console.log(`\n${suite}: F1 (precision, recall) by fold, same run`);
  console.log(`| engine | all | fold a | fold b | errors | timeouts |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const r of results) {
    if (r.status !== 'ok') {
      console.log(`| ${r.engine} | failed: ${r.failure} | | | | |`);
      continue;
    }
    const g = r.groups ?? {};
    console.log(
      `| ${r.engine} | ${cell(r.metrics)} | ${cell(g['fold a'])} | ${cell(g['fold b'])} | ${r.errors} | ${r.timeouts?.pages.length ?? 0} |`,
    );
  }
}

/**
 * The documents a suite scores lowest, for finding what to look at next: by `overall` (dpbench),
 * `f1` (wcxb, icdar per document), or lost snippets (trafilatura: missed + leaked).
 */
export function printWorst(r: QualityResult, n: number): void {
  const rows = (r.perDocument ?? []) as Record<string, unknown>[];
  const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
  const key = (row: Record<string, unknown>): number =>
    'overall' in row
      ? num(row.overall)
      : 'missed' in row
        ? -(num(row.missed) + num(row.leaked))
        : num(row.f1);
  const ranked = rows.filter((row) => !Number.isNaN(key(row))).sort((a, b) => key(a) - key(b));
  console.log(`${r.engine}: the ${Math.min(n, ranked.length)} lowest of ${rows.length}`);
  for (const row of ranked.slice(0, n)) {
    const fields = Object.entries(row)
      .filter(([k, v]) => k !== 'id' && (typeof v === 'number' || typeof v === 'string'))
      .map(([k, v]) => `${k}=${typeof v === 'number' ? Number(v.toFixed(3)) : v}`);
    console.log(`  ${String(row.id).padEnd(16)} ${fields.join(' ')}`);
  }
}
