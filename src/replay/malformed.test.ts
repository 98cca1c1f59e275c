/**
 * Malformed game files and share links: each is refused with a clear coded error, named field or ply and
 * line, in French and English. Table-driven: one row per case.
 */
import * as lzNamespace from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../engine/record';
import { epicGame } from './fixtures';
import { openGameFile, openShareLink } from './load';
import { LINK_MAX_CHARS } from './share';

const lz = ((lzNamespace as unknown as { default?: typeof lzNamespace }).default ??
  lzNamespace) as typeof lzNamespace;
const game = epicGame();
const text = JSON.stringify(game);
type Rec = Omit<GameRecord, 'version'> & { version: number; variations?: unknown[] } & Record<
    string,
    unknown
  >;
const edit = (f: (r: Rec) => void): string => {
  const r = JSON.parse(text) as Rec;
  f(r);
  return JSON.stringify(r);
};
/** A valid variation at ply 0: the first action played again with the same hash. */
const variation = (over: Record<string, unknown> = {}) => ({
  id: 'v1',
  parentVariation: null,
  parentPly: 0,
  actions: [game.actions[0]],
  hashes: [game.hashes[0]],
  annotations: [],
  ...over,
});
const v2 = (f: (r: Rec) => void = () => {}) =>
  edit((r) => {
    r.version = 2;
    r.variations = [];
    f(r);
  });
const link = (s: string) => `https://example.org/#game=${lz.compressToEncodedURIComponent(s)}`;

interface Case {
  name: string;
  input: string;
  kind?: 'file' | 'link';
  code: string;
  field?: string;
  ply?: number;
  line?: string;
}

const cases: Case[] = [
  { name: 'not JSON', input: '{"format": ', code: 'ERR_RECORD_JSON' },
  { name: 'empty text', input: '', code: 'ERR_RECORD_JSON' },
  { name: 'a JSON array', input: '[1,2]', code: 'ERR_RECORD_SCHEMA' },
  { name: 'a JSON string', input: '"hello"', code: 'ERR_RECORD_SCHEMA' },
  { name: 'oversize file', input: `${' '.repeat(5_000_001)}{}`, code: 'ERR_RECORD_TOO_LARGE' },
  { name: 'version 3', input: edit((r) => (r.version = 3)), code: 'ERR_RECORD_VERSION', field: 'version' },
  {
    name: 'version "2" as a string',
    input: edit((r) => ((r as Record<string, unknown>).version = '2')),
    code: 'ERR_RECORD_VERSION',
  },
  { name: 'version 0', input: edit((r) => (r.version = 0)), code: 'ERR_RECORD_VERSION' },
  {
    name: 'missing version',
    input: edit((r) => delete (r as Partial<Rec>).version),
    code: 'ERR_RECORD_SCHEMA',
    field: 'version',
  },
  {
    name: 'wrong format',
    input: edit((r) => ((r as Record<string, unknown>).format = 'chess/pgn')),
    code: 'ERR_RECORD_SCHEMA',
    field: 'format',
  },
  {
    name: 'unknown ruleset',
    input: edit((r) => (r.ruleset = 'warhammer')),
    code: 'ERR_RECORD_RULESET',
    field: 'ruleset',
  },
  {
    name: 'unknown scenario',
    input: edit((r) => (r.scenario = 'nowhere')),
    code: 'ERR_RECORD_SCENARIO',
    field: 'scenario',
  },
  {
    name: 'seed not a string',
    input: edit((r) => ((r as Record<string, unknown>).seed = 7)),
    code: 'ERR_RECORD_SCHEMA',
    field: 'seed',
  },
  {
    name: 'initial hash malformed',
    input: edit((r) => (r.initialHash = 'xyz')),
    code: 'ERR_RECORD_SCHEMA',
    field: 'initialHash',
  },
  {
    name: 'initial hash mismatch (another seed)',
    input: edit((r) => (r.seed = 'other')),
    code: 'ERR_REPLAY_HASH',
    ply: 0,
    line: 'main',
  },
  {
    name: 'an action without type',
    input: edit((r) => (r.actions[3] = {} as never)),
    code: 'ERR_RECORD_SCHEMA',
    field: 'actions.3.type',
  },
  {
    name: 'one hash missing',
    input: edit((r) => r.hashes.pop()),
    code: 'ERR_RECORD_SCHEMA',
    field: 'hashes',
  },
  {
    name: 'illegal action at ply 5',
    input: edit((r) => (r.actions[4] = { type: 'shoot' } as never)),
    code: 'ERR_REPLAY_ILLEGAL',
    ply: 5,
    line: 'main',
  },
  {
    name: 'unknown action type at ply 2',
    input: edit((r) => (r.actions[1] = { type: 'teleport' } as never)),
    code: 'ERR_REPLAY_ILLEGAL',
    ply: 2,
    line: 'main',
  },
  {
    name: 'hash mismatch at ply 10',
    input: edit((r) => (r.hashes[9] = '0000000000000000')),
    code: 'ERR_REPLAY_HASH',
    ply: 10,
    line: 'main',
  },
  {
    name: 'annotation with an unknown mark',
    input: edit((r) => r.annotations.push({ ply: 1, kind: 'comment', text: 'x', mark: '?!?' as never })),
    code: 'ERR_RECORD_SCHEMA',
    field: 'annotations.0.mark',
  },
  {
    name: 'annotation of an unknown kind',
    input: edit((r) => r.annotations.push({ ply: 1, kind: 'html' as never, text: 'x' })),
    code: 'ERR_RECORD_SCHEMA',
    field: 'annotations.0.kind',
  },
  {
    name: 'annotation after the last ply',
    input: v2((r) => r.annotations.push({ ply: 9999, kind: 'comment', text: 'x' })),
    code: 'ERR_RECORD_SCHEMA',
    field: 'annotations.0.ply',
  },
  {
    name: 'annotation text too long',
    input: edit((r) => r.annotations.push({ ply: 1, kind: 'comment', text: 'x'.repeat(10_001) })),
    code: 'ERR_RECORD_SCHEMA',
    field: 'annotations.0.text',
  },
  {
    name: 'variations in a version-1 file',
    input: edit((r) => (r.variations = [])),
    code: 'ERR_RECORD_SCHEMA',
    field: 'variations',
  },
  {
    name: 'variation with a missing parent',
    input: v2((r) => r.variations!.push(variation({ parentVariation: 'ghost' }))),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.0.parentVariation',
  },
  {
    name: 'variation whose parent comes after it',
    input: v2((r) =>
      r.variations!.push(variation({ id: 'a', parentVariation: 'b', parentPly: 1 }), variation({ id: 'b' })),
    ),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.0.parentVariation',
  },
  {
    name: 'variation branching after the last ply',
    input: v2((r) => r.variations!.push(variation({ parentPly: game.actions.length }))),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.0.parentPly',
  },
  {
    name: 'nested variation branching before its parent starts',
    input: v2((r) =>
      r.variations!.push(
        variation({ id: 'a', parentPly: 3, actions: [game.actions[3]], hashes: [game.hashes[3]] }),
        variation({ id: 'b', parentVariation: 'a', parentPly: 2 }),
      ),
    ),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.1.parentPly',
  },
  {
    name: 'duplicate variation id',
    input: v2((r) => r.variations!.push(variation(), variation())),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.1.id',
  },
  {
    name: 'variation named "main"',
    input: v2((r) => r.variations!.push(variation({ id: 'main' }))),
    code: 'ERR_RECORD_VARIATION',
    field: 'variations.0.id',
  },
  {
    name: 'empty variation',
    input: v2((r) => r.variations!.push(variation({ actions: [], hashes: [] }))),
    code: 'ERR_RECORD_SCHEMA',
    field: 'variations.0.actions',
  },
  {
    name: 'variation with a hash missing',
    input: v2((r) => r.variations!.push(variation({ hashes: [] }))),
    code: 'ERR_RECORD_SCHEMA',
    field: 'variations.0.hashes',
  },
  {
    name: 'variation with an illegal action',
    input: v2((r) => r.variations!.push(variation({ actions: [{ type: 'pass' }] }))),
    code: 'ERR_REPLAY_ILLEGAL',
    ply: 1,
    line: 'v1',
    field: 'variations.0.actions.0',
  },
  {
    name: 'variation with a hash mismatch',
    input: v2((r) => r.variations!.push(variation({ hashes: ['00000000000000ff'] }))),
    code: 'ERR_REPLAY_HASH',
    ply: 1,
    line: 'v1',
    field: 'variations.0.hashes.0',
  },
  {
    name: 'variation annotation outside its plies',
    input: v2((r) =>
      r.variations!.push(variation({ annotations: [{ ply: 5, kind: 'comment', text: 'x' }] })),
    ),
    code: 'ERR_RECORD_SCHEMA',
    field: 'variations.0.annotations.0.ply',
  },
  {
    name: 'variation id with a script',
    input: v2((r) => r.variations!.push(variation({ id: '<script>' }))),
    code: 'ERR_RECORD_SCHEMA',
    field: 'variations.0.id',
  },
  // Links
  { name: 'empty link', kind: 'link', input: '   ', code: 'ERR_LINK_EMPTY' },
  {
    name: 'link with no game part',
    kind: 'link',
    input: 'https://example.org/#lesson=3',
    code: 'ERR_LINK_NOT_GAME',
  },
  {
    name: 'link with foreign characters',
    kind: 'link',
    input: 'https://example.org/#game=abc%20<def>',
    code: 'ERR_LINK_CHARS',
  },
  { name: 'link cut short', kind: 'link', input: link(text).slice(0, 200), code: 'ERR_LINK_CORRUPT' },
  { name: 'link of random letters', kind: 'link', input: '#game=QQQQQQQQQQQQQQQQ', code: 'ERR_LINK_CORRUPT' },
  {
    name: 'link too long',
    kind: 'link',
    input: `#game=${'A'.repeat(LINK_MAX_CHARS + 1)}`,
    code: 'ERR_LINK_TOO_LONG',
  },
  { name: 'link holding non-JSON', kind: 'link', input: link('hello'), code: 'ERR_LINK_RECORD' },
  {
    name: 'link holding version 9',
    kind: 'link',
    input: link(edit((r) => (r.version = 9))),
    code: 'ERR_LINK_RECORD',
    field: 'version',
  },
  {
    name: 'link with a hash mismatch',
    kind: 'link',
    input: link(edit((r) => (r.hashes[2] = 'ffffffffffffffff'))),
    code: 'ERR_REPLAY_HASH',
    ply: 3,
    line: 'main',
  },
];

describe('malformed game files and links', () => {
  it('has at least 30 cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));
  it.each(cases)('$name → $code', (c) => {
    const r = c.kind === 'link' ? openShareLink(c.input) : openGameFile(c.input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(c.code);
    if (c.field !== undefined) expect(r.error.field).toBe(c.field);
    if (c.ply !== undefined) expect(r.error.ply).toBe(c.ply);
    if (c.line !== undefined) expect(r.error.line).toBe(c.line);
    expect(r.error.message.en.length).toBeGreaterThan(10);
    expect(r.error.message.fr.length).toBeGreaterThan(10);
    expect(r.error.message.fr).not.toBe(r.error.message.en);
  });

  it('keeps a script in a comment as text, character for character', () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const r = openGameFile(
      edit((rec) => rec.annotations.push({ ply: 2, kind: 'comment', text: evil, mark: '??' })),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const notes = Object.values(r.value.tree.nodes).flatMap((n) => n.notes);
    expect(notes).toContainEqual({ kind: 'comment', text: evil, mark: '??' });
  });

  it('loads a valid version-2 file with a variation', () => {
    const r = openGameFile(v2((rec) => rec.variations!.push(variation())));
    // Ply 1 played again is the same move: the variation duplicates the main line's first move but is kept.
    expect(r.ok).toBe(true);
  });
});
