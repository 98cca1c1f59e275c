/**
 * The engine, the rulesets and the AI never draw randomness or read the clock outside the seeded RNG, and the
 * rules compute the same bits on every JavaScript engine.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

const pure = ['src/engine', 'src/rulesets', 'statecharts'].flatMap((d) => files(join(root, d)));
const ai = files(join(root, 'ai')).filter((f) => !f.includes(`${join('ai', 'cli')}`));

describe('purity', () => {
  it('finds the files it checks', () => {
    expect(pure.length).toBeGreaterThan(10);
    expect(ai.length).toBeGreaterThan(1);
  });
  for (const f of [...pure, ...ai]) {
    it(`${relative(root, f)} calls neither Math.random nor Date.now`, () => {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toMatch(/Math\.random\s*\(/);
      expect(text).not.toMatch(/Date\.now\s*\(/);
      expect(text).not.toMatch(/new Date\s*\(/);
    });
  }
  for (const f of pure.filter((x) => !x.endsWith('dmath.ts'))) {
    // Engines differ in the last bit of these (Node's V8 and Chromium's disagree on ~15 % of atan2):
    // a game recorded in one would not replay in the other. src/engine/dmath.ts computes the same bits.
    it(`${relative(root, f)} uses src/engine/dmath.ts, not Math's implementation-defined functions`, () => {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toMatch(
        /Math\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|cbrt|hypot)\s*\(/,
      );
      expect(text).not.toMatch(/[\w)\]] ?\*\* ?[\d(]/); // x ** y is Math.pow
    });
  }
  for (const f of pure) {
    it(`${relative(root, f)} imports no DOM, pixi, comlink or xstate actors`, () => {
      const text = readFileSync(f, 'utf8');
      expect(text).not.toMatch(/from 'pixi\.js'|from 'comlink'|document\.|window\./);
      if (!f.includes('statecharts')) expect(text).not.toMatch(/from 'xstate'/);
    });
  }
});
