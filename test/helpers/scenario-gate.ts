/**
 * The shared test of a ruleset's scenario gate: every malformed file of its corpus (test/fixtures/<dir>,
 * with expected.json naming the field each must be refused on) gets a coded, bilingual error naming that
 * field, and every shipped scenario is accepted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../../src/engine/contract';
import { scenarios } from '../../src/rulesets/registry';

export function describeScenarioGate(ruleset: AnyRuleset, fixtures: string, minFiles: number): void {
  const dir = join(__dirname, '..', 'fixtures', fixtures);
  const expected: Record<string, string> = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'expected.json');

  /** What the app does with a file: parse the text, then the scenario gate. */
  const load = (text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {
        ok: false as const,
        error: { code: 'ERR_SCENARIO_JSON', field: '', message: { en: 'not JSON', fr: 'pas du JSON' } },
      };
    }
    return ruleset.parseScenario(json);
  };

  describe(`${ruleset.id} scenario gate`, () => {
    it(`has a corpus of at least ${minFiles} malformed files, each with an expectation`, () => {
      expect(files.length).toBeGreaterThanOrEqual(minFiles);
      for (const f of files) expect(expected).toHaveProperty(f.replace(/\.json$/, ''));
    });

    for (const f of files) {
      const name = f.replace(/\.json$/, '');
      it(`refuses ${name} naming the field "${expected[name]}"`, () => {
        const r = load(readFileSync(join(dir, f), 'utf8'));
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.code).toMatch(/^ERR_SCENARIO/);
        expect(r.error.field ?? '').toBe(expected[name]);
        expect(r.error.message.en).toMatch(/\w/);
        expect(r.error.message.fr).toMatch(/\w/);
        expect(r.error.message.fr).not.toBe(r.error.message.en);
      });
    }

    it('accepts every shipped scenario', () => {
      for (const sc of scenarios[ruleset.id]!) {
        const r = ruleset.parseScenario(sc.data);
        expect(r.ok, r.ok ? '' : r.error.message.en).toBe(true);
      }
    });
  });
}
