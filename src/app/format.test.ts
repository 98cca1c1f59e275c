import { describe, expect, it } from 'vitest';
import { dieFace, formatDice, formatOutcome } from './format';
import { botLabel, langFromSearch } from './i18n';

describe('formatDice', () => {
  it.each([
    [{ label: 'to hit', sides: 6, dice: [5, 2, 6], target: 4 }, 'to hit [5, 2, 6] ≥ 4+'],
    [{ label: '', sides: 6, dice: [3] }, '[3]'],
    [{ label: 'save', sides: 8, dice: [3, 8] }, 'save d8 [3, 8]'],
  ])('%o → %s', (roll, text) => {
    expect(formatDice(roll)).toBe(text);
  });
});

describe('formatOutcome', () => {
  const finished = {
    status: 'finished' as const,
    winner: 'blue',
    points: { blue: 12, red: 7 },
    reason: { fr: 'Objectifs tenus', en: 'Objectives held' },
  };
  it('names the winner, the points and the reason in French', () => {
    expect(formatOutcome(finished, 'fr', 40)).toBe(
      'Vainqueur\u00a0: bleu — Points\u00a0: bleu 12, rouge 7 — Raison\u00a0: Objectifs tenus — 40 actions jouées',
    );
  });
  it('says draw in English', () => {
    expect(formatOutcome({ ...finished, winner: null }, 'en', 3)).toBe(
      'Draw — Points: blue 12, red 7 — Reason: Objectives held — 3 actions played',
    );
  });
  it('is empty while the game runs', () => {
    expect(formatOutcome({ status: 'running' }, 'fr', 0)).toBe('');
  });
});

describe('i18n', () => {
  it('defaults to French and reads ?lang=en', () => {
    expect(langFromSearch('')).toBe('fr');
    expect(langFromSearch('?lang=de')).toBe('fr');
    expect(langFromSearch('?seed=3&lang=en')).toBe('en');
  });
  it('labels bots in each language', () => {
    expect(botLabel('red', 'fr')).toBe('Bot rouge');
    expect(botLabel('red', 'en')).toBe('Red bot');
  });
});

describe('dieFace', () => {
  it('draws a d6 as its face and any other die as its number', () => {
    expect([1, 2, 3, 4, 5, 6].map((v) => dieFace(v, 6)).join('')).toBe('⚀⚁⚂⚃⚄⚅');
    expect(dieFace(8, 8)).toBe('8');
    expect(dieFace(7, 6)).toBe('7');
  });
});
