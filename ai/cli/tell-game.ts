/**
 * A game record told as text, ply by ply (`npm run story`, ./story.ts): the turn, the side that played, the
 * action, what the rules did, then the result. Plies are numbered as `npm run analyse` and the record's notes
 * number them: ply n is the position before the (n+1)-th action.
 */
import type { BaseState, GameEvent } from '../../src/engine/contract';
import { hashState } from '../../src/engine/hash';
import type { Result } from '../../src/engine/result';
import type { OpenedRecord } from './open-record';

export type Lang = 'en' | 'fr';

export interface StoryOptions {
  lang: Lang;
  /** The plies to tell (0 = the first action); every ply when absent. */
  plies?: ReadonlySet<number>;
  /** Add the record's annotations before the ply they are attached to. */
  notes: boolean;
}

/**
 * The lines telling `opened`'s game. Replays every action through the ruleset (`apply`, checked against the
 * record's hashes), so a line is what the rules did, never what the file claims; an error names the first ply
 * that fails.
 */
export function tellGame(opened: OpenedRecord, options: StoryOptions): Result<string[], string> {
  const { record, ruleset } = opened;
  const { lang, plies, notes } = options;
  const shown = (ply: number) => plies === undefined || plies.has(ply);
  const notesAt = new Map<number, string[]>();
  if (notes)
    for (const a of record.annotations) {
      const list = notesAt.get(a.ply) ?? [];
      list.push(`${a.kind}${a.mark ? ` ${a.mark}` : ''}: ${a.text}`);
      notesAt.set(a.ply, list);
    }
  const lines: string[] = [];
  const pushNotes = (ply: number) => {
    for (const n of notesAt.get(ply) ?? []) for (const l of n.split('\n')) lines.push(`  | ${l}`);
  };
  const head = lang === 'fr' ? 'Partie :' : 'Game:';
  const count = `${record.actions.length} ${lang === 'fr' ? 'coups' : 'plies'}`;
  lines.push(`${head} ${record.ruleset} / ${record.scenario}, seed ${record.seed}, ${count}`);
  let state: BaseState = opened.start;
  for (let ply = 0; ply < record.actions.length; ply++) {
    const d = ruleset.decision(state);
    const action = record.actions[ply]!;
    const step = ruleset.apply(state, action);
    if (!step.ok) return { ok: false, error: `ply ${ply}: ${step.error.message.en}` };
    if (hashState(step.value.state) !== record.hashes[ply])
      return {
        ok: false,
        error: `ply ${ply}: the position after it differs from the record's (hash mismatch).`,
      };
    state = step.value.state;
    if (!shown(ply)) continue;
    pushNotes(ply);
    const who = d ? `${lang === 'fr' ? 'tour' : 'turn'} ${d.turn}, ${d.side}` : '-';
    lines.push(`${ply}. [${who}] ${JSON.stringify(action)}`);
    for (const e of step.value.events as GameEvent[]) lines.push(`    ${e.text[lang]}`);
  }
  if (plies === undefined) pushNotes(record.actions.length);
  const o = ruleset.outcome(state);
  if (o.status === 'finished') {
    const pts = ` (${Object.entries(o.points)
      .map(([s, p]) => `${s} ${p}`)
      .join(', ')})`;
    const result = lang === 'fr' ? 'Résultat :' : 'Result:';
    const none = lang === 'fr' ? 'nul' : 'draw';
    lines.push(`${result} ${o.winner ?? none}${pts}: ${o.reason[lang]}`);
  } else lines.push(lang === 'fr' ? 'La partie continue.' : 'The game goes on.');
  return { ok: true, value: lines };
}
