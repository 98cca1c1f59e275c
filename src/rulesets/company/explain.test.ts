import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPANY_RULES, CORE, explainCompany } from './explain';

const seed = readFileSync(
  join(__dirname, '../../../../shared/seeds/004_a9ab3ba3958915c8.txt'),
  'utf8',
).replace(/\s+/g, ' ');

describe('company explain', () => {
  const ids = Array.from({ length: 26 }, (_, i) => `HD-${String(i).padStart(2, '0')}`);
  for (const id of ids)
    it(`${id}: quotes the seed verbatim, with an English gloss`, () => {
      const e = COMPANY_RULES[id]!;
      expect(e.gloss.length).toBeGreaterThan(20);
      for (const part of e.source.split(' … ')) expect(seed).toContain(part);
    });
  it('C1…C11 are marked as summaries of the core rules; an event naming several rules explains the first', () => {
    for (let i = 1; i <= 11; i++) expect(COMPANY_RULES[`C${i}`]!.source.startsWith(CORE)).toBe(true);
    expect(explainCompany({ kind: 'passe', rule: 'C2,HD-04', text: { en: '', fr: '' } }).rule).toBe('C2');
  });
});
