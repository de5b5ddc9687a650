/**
 * Disjoint sets over 0..n-1 (path halving): `join` puts two members in one set, `find` gives a
 * member's root. Tables group ruling lines with it, header fills their touching rectangles.
 */
export function disjointSets(n: number): { find(i: number): number; join(i: number, j: number): void } {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  return {
    find,
    join: (i, j) => {
      parent[find(i)] = find(j);
    },
  };
}
