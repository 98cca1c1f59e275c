/**
 * Experiments, not play code. A tournament bot named `<bot>+<variant>` (e.g. `mcts-it:300+margin`) is the bot
 * of ai/bots.ts playing on its ruleset with one part replaced by the variant's. Played against the bot itself
 * (`--a mcts-it:300+margin --b mcts-it:300`), it measures a change head to head on main's code, without a scratch
 * clone: ai/bots.ts, the search and the rulesets are untouched, so the play code's digest stays. Each variant is a
 * file of ai/cli/variants/; the log's digest (`variantCode`) adds the digest of the variants it names (their files
 * and what they import from ai/cli/), so a log never mixes two versions of a variant, and adding or changing
 * another variant leaves it current. Keep such logs in bench/tournaments/experiments/: `npm run figures` counts
 * the pairings of issue #5's goals only.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bot, isBotName, makeBot } from '../bots';
import type { SearchReport } from '../mcts';
import { importClosure } from './code-hash';
import { aim } from './variants/aim';
import { command } from './variants/command';
import { type Variant, variantBot } from './variants/kit';
import { margin } from './variants/margin';
import { paired } from './variants/paired';
import { sees } from './variants/sees';
import { sharp } from './variants/sharp';
import { short } from './variants/short';
import { threat } from './variants/threat';

export { aimedBzzzt } from './variants/aim';
export { epicCommandTerm, epicOutOfCommand } from './variants/command';
export { type Variant, withEvaluate, withTerm } from './variants/kit';
export { marginValue } from './variants/margin';
export { pairedDice } from './variants/paired';
export { seeingAll } from './variants/sees';
export { SHARPEN, sharpened } from './variants/sharp';
export { SHORT_PLIES, shortRollouts } from './variants/short';
export { companyRisk, companyThreatTerm, epicRisk, epicThreatTerm, expectedDamage } from './variants/threat';

/** Every variant by name; `<name>` is also its file, ai/cli/variants/<name>.ts. */
export const VARIANTS: Record<string, Variant> = { margin, threat, sees, command, aim, sharp, paired, short };

const NAME = /^(.+)\+([a-z-]+)$/;

/** `mcts-it:300+margin` → its bot and variant, or null when `name` names no variant. */
export function parseVariantName(name: string): { bot: string; variant: string } | null {
  const m = NAME.exec(name);
  return m ? { bot: m[1]!, variant: m[2]! } : null;
}

/** A bot name a tournament takes: one of ai/bots.ts, or one of those with a known variant. */
export function isTournamentBot(name: string): boolean {
  const v = parseVariantName(name);
  return v ? isBotName(v.bot) && v.variant in VARIANTS : isBotName(name);
}

/** The bot `name` names (see `isTournamentBot`); a variant's plays on its wrapped ruleset. */
export function makeTournamentBot(name: string, seed: string): Bot & { last?: SearchReport } {
  const v = parseVariantName(name);
  if (!v) return makeBot(name, seed);
  const variant = VARIANTS[v.variant];
  if (!variant) throw new Error(`unknown variant "${v.variant}"`);
  return variantBot(name, makeBot(v.bot, seed), variant);
}

/**
 * The files a log's variants are made of, from the root, sorted: each named variant's file and what it imports
 * from ai/cli/, directly or not (the play code it imports is the play digest's part).
 */
export function variantFiles(names: readonly string[], root = process.cwd()): string[] {
  const own = [...new Set(names.map((n) => parseVariantName(n)?.variant).filter((v) => v !== undefined))];
  const files = importClosure(
    root,
    own.map((v) => `ai/cli/variants/${v}.ts`),
    (path) => path.startsWith('ai/cli/'),
  );
  return [...files].filter((path) => path.startsWith('ai/cli/')).sort();
}

/** The digest a tournament log records: the play code's, and its variants' (`variantFiles`) when a bot names one. */
export function variantCode(playCode: string, names: readonly string[], root = process.cwd()): string {
  const files = variantFiles(names, root);
  if (files.length === 0) return playCode;
  const h = createHash('sha256');
  for (const path of files) {
    h.update(path);
    h.update('\0');
    h.update(readFileSync(join(root, path)));
    h.update('\0');
  }
  return `${playCode}+${h.digest('hex').slice(0, 8)}`;
}
