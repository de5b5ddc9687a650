import { readFileSync } from 'node:fs';

/**
 * CPU milliseconds of the child processes this process has reaped (`/proc/self/stat` cutime and
 * cstime, in 100 Hz ticks): the native OCR engine reads each page in a `tesseract` process, whose
 * CPU process.cpuUsage() does not count. 0 where /proc is not there.
 */
export function childCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}
