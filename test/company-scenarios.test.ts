/** Scenario files are untrusted: each malformed `company` file is refused with a coded error naming the field. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyRuleset } from '../src/rulesets/company';
import { scenarios } from '../src/rulesets/registry';

const dir = join(__dirname, 'fixtures/company-bad');
const expected: Record<string, string> = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'expected.json');

/** What the app does with a file: parse the text, then the scenario gate. */
function load(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false as const,
      error: { code: 'ERR_SCENARIO_JSON', field: '', message: { en: 'not JSON', fr: 'pas du JSON' } },
    };
  }
  return companyRuleset.parseScenario(json);
}

describe('company scenario gate', () => {
  it('has a corpus of at least 20 malformed files, each with an expectation', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
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
    for (const sc of scenarios.company!) {
      const r = companyRuleset.parseScenario(sc.data);
      expect(r.ok, r.ok ? '' : r.error.message.en).toBe(true);
    }
  });
});
