/**
 * `npm run figures [-- --dir bench/tournaments]`: where issue #5's goals stand, from the tournament logs
 * (./goals.ts). Prints a table for people, then a last line of JSON.
 */
import { existsSync, statSync } from 'node:fs';
import { commandArgs, die } from './args';
import { figures, GAMES, HONESTY } from './goals';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const { flags } = commandArgs(process.argv.slice(2), {
  usage: 'Usage: npm run figures [-- --dir <folder of tournament logs>]',
  options: ['dir'],
});
const dir = flags.dir ?? 'bench/tournaments';
if (!existsSync(dir) || !statSync(dir).isDirectory())
  die(`No folder ${dir}: --dir takes the folder of the tournament logs (bench/tournaments by default).`);
const f = figures(dir);
const out: string[] = [`Issue #5's goals from the logs in ${dir} (at least ${GAMES} games each):`, ''];
out.push(
  '| ruleset | A | B | goal | games | W-L-D | win rate (95 % CI) | A by side | first side scored | status |',
  '|---|---|---|---|---|---|---|---|---|---|',
);
for (const g of f.goals) {
  const rate = g.winRate !== null && g.ci95 ? `${pct(g.winRate)} (${pct(g.ci95[0])}–${pct(g.ci95[1])})` : '–';
  const wld = g.games ? `${g.wins}-${g.losses}-${g.draws}` : '–';
  const sides = Object.entries(g.aBySide);
  const bySide = g.games ? sides.map(([, c]) => `${c.wins}-${c.losses}-${c.draws}`).join(' / ') : '–';
  // The scenario's balance: each bot plays each side equally often, so the first side's score (draws half)
  // is A's score there plus B's. 50 % is an even scenario.
  const [first, other] = sides;
  const firstScore =
    g.games && first && other
      ? `${first[0]} ${pct((first[1].wins + other[1].losses + (first[1].draws + other[1].draws) / 2) / g.games)}`
      : '–';
  out.push(
    `| ${g.ruleset} | ${g.a} | ${g.b} | ≥ ${pct(g.goal)} | ${g.games} | ${wld} | ${rate} | ${bySide} | ${firstScore} | ${g.status} |`,
  );
}
out.push(
  '',
  `| ruleset | honesty: ${HONESTY.oracle} minus ${HONESTY.a}, against ${HONESTY.b} | games | gap (95 % CI) | status |`,
);
out.push('|---|---|---|---|---|');
for (const h of f.honesty)
  out.push(
    `| ${h.ruleset} | ≤ ${pct(h.within)} | ${h.games} | ${h.games ? `${pct(h.gap)} (${pct(h.ci95[0])}–${pct(h.ci95[1])})` : '–'} | ${h.status} |`,
  );
if (f.stale.length) out.push('', `Stale (made on other code, not counted): ${f.stale.join(', ')}`);
console.log(out.join('\n'));
console.log(JSON.stringify(f));
