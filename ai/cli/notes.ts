/**
 * `npm run notes -- <game.json | folder>… [--code <digest>] [--match <text>]`: what the search had to go on in
 * kept games (./search-note.ts). Reads the `ai` notes a tournament's `--records` wrote and prints, per bot: its
 * decisions with more than one option, the iterations a decision got (median, 10th and 90th percentiles), the
 * options weighed, how far the most visited option's chance stood above the best other shown (median, and the
 * share within ±3 points: options the search could not tell apart), and how often it played the most visited.
 * A folder stands for its `.json` files; `--code` keeps the games whose comment names that code digest (the
 * tournament writes it), `--match` those whose file name contains the text. Runs no search and replays nothing.
 * The last line is JSON.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseRecord } from '../../src/engine/record';
import { commandArgs, die } from './args';
import { type ParsedNote, parseSearchNote, summariseNotes } from './search-note';

const USAGE =
  'Usage: npm run notes -- <game.json | folder>… [--code <digest>] [--match <text in the file name>]';
const { flags, positional } = commandArgs(process.argv.slice(2), {
  usage: USAGE,
  options: ['code', 'match'],
  positional: Number.POSITIVE_INFINITY,
});
if (positional.length === 0) die(USAGE);

const files: string[] = [];
for (const p of positional) {
  let isDir: boolean;
  try {
    isDir = statSync(p).isDirectory();
  } catch (e) {
    die(`Cannot read ${p}: ${(e as Error).message}`);
  }
  if (isDir)
    for (const name of readdirSync(p).sort()) {
      if (name.endsWith('.json')) files.push(join(p, name));
    }
  else files.push(p);
}

const notes: ParsedNote[] = [];
let games = 0;
for (const file of files) {
  if (flags.match !== undefined && !basename(file).includes(flags.match)) continue;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    die(`Cannot read ${file}: ${(e as Error).message}`);
  }
  const parsed = parseRecord(text);
  if (!parsed.ok) die(`${file}: ${parsed.error.message.en}`);
  const annotations = parsed.value.annotations;
  if (
    flags.code !== undefined &&
    !annotations.some((a) => a.kind === 'comment' && a.text.includes(`Code ${flags.code}`))
  )
    continue;
  games++;
  for (const a of annotations) {
    if (a.kind !== 'ai') continue;
    const n = parseSearchNote(a.text);
    if (n) notes.push(n);
  }
}
if (games === 0) die(`No game record matched among ${files.length} file(s).`, 1);
const summary = summariseNotes(notes);
if (summary.length === 0) die(`${games} game(s), but no search note with more than one option in them.`, 1);
const pc = (x: number) => `${Math.round(100 * x)} %`;
console.log(`${games} game(s), ${notes.length} search notes`);
for (const s of summary)
  console.log(
    `${s.bot}: ${s.decisions} decisions with a choice; iterations median ${s.iterations.median} ` +
      `(10th–90th percentile ${s.iterations.p10}–${s.iterations.p90}); options median ${s.optionsMedian}; ` +
      `most visited minus best other: median ${s.gapMedian} points, within ±3 points in ${pc(s.within3)}; ` +
      `played the most visited in ${pc(s.playedTop)}`,
  );
console.log(JSON.stringify({ games, notes: notes.length, bots: summary }));
