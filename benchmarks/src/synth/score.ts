/**
 * Reading and scoring for the pdf-synth checks: every written PDF is read by distill (the public
 * `parse`) and, unless --no-peers, by liteparse in the same run, scored with the dpbench scorers
 * against the truth the script wrote, and printed per table class and per heading style.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DpScores, scoreDocument } from '@distill/scorers/dpbench';
import { mean } from '@distill/scorers/fsum';
import { parse } from 'distill';
import { pdfPeers } from '../engines/pdf-peers.js';

export interface SynthDoc {
  id: string;
  cls: string;
  style: string;
  truth: string;
}

const distill = async (path: string) => {
  const r = await parse(
    { data: new Uint8Array(readFileSync(path)), filename: path.split('/').pop()! },
    { formats: ['markdown'], parsers: [{ type: 'pdf' }], timeout: 300_000 },
  );
  return r.markdown ?? '';
};

/** Reads `<work>/<id>.pdf` for every document with each engine; with `keep`, writes what each produced beside it. */
export async function scoreDocs(
  docs: SynthDoc[],
  work: string,
  opts: { peers: boolean; keep: boolean },
): Promise<Map<string, DpScores[]>> {
  const lite = pdfPeers.find((e) => e.name === 'liteparse')!;
  const engines: [string, (path: string) => Promise<string>][] = [['distill', distill]];
  if (opts.peers)
    engines.push([
      'liteparse',
      (path) =>
        lite.convert({ path, bytes: new Uint8Array(readFileSync(path)), filename: path.split('/').pop()! }),
    ]);
  const scores = new Map<string, DpScores[]>();
  for (const [name, run] of engines) {
    const s: DpScores[] = [];
    for (const d of docs) {
      const md = await run(join(work, `${d.id}.pdf`));
      if (opts.keep) writeFileSync(join(work, `${d.id}.${name}.md`), md);
      s.push(scoreDocument(d.truth, md.replace(/\r\n?/g, '\n')));
    }
    scores.set(name, s);
  }
  if (opts.keep) for (const d of docs) writeFileSync(join(work, `${d.id}.truth.md`), d.truth);
  await Promise.all(pdfPeers.map((e) => e.close?.()));
  return scores;
}

const f3 = (v: number | null) => (v === null ? '   - ' : v.toFixed(3).replace(/^0/, ' '));
const avg = (xs: (number | null)[]) => mean(xs.filter((x): x is number => x !== null));

/** The per-class table: one line per table class, per heading style and for all documents. */
export function printScores(
  scores: Map<string, DpScores[]>,
  docs: SynthDoc[],
  classes: readonly string[],
  styles: readonly string[],
  perDoc: boolean,
): void {
  const line = (label: string, pick: (d: SynthDoc) => boolean) => {
    const cells = [...scores].map(([, s]) => {
      const part = s.filter((_, i) => pick(docs[i]));
      return ['overall', 'nid', 'teds', 'mhs'].map((m) => f3(avg(part.map((x) => x[m as 'nid'])))).join(' ');
    });
    return `${label.padEnd(18)} ${String(docs.filter(pick).length).padStart(3)}  ${cells.join('   |  ')}`;
  };
  const header = `${'class'.padEnd(18)}   n  ${[...scores.keys()].map((e) => `${e.padEnd(9)} overall nid  teds  mhs`).join(' |  ')}`;
  console.log(header.replace(/(\S+)\s+overall/g, '$1 overall'));
  console.log('— by table class');
  for (const c of classes) console.log(line(c, (d) => d.cls === c));
  console.log('— by heading style');
  for (const s of styles) console.log(line(s, (d) => d.style === s));
  console.log(line('all', () => true));
  if (perDoc)
    for (const [name, s] of scores)
      docs.forEach((d, i) => {
        console.log(
          `  ${name} ${d.id}: overall ${f3(s[i].overall)} nid ${f3(s[i].nid)} teds ${f3(s[i].teds)} mhs ${f3(s[i].mhs)}`,
        );
      });
}
