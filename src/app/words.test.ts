/**
 * Every phase and kind of action of every registered ruleset has French and English words (issue #4: the
 * phase indicator and the action list speak the game's words). A new chart state or action kind without
 * words fails here, naming what lacks them; the app meanwhile shows a readable fallback.
 */
import { describe, expect, it } from 'vitest';
import type { BaseAction, BaseState } from '../engine/contract';
import { Rng, seedRng } from '../engine/rng';
import { boards, rulesets, scenarios } from '../rulesets/registry';
import { actionKindWords, missingWords, phaseWords, spacedWords } from './words';

/** The kinds of action a ruleset's candidates produce along a random game (a few hundred plies). */
function kindsFromCandidates(id: string, scenario: unknown, seed: string, plies: number): Set<string> {
  const rs = rulesets[id]!;
  const sc = rs.parseScenario(scenario);
  if (!sc.ok) throw new Error(sc.error.code);
  const set = rs.setup(sc.value, seed);
  if (!set.ok) throw new Error(set.error.code);
  let s = set.value as BaseState;
  const rng = new Rng(seedRng(`words:${seed}`));
  const kinds = new Set<string>();
  for (let i = 0; i < plies && rs.decision(s); i++) {
    const cands = rs.candidates(s) as BaseAction[];
    for (const c of cands) kinds.add(c.type);
    const next = rs.apply(s, cands[rng.int(cands.length)]!);
    if (!next.ok) throw new Error(next.error.code);
    s = next.value.state as BaseState;
  }
  return kinds;
}

describe('ruleset words for the panels', () => {
  it('every registered ruleset declares a board adapter', () => {
    expect(Object.keys(boards).sort()).toEqual(Object.keys(rulesets).sort());
  });

  for (const id of Object.keys(rulesets)) {
    it(`${id}: every phase of its chart and every kind of action it allows has French and English words`, () => {
      const adapter = boards[id]!;
      expect(adapter.chart.phases.length).toBeGreaterThan(2);
      const kinds = new Set<string>();
      for (const entry of scenarios[id] ?? [])
        for (const k of kindsFromCandidates(id, entry.data, 'words-1', 250)) kinds.add(k);
      expect(kinds.size).toBeGreaterThan(3);
      // What lacks words is listed by name, so the failure says what to add.
      expect(missingWords(adapter, kinds)).toEqual({ phases: [], actions: [] });
    });
  }

  it('epic names its newer phases and actions (fly, zone, dr, onYVa, intercepter, laisser)', () => {
    const epic = boards.epic!;
    expect(phaseWords(epic, 'mouvement.interceptionAerienne').fr).toMatch(/Interception aérienne/);
    expect(phaseWords(epic, 'mouvement.finInterception').en).toMatch(/interceptions/);
    for (const k of ['fly', 'zone', 'dr', 'onYVa', 'intercepter', 'laisser'])
      expect(actionKindWords(epic, k)).not.toEqual({ fr: spacedWords(k), en: spacedWords(k) });
  });

  it('lists what lacks words, and falls back on readable words', () => {
    const adapter = {
      words: {
        phases: { mouvement: { fr: 'Mouvement', en: 'Movement' } },
        actions: { move: { fr: 'Déplacer', en: 'Move' } },
      },
      chart: {
        phases: ['mouvement', 'mouvement.psychique'],
        allows: { mouvement: ['move', 'rouleauCompresseur'] },
      },
    };
    expect(missingWords(adapter, ['bombe'])).toEqual({
      phases: ['mouvement.psychique'],
      actions: ['bombe', 'rouleauCompresseur'],
    });
    expect(phaseWords(adapter, 'mouvement.psychique')).toEqual({
      fr: 'Mouvement › psychique',
      en: 'Movement › psychique',
    });
    expect(phaseWords(adapter, 'tirHorsTable')).toEqual({ fr: 'tir hors table', en: 'tir hors table' });
    expect(actionKindWords(adapter, 'rouleauCompresseur').en).toBe('rouleau compresseur');
    expect(actionKindWords(adapter, 'move').fr).toBe('Déplacer');
  });
});
