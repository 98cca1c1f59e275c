import { describe, expect, it } from 'vitest';
import { randomBot } from '../../ai/bots';
import { playMatch } from '../../ai/match';
import { epicRuleset } from '../rulesets/epic';
import { scenarios } from '../rulesets/registry';
import { canonicalJson, hashState, hashText } from './hash';
import { type GameRecord, parseRecord, RECORD_MAX_CHARS, replay } from './record';

const sc = scenarios.epic![0]!;
const game = playMatch(epicRuleset, sc.id, sc.data, 'rec', { blue: randomBot('a'), red: randomBot('b') });
const text = JSON.stringify(game.record);
const edit = (f: (r: GameRecord) => void): string => {
  const r = JSON.parse(text) as GameRecord;
  f(r);
  return JSON.stringify(r);
};

describe('hash', () => {
  it('is independent of key order and changes with any value', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(hashState({ a: 1, b: 2 })).toBe(hashState({ b: 2, a: 1 }));
    expect(hashState({ a: 1 })).not.toBe(hashState({ a: 2 }));
    expect(hashState({ a: 1 })).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('game records', () => {
  it('round-trips through JSON and replays to the same final hash', () => {
    const parsed = parseRecord(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = replay(epicRuleset, sc.data, parsed.value);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.plies).toBe(game.plies);
      expect(r.value.finalHash).toBe(game.finalHash);
    }
  });

  it('names the first ply whose hash diverges', () => {
    const p = parseRecord(edit((r) => (r.hashes[9] = '0000000000000000')));
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const r = replay(epicRuleset, sc.data, p.value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_REPLAY_HASH');
      expect(r.error.ply).toBe(10);
      expect(r.error.message.fr).toContain('coup 10');
    }
  });

  it('names the ply of an illegal action', () => {
    const p = parseRecord(edit((r) => (r.actions[4] = { type: 'shoot' })));
    if (!p.ok) throw new Error(p.error.message.en);
    const r = replay(epicRuleset, sc.data, p.value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_REPLAY_ILLEGAL');
      expect(r.error.ply).toBe(5);
    }
  });

  it('refuses a setup that does not match (another seed)', () => {
    const p = parseRecord(edit((r) => (r.seed = 'other')));
    if (!p.ok) throw new Error(p.error.message.en);
    const r = replay(epicRuleset, sc.data, p.value);
    expect(!r.ok && r.error.ply === 0 && r.error.code === 'ERR_REPLAY_HASH').toBe(true);
  });

  it.each([
    ['not JSON', '{"format":', 'ERR_RECORD_JSON', undefined],
    [
      'an unknown version',
      edit((r) => ((r as { version: number }).version = 2)),
      'ERR_RECORD_VERSION',
      'version',
    ],
    [
      'another format',
      edit((r) => ((r as { format: string }).format = 'pgn')),
      'ERR_RECORD_SCHEMA',
      'format',
    ],
    ['a missing seed', edit((r) => delete (r as Partial<GameRecord>).seed), 'ERR_RECORD_SCHEMA', 'seed'],
    ['a bad hash', edit((r) => (r.initialHash = 'zz')), 'ERR_RECORD_SCHEMA', 'initialHash'],
    ['one hash too few', edit((r) => r.hashes.pop()), 'ERR_RECORD_SCHEMA', 'hashes'],
    [
      'a bad annotation mark',
      edit((r) => r.annotations.push({ ply: 1, kind: 'comment', text: 'x', mark: '!!!' as '!' })),
      'ERR_RECORD_SCHEMA',
      'annotations.0.mark',
    ],
    ['an oversized file', 'x'.repeat(RECORD_MAX_CHARS + 1), 'ERR_RECORD_TOO_LARGE', undefined],
  ])('refuses %s with a coded, bilingual message', (_what, input, code, field) => {
    const p = parseRecord(input);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.error.code).toBe(code);
    expect(p.error.field).toBe(field);
    expect(p.error.message.fr).not.toBe(p.error.message.en);
  });

  it('keeps annotation text as plain text', () => {
    const p = parseRecord(
      edit((r) => r.annotations.push({ ply: 3, kind: 'comment', text: '<img src=x onerror=alert(1)>' })),
    );
    expect(p.ok && p.value.annotations[0]!.text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('hashState streams the canonical text', () => {
  it('equals hashText(canonicalJson(x)) on game states and odd values', () => {
    const samples: unknown[] = [
      game.state,
      JSON.parse(text),
      { b: [1, undefined, { z: 'é"\n', a: null }], a: -0.5, c: undefined },
      [],
      {},
      'x',
      3,
      null,
    ];
    for (const v of samples) expect(hashState(v)).toBe(hashText(canonicalJson(v)));
  });
});
