/**
 * `npm run story -- <game.json> [--plies 60-120] [--lang fr] [--notes]`: a game record told as text, ply by ply:
 * the turn, the side that played, the action, and what the rules did (each event's text, dice included), then
 * the result. Plies are numbered as `npm run analyse` and the record's notes number them: ply n is the position
 * before the (n+1)-th action. `--notes` adds the record's annotations before the ply they are attached to (a
 * tournament's `--records` write the search's options at each of its decisions there). Reading a lost game this
 * way costs no search, unlike `npm run analyse`, so it can run beside a tournament without taking its core.
 * Exits 1 naming the first ply that does not replay.
 */
import { commandArgs, die, parsePlyList } from './args';
import { openRecordFile } from './open-record';
import { tellGame } from './tell-game';

const USAGE = 'Usage: npm run story -- <game.json> [--plies <list, e.g. 1-40,97>] [--lang en|fr] [--notes]';
const { flags, positional } = commandArgs(process.argv.slice(2), {
  usage: USAGE,
  options: ['plies', 'lang'],
  switches: ['notes'],
  positional: 1,
});
const file = positional[0] ?? die(USAGE);
const lang = flags.lang ?? 'en';
if (lang !== 'en' && lang !== 'fr') die(`--lang is en or fr, not "${lang}".`);
const opened = openRecordFile(file);
if (!opened.ok) die(opened.error);
let plies: Set<number> | undefined;
if (flags.plies !== undefined) {
  const p = parsePlyList(flags.plies, opened.value.record.actions.length);
  if (!p.ok) die(`--plies: ${p.error}\n${USAGE}`);
  plies = new Set(p.value);
}
const told = tellGame(opened.value, { lang, plies, notes: flags.notes === 'true' });
if (!told.ok) die(`${file}: ${told.error}`, 1);
process.stdout.write(`${told.value.join('\n')}\n`);
