/** The English month names, January first: Excel's `mmmm` (and `mmm`, `mmmmm` cut from them). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Calendar parts of an Excel serial date (1900 system with its leap-year bug, or 1904). */
export interface DateParts {
  y: number;
  m: number;
  d: number;
  /** 0 = Sunday. */
  dow: number;
  H: number;
  M: number;
  S: number;
  /** Fraction of a second, already rounded to the precision asked. */
  sub: number;
  /** Whole days and seconds, for elapsed-time formats. */
  days: number;
  secondsOfDay: number;
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 31);
const EPOCH_1900_AFTER_BUG = Date.UTC(1899, 11, 30);

/**
 * Splits a serial into date and time. `subDigits` is the count of fractional-second digits the
 * format shows: the time is rounded to that precision first, as Excel does, so 0.99999 days
 * with `h:mm:ss` shows the next day's 0:00:00.
 */
export function serialToParts(serial: number, date1904: boolean, subDigits = 0): DateParts | undefined {
  let v = serial;
  if (date1904) v += 1462;
  if (!(v >= 0) || v >= 2958466) return undefined;
  let days = Math.floor(v);
  const scale = 10 ** subDigits;
  let ticks = Math.round((v - days) * 86400 * scale);
  if (ticks >= 86400 * scale) {
    ticks -= 86400 * scale;
    days += 1;
  }
  const secondsOfDay = ticks / scale;
  const whole = Math.floor(secondsOfDay);
  const sub = secondsOfDay - whole;
  let y: number;
  let m: number;
  let d: number;
  if (days === 60) {
    y = 1900;
    m = 2;
    d = 29;
  } else if (days === 0) {
    y = 1900;
    m = 1;
    d = 0;
  } else {
    const base = days < 60 ? EPOCH_1900 : EPOCH_1900_AFTER_BUG;
    const dt = new Date(base + days * DAY_MS);
    y = dt.getUTCFullYear();
    m = dt.getUTCMonth() + 1;
    d = dt.getUTCDate();
  }
  // Excel counts the phantom 29 February, so its weekday arithmetic is plain modular.
  const dow = (days + 6) % 7;
  return {
    y,
    m,
    d,
    dow,
    H: Math.floor(whole / 3600),
    M: Math.floor((whole % 3600) / 60),
    S: whole % 60,
    sub,
    days,
    secondsOfDay,
  };
}

/** The serial of an ISO date-time (xlsx `t="d"` cells), in the workbook's date system. */
export function isoToSerial(iso: string, date1904: boolean): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?/.exec(iso);
  if (!m) return undefined;
  const ms =
    Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) +
    Math.round(Number(m[7] ?? 0) * 1000);
  let serial = (ms - EPOCH_1900_AFTER_BUG) / DAY_MS;
  if (serial < 61) serial -= 1;
  if (date1904) serial -= 1462;
  return serial;
}
