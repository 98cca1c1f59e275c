import { describe, expect, it } from 'vitest';
import { hashState } from '../engine/hash';
import {
  createGame,
  factsOf,
  gameFromRecord,
  playAction,
  takebackPoint,
  truncated,
  whyIllegal,
} from './game';

function played(ruleset: string, scenario: string, plies: number) {
  const made = createGame(ruleset, scenario, 'unit-1');
  if (!made.ok) throw new Error(made.error.code);
  const g = made.value;
  for (let i = 0; i < plies && !factsOf(g).over; i++) {
    const step = playAction(g, g.ruleset.candidates(g.state)[0]!);
    if (!step.ok) throw new Error(step.error.code);
  }
  return g;
}

describe('a game in the app', () => {
  it('records every action and rebuilds the same state from its record (company and epic)', () => {
    for (const [id, sc] of [
      ['company', 'le-pont-de-cendres'],
      ['epic', 'plaine-de-grik'],
    ] as const) {
      const g = played(id, sc, 25);
      expect(g.record.actions).toHaveLength(g.events.length);
      const back = gameFromRecord(JSON.stringify(g.record));
      expect(back.ok).toBe(true);
      if (!back.ok) return;
      expect(hashState(back.value.state)).toBe(hashState(g.state));
      expect(back.value.sides).toEqual(g.sides);
    }
  });

  it('refuses a corrupt record naming the ply or the field, in both languages', () => {
    const g = played('company', 'le-pont-de-cendres', 6);
    const bad = { ...g.record, hashes: [...g.record.hashes] };
    bad.hashes[2] = '0123456789abcdef';
    const r = gameFromRecord(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message.fr).toContain('coup 3');
      expect(r.error.message.en).toContain('ply 3');
    }
    const wrong = gameFromRecord({ ...g.record, scenario: 'nowhere' });
    expect(!wrong.ok && wrong.error.message.en).toContain('scenario');
    const notJson = gameFromRecord('{');
    expect(!notJson.ok && notJson.error.code).toBe('ERR_RECORD_JSON');
  });

  it('explains an illegal action in words and plays nothing', () => {
    const g = played('company', 'le-pont-de-cendres', 0);
    const why = whyIllegal(g, { type: 'tir', target: 'nobody' } as never);
    expect(why?.fr.length).toBeGreaterThan(0);
    expect(playAction(g, { type: 'tir', target: 'nobody' } as never).ok).toBe(false);
    expect(g.record.actions).toHaveLength(0);
  });

  it('takes back to before the last action of a human side', () => {
    const g = played('company', 'le-pont-de-cendres', 10);
    const keep = takebackPoint(g, ['blue'])!;
    expect(g.sides[keep]).toBe('blue');
    const back = truncated(g, keep);
    expect(back.ok && back.value.record.actions.length).toBe(keep);
  });

  it('knows when the sides see different tables (epic secret orders) and when they do not (company)', () => {
    const epic = played('epic', 'plaine-de-grik', 1);
    expect(factsOf(epic).hidden).toBe(true);
    const company = played('company', 'le-pont-de-cendres', 3);
    expect(factsOf(company).hidden).toBe(false);
  });
});
