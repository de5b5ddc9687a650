/**
 * parse5's default tree, typed loosely (the benchmarks compile without its AST types), with the
 * two reads the web-page extractors make of it (webtables/extract.ts, webheadings/extract.ts).
 */
export interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

/** An element's children; a `<template>`'s are in its content fragment. */
export const kids = (n: Node): Node[] => n.content?.childNodes ?? n.childNodes ?? [];
export const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
