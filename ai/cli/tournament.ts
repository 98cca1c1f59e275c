/**
 * `npm run tournament -- --ruleset epic --scenario <id> --a <bot> --b <bot> --games <n> --seed <s>`
 * Paired games: each dice seed is played twice with the sides swapped. Progress goes to stderr; the last
 * line is JSON: wins, losses, draws (for bot A), win rate (draws count half) and its 95% Wilson interval.
 */
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { BOT_NAMES, isBotName, makeBot } from '../bots';
import { playMatch } from '../match';
import { die, parseArgs } from './args';

const { flags } = parseArgs(process.argv.slice(2));
const rulesetId = flags.ruleset ?? 'epic';
const ruleset = rulesets[rulesetId] ?? die(`Unknown ruleset "${rulesetId}".`);
const list = scenarios[rulesetId] ?? [];
const scenario =
  list.find((s) => s.id === (flags.scenario ?? list[0]?.id)) ?? die(`Unknown scenario "${flags.scenario}".`);
const a = flags.a ?? 'greedy';
const b = flags.b ?? 'random';
for (const name of [a, b])
  if (!isBotName(name)) die(`Unknown bot "${name}". Known: ${BOT_NAMES.join(', ')}, beginner.`);
const games = Number(flags.games ?? 20);
if (!Number.isInteger(games) || games < 2) die('--games must be a whole number ≥ 2 (pairs of games).');
const seed = flags.seed ?? '1';
const [s1, s2] = ruleset.sides as [string, string];

let wins = 0;
let losses = 0;
let draws = 0;
const started = performance.now();
for (let g = 0; g < games; g++) {
  const pair = Math.floor(g / 2);
  const aSide = g % 2 === 0 ? s1 : s2;
  const bSide = aSide === s1 ? s2 : s1;
  const gameSeed = `${seed}:${pair}`;
  const result = playMatch(ruleset, scenario.id, scenario.data, gameSeed, {
    [aSide]: makeBot(a, `${gameSeed}:A`),
    [bSide]: makeBot(b, `${gameSeed}:B`),
  });
  const o = result.outcome;
  const winner = o.status === 'finished' ? o.winner : null;
  if (winner === aSide) wins++;
  else if (winner === null) draws++;
  else losses++;
  const elapsed = (performance.now() - started) / 1000;
  process.stderr.write(
    `game ${g + 1}/${games}: A (${a}) as ${aSide} — ${winner === aSide ? 'win' : winner === null ? 'draw' : 'loss'} · ${wins}-${losses}-${draws} · ${elapsed.toFixed(0)} s\n`,
  );
}
const n = wins + losses + draws;
const p = (wins + draws / 2) / n;
const z = 1.96;
const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
console.log(
  JSON.stringify({
    ruleset: rulesetId,
    scenario: scenario.id,
    a,
    b,
    games: n,
    wins,
    losses,
    draws,
    winRate: Number(p.toFixed(4)),
    ci95: [Number(Math.max(0, centre - half).toFixed(4)), Number(Math.min(1, centre + half).toFixed(4))],
    seconds: Math.round((performance.now() - started) / 1000),
  }),
);
