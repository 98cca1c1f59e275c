/**
 * A state hash: 64 bits (two FNV-1a-style 32-bit lanes) over the state's canonical JSON text (object keys
 * sorted, `undefined` fields dropped). Used per ply in game records so a replay proves it reproduces every
 * state exactly. `hashState` streams the canonical text into the lanes without building it: the result is
 * exactly `hashText(canonicalJson(state))`, at a fraction of the cost.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number in state');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

const SEED1 = 0x811c9dc5;
const SEED2 = 0x01000193 ^ 0x5bd1e995;
let h1 = SEED1;
let h2 = SEED2;

function feed(text: string): void {
  let a = h1;
  let b = h2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  h1 = a;
  h2 = b;
}

/** Sorted keys per object shape (the same few shapes recur in every state). */
const sortedKeys = new Map<string, string[]>();

function walk(value: unknown): void {
  if (typeof value === 'number' && Number.isFinite(value)) {
    feed(String(value)); // the same text JSON.stringify gives a finite number
    return;
  }
  if (typeof value === 'boolean') {
    feed(value ? 'true' : 'false');
    return;
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number in state');
    feed(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    feed('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) feed(',');
      // JSON writes undefined array slots as null, as canonicalJson does.
      walk(value[i] === undefined ? null : value[i]);
    }
    feed(']');
    return;
  }
  const o = value as Record<string, unknown>;
  const own = Object.keys(o);
  const shape = own.join('\u0000');
  let keys = sortedKeys.get(shape);
  if (!keys) {
    keys = [...own].sort();
    if (sortedKeys.size < 10_000) sortedKeys.set(shape, keys);
  }
  feed('{');
  let first = true;
  for (const k of keys) {
    const v = o[k];
    if (v === undefined) continue;
    if (!first) feed(',');
    first = false;
    feed(JSON.stringify(k));
    feed(':');
    walk(v);
  }
  feed('}');
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

export function hashText(text: string): string {
  h1 = SEED1;
  h2 = SEED2;
  feed(text);
  return hex(h1) + hex(h2);
}

export function hashState(state: unknown): string {
  h1 = SEED1;
  h2 = SEED2;
  walk(state);
  return hex(h1) + hex(h2);
}
