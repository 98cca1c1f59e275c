/**
 * `npm run match -- --ruleset epic --scenario <id> --seed <n> --blue <bot> --red <bot> [--out game.json]`
 * Plays a whole game headless and prints, last, one line of JSON: winner, victory points, plies, final hash.
 */
import { writeFileSync } from 'node:fs';
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { BOT_NAMES, isBotName, makeBot } from '../bots';
import { playMatch } from '../match';
import { commandArgs, die } from './args';

const sideNames = [...new Set(Object.values(rulesets).flatMap((r) => [...r.sides]))];
const { flags } = commandArgs(process.argv.slice(2), {
  usage: `Usage: npm run match -- --ruleset <id> --scenario <id> --seed <s> ${sideNames.map((s) => `--${s} <bot>`).join(' ')} [--out game.json]`,
  options: ['ruleset', 'scenario', 'seed', 'out', ...sideNames],
});
const rulesetId = flags.ruleset ?? 'epic';
const ruleset =
  rulesets[rulesetId] ?? die(`Unknown ruleset "${rulesetId}". Known: ${Object.keys(rulesets).join(', ')}.`);
const list = scenarios[rulesetId] ?? [];
const scenarioId = flags.scenario ?? list[0]?.id ?? die(`Ruleset "${rulesetId}" has no scenario.`);
const scenario =
  list.find((s) => s.id === scenarioId) ??
  die(`Unknown scenario "${scenarioId}". Known: ${list.map((s) => s.id).join(', ')}.`);
const seed = flags.seed ?? '1';
const bots: Record<string, ReturnType<typeof makeBot>> = {};
for (const side of ruleset.sides) {
  const name = flags[side] ?? 'random';
  if (!isBotName(name)) die(`Unknown bot "${name}" for ${side}. Known: ${BOT_NAMES.join(', ')}.`);
  bots[side] = makeBot(name, `${seed}:${side}`);
}
const started = performance.now();
const result = playMatch(ruleset, scenario.id, scenario.data, seed, bots, {
  onPly: (state) => {
    if (state.ply % 50 === 0) process.stderr.write(`… ply ${state.ply}\n`);
  },
});
if (flags.out) writeFileSync(flags.out, `${JSON.stringify(result.record, null, 1)}\n`);
const o = result.outcome;
console.log(
  JSON.stringify({
    ruleset: ruleset.id,
    scenario: scenario.id,
    seed,
    winner: o.status === 'finished' ? o.winner : null,
    points: o.status === 'finished' ? o.points : null,
    plies: result.plies,
    finalHash: result.finalHash,
    ms: Math.round(performance.now() - started),
    ...(flags.out ? { out: flags.out } : {}),
  }),
);
