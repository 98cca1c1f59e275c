/**
 * `npm run replay -- game.json`: verifies a game record by replaying it from its seed. Prints, last, one line
 * of JSON: ok, plies, final hash. Exits 1 naming the first ply that diverges.
 */
import { readFileSync } from 'node:fs';
import { parseRecord, replay } from '../../src/engine/record';
import { findScenario, rulesets } from '../../src/rulesets/registry';
import { commandArgs, die } from './args';

const USAGE = 'Usage: npm run replay -- <game.json>';
const { positional } = commandArgs(process.argv.slice(2), { usage: USAGE, options: [], positional: 1 });
const file = positional[0] ?? die(USAGE);
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  die(`Cannot read ${file}: ${(e as Error).message}`);
}
const fail = (ply: number, code: string, message: string): never => {
  console.log(JSON.stringify({ ok: false, ply, code, message }));
  process.exit(1);
};
const parsed = parseRecord(text);
if (!parsed.ok) fail(0, parsed.error.code, parsed.error.message.en);
else {
  const record = parsed.value;
  const ruleset = rulesets[record.ruleset];
  if (!ruleset) fail(0, 'ERR_RECORD_RULESET', `Unknown rule system "${record.ruleset}".`);
  const scenario = findScenario(record.ruleset, record.scenario);
  if (!scenario) fail(0, 'ERR_RECORD_SCENARIO', `Unknown scenario "${record.scenario}".`);
  const r = replay(ruleset!, scenario!.data, record);
  if (!r.ok) fail(r.error.ply, r.error.code, r.error.message.en);
  else console.log(JSON.stringify({ ok: true, plies: r.value.plies, finalHash: r.value.finalHash }));
}
