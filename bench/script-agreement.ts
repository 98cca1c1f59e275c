/**
 * `node scripts/run.mjs bench/script-agreement.ts <regexp of bench/records file names>`: in the kept games
 * whose names match, how often did each bot play the action its ruleset's script proposes (the search's
 * progressive bias and rollout policy)? A (the side named in the file name, `-A-<side>-`) and B are counted
 * apart, at decisions with two options or more, secret ones (epic's Ordres) apart from the rest. The script
 * draws its tie-breaks from its own RNG (seed `agreement`), so a match is a lower bound where it has ties.
 * docs/rulesets/epic.md, "Secret Ordres: what the search locks onto".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OpenedRecord, openRecord } from '../ai/cli/open-record';
import { keyOf } from '../ai/mcts';
import type { BaseAction, BaseState } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';

const usage = 'usage: node scripts/run.mjs bench/script-agreement.ts <regexp of bench/records file names>';
const fail = (why: string): never => {
  console.error(`${why}\n${usage}`);
  process.exit(2);
};
const arg = process.argv[2] ?? fail('A pattern is needed.');
let pattern = /$^/;
try {
  pattern = new RegExp(arg);
} catch (e) {
  fail(`Not a regular expression: ${(e as Error).message}`);
}
const dir = 'bench/records';
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && pattern.test(f));
if (files.length === 0) fail(`No file in ${dir} matches ${arg}.`);

type Tally = { same: number; of: number };
const tally: Record<'A' | 'B', { open: Tally; secret: Tally }> = {
  A: { open: { same: 0, of: 0 }, secret: { same: 0, of: 0 } },
  B: { open: { same: 0, of: 0 }, secret: { same: 0, of: 0 } },
};
for (const name of files) {
  const opened = openRecord(readFileSync(join(dir, name), 'utf8'), name);
  if (!opened.ok) fail(opened.error);
  const { record, ruleset, start } = (opened as { value: OpenedRecord }).value;
  const aSide = /-A-([a-z]+)-/.exec(name)?.[1] ?? fail(`${name}: no "-A-<side>-" in the name.`);
  if (!ruleset.script) fail(`${record.ruleset} has no script.`);
  let state = start;
  const rng = new Rng(seedRng('agreement'));
  for (let ply = 0; ply < record.actions.length; ply++) {
    const d = ruleset.decision(state) ?? fail(`${name}: nobody to play at ply ${ply}`);
    const options = ruleset.candidates(state);
    const action = record.actions[ply] as BaseAction;
    if (options.length > 1) {
      const t = tally[d.side === aSide ? 'A' : 'B'][d.secret ? 'secret' : 'open'];
      t.of++;
      if (keyOf(ruleset.script!(state, rng, options)) === keyOf(action)) t.same++;
    }
    const step = ruleset.apply(state, action);
    if (!step.ok) fail(`${name} does not replay at ply ${ply}: ${step.error.message.en}`);
    state = (step as { value: { state: BaseState } }).value.state;
  }
}
const share = (t: Tally) =>
  t.of ? `${t.same} of ${t.of} (${((100 * t.same) / t.of).toFixed(1)} %)` : 'none';
for (const who of ['A', 'B'] as const)
  console.log(
    `${who} played the script's action at open decisions: ${share(tally[who].open)}; at secret ones: ${share(tally[who].secret)}`,
  );
console.log(JSON.stringify({ pattern: arg, games: files.length, ...tally }));
