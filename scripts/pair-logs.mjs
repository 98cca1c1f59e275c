#!/usr/bin/env node
// Compares two tournament logs game for game (the same `g`: the same dice seed and sides), e.g. the retired
// code's log and the current one, or the two sides of an experiment:
//   node scripts/pair-logs.mjs <before.jsonl> <after.jsonl>
// Prints A's score on the games both logs played (a win 1, a draw ½), in how many games the second log did better
// or worse, a two-sided sign test on those, and the same scores by the side A played.
import { readFileSync } from 'node:fs';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/pair-logs.mjs <before.jsonl> <after.jsonl>');
  process.exit(2);
}

/** A log's games by `g` (its first line is the header). */
function games(file) {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const header = JSON.parse(lines[0]);
  if (header.format !== 'tournament-log') throw new Error(`${file}: not a tournament log`);
  return new Map(
    lines
      .slice(1)
      .map((l) => JSON.parse(l))
      .map((e) => [e.g, e]),
  );
}

const score = (outcome) => (outcome === 'win' ? 1 : outcome === 'draw' ? 0.5 : 0);

/** Two-sided sign test: the chance of a split at least this uneven among n fair coin flips. */
function signTest(k, n) {
  let p = 0;
  let c = 1; // C(n, i)
  for (let i = 0; i <= Math.min(k, n - k); i++) {
    p += c;
    c = (c * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * p) / 2 ** n);
}

const a = games(before);
const b = games(after);
let n = 0;
let sa = 0;
let sb = 0;
let better = 0;
let worse = 0;
const bySide = {};
for (const [g, eb] of b) {
  const ea = a.get(g);
  if (!ea) continue;
  if (ea.aSide !== eb.aSide)
    throw new Error(`game ${g}: A played ${ea.aSide} in one log and ${eb.aSide} in the other`);
  const x = score(ea.outcome);
  const y = score(eb.outcome);
  n++;
  sa += x;
  sb += y;
  if (y > x) better++;
  else if (y < x) worse++;
  const side = (bySide[eb.aSide] ??= { n: 0, a: 0, b: 0 });
  side.n++;
  side.a += x;
  side.b += y;
}
if (n === 0) {
  console.error('the two logs have no game in common');
  process.exit(1);
}
const pct = (v, m) => `${((100 * v) / m).toFixed(1)} %`;
console.log(
  `${n} games in both: ${pct(sa, n)} → ${pct(sb, n)}; the second log better in ${better}, worse in ${worse}` +
    ` (sign test p ≈ ${signTest(Math.min(better, worse), better + worse).toFixed(3)})`,
);
for (const [side, s] of Object.entries(bySide))
  console.log(`  A as ${side}: ${s.n} games, ${pct(s.a, s.n)} → ${pct(s.b, s.n)}`);
