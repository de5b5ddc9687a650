/** A rooted ordered tree for tree edit distance. */
export interface TreeNode {
  children: TreeNode[];
}

interface Indexed<T> {
  nodes: T[]; // postorder
  lld: Int32Array; // leftmost leaf descendant of each node (postorder index)
  keyroots: number[];
}

function index<T extends TreeNode>(root: T): Indexed<T> {
  const nodes: T[] = [];
  const lldList: number[] = [];
  // Iterative postorder so deep trees cannot overflow the stack.
  const stack: { node: T; child: number; lld: number }[] = [{ node: root, child: 0, lld: -1 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.child < top.node.children.length) {
      const c = top.node.children[top.child++] as T;
      stack.push({ node: c, child: 0, lld: -1 });
      continue;
    }
    stack.pop();
    const i = nodes.length;
    nodes.push(top.node);
    const l = top.lld === -1 ? i : top.lld;
    lldList.push(l);
    const parent = stack[stack.length - 1];
    if (parent && parent.lld === -1) parent.lld = l;
  }
  const lld = Int32Array.from(lldList);
  // Keyroots: the root and every node with a left sibling = highest node for each distinct lld.
  const seen = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) seen.set(lld[i], i);
  const keyroots = [...seen.values()].sort((a, b) => a - b);
  return { nodes, lld, keyroots };
}

/**
 * Tree edit distance (Zhang–Shasha), unit insert and delete costs and a caller-given rename
 * cost. Gives the same (optimal) distance as APTED with the same cost model.
 */
export function treeEditDistance<T extends TreeNode>(t1: T, t2: T, rename: (a: T, b: T) => number): number {
  const A = index(t1);
  const B = index(t2);
  const n = A.nodes.length;
  const m = B.nodes.length;
  const td = new Float64Array(n * m);
  const renameMemo = new Float64Array(n * m).fill(Number.NaN);
  const ren = (i: number, j: number): number => {
    const k = i * m + j;
    let v = renameMemo[k];
    if (Number.isNaN(v)) {
      v = rename(A.nodes[i], B.nodes[j]);
      renameMemo[k] = v;
    }
    return v;
  };
  const fd = new Float64Array((n + 1) * (m + 1));
  const W = m + 1;
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const li = A.lld[i];
      const lj = B.lld[j];
      const rows = i - li + 2;
      const cols = j - lj + 2;
      fd[0] = 0;
      for (let x = 1; x < rows; x++) fd[x * W] = fd[(x - 1) * W] + 1;
      for (let y = 1; y < cols; y++) fd[y] = fd[y - 1] + 1;
      for (let x = 1; x < rows; x++) {
        const i1 = li + x - 1;
        const li1 = A.lld[i1];
        for (let y = 1; y < cols; y++) {
          const j1 = lj + y - 1;
          const lj1 = B.lld[j1];
          const del = fd[(x - 1) * W + y] + 1;
          const ins = fd[x * W + y - 1] + 1;
          if (li1 === li && lj1 === lj) {
            const sub = fd[(x - 1) * W + y - 1] + ren(i1, j1);
            const v = Math.min(del, ins, sub);
            fd[x * W + y] = v;
            td[i1 * m + j1] = v;
          } else {
            const px = li1 - li; // forest before i1's subtree
            const py = lj1 - lj;
            const sub = fd[px * W + py] + td[i1 * m + j1];
            fd[x * W + y] = Math.min(del, ins, sub);
          }
        }
      }
    }
  }
  return td[(n - 1) * m + (m - 1)];
}

export function countNodes(t: TreeNode): number {
  let n = 1;
  for (const c of t.children) n += countNodes(c);
  return n;
}
