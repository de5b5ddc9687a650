/**
 * The spec's `tbs` time filter: `qdr:h|d|w|m|y` (a range back from now), `cdr:1,cd_min,cd_max`
 * (a custom range of calendar days, both ends inclusive) and `sbd:1` (sort by date), combinable.
 */
export type Qdr = 'h' | 'd' | 'w' | 'm' | 'y';

export interface TimeFilter {
  /** Inclusive bounds, epoch milliseconds. */
  from?: number;
  to?: number;
  qdr?: Qdr;
  /** True when the range came from cdr (a custom range), which fewer backends accept. */
  custom: boolean;
  sortByDate: boolean;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const QDR_MS: Record<Qdr, number> = { h: HOUR, d: DAY, w: 7 * DAY, m: 31 * DAY, y: 366 * DAY };

/** MM/DD/YYYY as the spec writes it, read in UTC so a range means the same everywhere. */
function parseUsDate(v: string, endOfDay: boolean): number | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim());
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const t = Date.UTC(year, month - 1, day);
  return endOfDay ? t + DAY - 1 : t;
}

/** Reads a tbs string (already validated by the request schema). Undefined when it filters nothing. */
export function parseTbs(tbs: string | undefined, now = Date.now()): TimeFilter | undefined {
  if (!tbs) return undefined;
  const f: TimeFilter = { custom: false, sortByDate: false };
  let cdr = false;
  let min: number | undefined;
  let max: number | undefined;
  for (const raw of tbs.split(',')) {
    const part = raw.trim();
    const [key, value = ''] = part.split(':', 2);
    if (key === 'qdr' && value in QDR_MS) {
      f.qdr = value as Qdr;
      f.from = now - QDR_MS[value as Qdr];
      f.to = now;
    } else if (key === 'sbd') f.sortByDate = value === '1';
    else if (key === 'cdr') cdr = value === '1';
    else if (key === 'cd_min') min = parseUsDate(part.slice(7), false);
    else if (key === 'cd_max') max = parseUsDate(part.slice(7), true);
  }
  if (cdr || min !== undefined || max !== undefined) {
    // A custom range replaces a predefined one, as it does on the web.
    f.qdr = undefined;
    f.custom = true;
    f.from = min;
    f.to = max;
  }
  if (f.from === undefined && f.to === undefined && !f.sortByDate) return undefined;
  return f;
}

export const hasRange = (f: TimeFilter | undefined): boolean =>
  f !== undefined && (f.from !== undefined || f.to !== undefined);

/** Whether an epoch-ms date lies in the filter's range; undated items never do. */
export function inRange(f: TimeFilter, date: number | undefined): boolean {
  if (!hasRange(f)) return true;
  if (date === undefined || Number.isNaN(date)) return false;
  if (f.from !== undefined && date < f.from) return false;
  if (f.to !== undefined && date > f.to) return false;
  return true;
}

/** YYYY-MM-DD in UTC, the form date-range parameters of web APIs take. */
export const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);
