/** A library record's CLC number read against the shipped tree. */
import { getClcNode } from "../clc/tree";

/** Separators between several CLC numbers of one record (also the full-width forms Chinese exports use). */
const CODE_SEPARATORS = /[;；/／]+/;

/** The CLC numbers of a record's clc cell, trimmed, empty parts dropped. */
export function splitClcCell(cell: string): string[] {
  return cell.split(CODE_SEPARATORS).map((c) => c.trim()).filter(Boolean);
}

/**
 * The tree class a catalogue number belongs to: the number itself, or (for a number deeper than
 * the tree, TP311.13 when the tree stops at TP311.1) the nearest class above it. The number's
 * letters must name a class, so a typo such as "PT311" is refused rather than read as "P".
 */
export function nearestTreeClass(raw: string): string | undefined {
  const code = raw.trim().replace(/^[\[{]|[\]}]$/g, "").toUpperCase().replace(/\s+/g, "");
  const letters = /^[A-Z]+/.exec(code)?.[0];
  if (!letters || !getClcNode(letters)) return undefined;
  for (let c = code; c.length >= letters.length; c = c.slice(0, -1)) {
    const node = getClcNode(c);
    if (node) return node.code.replace(/^[\[{]|[\]}]$/g, "");
  }
  return undefined;
}
