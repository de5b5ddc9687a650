import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CORPORA } from '../paths.js';

/** A trafilatura-dev page with its must (`with`) and must-not (`without`) snippets. */
export interface TrafPage {
  id: string;
  html: Uint8Array;
  with: string[];
  without: string[];
}

/** A WCXB dev page with its main-content truth, page type and address. */
export interface WcxbPage {
  id: string;
  html: Uint8Array;
  ref: string;
  type: string;
  url?: string;
}

const pageHtml = (dir: string, id: string) =>
  new Uint8Array(gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`))));

/** The pages of trafilatura-dev (the corpora's html/trafilatura-dev), in id order. */
export function trafDevPages(): TrafPage[] {
  const dir = path.resolve(CORPORA, 'html/trafilatura-dev');
  const truth = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<
    string,
    { with: string[]; without: string[] }
  >;
  return Object.keys(truth)
    .sort()
    .map((id) => ({ id, html: pageHtml(dir, id), with: truth[id].with, without: truth[id].without }));
}

/** The pages of WCXB dev (the corpora's html/wcxb-dev) that have a main-content truth, in id order. */
export function wcxbDevPages(): WcxbPage[] {
  const dir = path.resolve(CORPORA, 'html/wcxb-dev');
  const out: WcxbPage[] = [];
  for (const f of readdirSync(path.join(dir, 'ground-truth')).sort()) {
    const id = f.replace('.json', '');
    const gt = JSON.parse(readFileSync(path.join(dir, 'ground-truth', f), 'utf8'));
    const ref: string | undefined = gt.ground_truth?.main_content;
    if (ref === undefined) continue;
    out.push({
      id,
      html: pageHtml(dir, id),
      ref,
      type: gt._internal?.page_type?.primary ?? 'unknown',
      url: gt.url,
    });
  }
  return out;
}
