import { readdirSync, readFileSync } from 'node:fs';

/** Resident set of one process, MB (Linux /proc; worker threads are inside it); 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Proportional set size of one process, MB: shared pages split among the processes sharing them. */
function pssMb(pid: number): number {
  try {
    const kb = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return rssMb(pid);
  }
}

/** A process and all its descendants (a browser and its renderers, say). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // The process ended while being read.
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/**
 * Memory of a process tree, MB: the sum of RSS (counts pages shared between processes once
 * per process, so it overstates) and the sum of PSS (counts each page once overall).
 */
export function treeMemory(root: number): { rssMb: number; pssMb: number; processes: number } {
  const pids = processTree(root);
  let rss = 0;
  let pss = 0;
  for (const p of pids) {
    rss += rssMb(p);
    pss += pssMb(p);
  }
  return { rssMb: rss, pssMb: pss, processes: pids.length };
}
