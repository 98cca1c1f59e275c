import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../engine/contract';
import { EPIC_RULES, explainEpic } from './explain';

// CI clones the repository with `shared/` beside it.
const SEED = path.resolve(__dirname, '../../../../shared/seeds/002_681515b7d554f1e9.txt');
const hasSeed = existsSync(SEED);
const seed = hasSeed ? readFileSync(SEED, 'utf8') : '';
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const CORE_IDS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C12', 'C14'];
const NE_IDS = [
  ...Array.from({ length: 13 }, (_, i) => `NE-U${String(i + 3).padStart(2, '0')}`), // NE-U03…U15
  ...Array.from({ length: 7 }, (_, i) => `NE-U${i + 23}`), // NE-U23…U29
  'NE-U37',
  'NE-U39',
  'NE-U44',
  'NE-U50',
  'NE-U51',
  'NE-U56',
  'NE-U62',
  'NE-U63',
  'NE-U81',
  'NE-U82',
  'NE-U83',
  'NE-U84',
];
const REQUIRED = [...CORE_IDS, ...NE_IDS];
const PREFIX = '(règle de base, NetEpic v3) ';

const event = (rule: string): GameEvent => ({ kind: 'test', rule, text: { fr: '', en: '' } });

describe('EPIC_RULES', () => {
  it('lists the 43 required ids', () => {
    expect(REQUIRED).toHaveLength(43);
    expect(new Set(REQUIRED).size).toBe(43);
  });

  it.each(REQUIRED)('%s is present and complete', (id) => {
    const e = EPIC_RULES[id];
    expect(e).toBeDefined();
    expect(e!.rule).toBe(id);
    expect(e!.title.fr.length).toBeGreaterThan(0);
    expect(e!.title.en.length).toBeGreaterThan(0);
    expect(e!.source).toBe(e!.source.trim());
    expect(e!.source.length).toBeGreaterThan(0);
    expect(e!.gloss.length).toBeGreaterThan(0);
  });

  it.each(CORE_IDS)('%s says its source is a core rule, not the seed', (id) => {
    expect(EPIC_RULES[id]!.source.startsWith(PREFIX)).toBe(true);
  });

  it.each(NE_IDS)('%s quotes the seed, not a core rule', (id) => {
    expect(EPIC_RULES[id]!.source.startsWith('(')).toBe(false);
  });

  describe.skipIf(!hasSeed)('sources are copied from the seed', () => {
    const flat = squash(seed);
    const quoted = Object.values(EPIC_RULES).filter((e) => !e.source.startsWith(PREFIX));

    it.each(quoted.map((e) => [e.rule, e.source]))('%s', (_id, source) => {
      const parts = source.split(' … ');
      if (parts.length === 1) expect(seed).toContain(source);
      for (const part of parts) {
        expect(part).toBe(part.trim());
        expect(flat).toContain(squash(part));
      }
    });
  });
});

describe('explainEpic', () => {
  it.each(REQUIRED)('explains %s', (id) => {
    expect(explainEpic(event(id))).toBe(EPIC_RULES[id]);
  });

  it('explains an event naming several rules by the first known one', () => {
    expect(explainEpic(event('C4 NE-U37'))).toBe(EPIC_RULES.C4);
    expect(explainEpic(event('NE-U999,NE-U62'))).toBe(EPIC_RULES['NE-U62']);
  });

  it.each(['NE-U999', 'X1', '', 'constructor', 'toString', '__proto__'])(
    'falls back for unknown id %j',
    (id) => {
      const e = explainEpic(event(id));
      expect(e.rule).toBe(id);
      expect(e.title).toEqual({ fr: 'Règle inconnue', en: 'Unknown rule' });
      expect(e.gloss).toContain(`"${id}"`);
      expect(e.gloss).toContain('unknown');
    },
  );

  it('never throws on a malformed event', () => {
    const bad = [{}, { rule: 42 }, { rule: null }, null, undefined] as unknown as GameEvent[];
    for (const ev of bad) expect(() => explainEpic(ev)).not.toThrow();
    expect(explainEpic({ rule: 42 } as unknown as GameEvent).title.en).toBe('Unknown rule');
  });
});
