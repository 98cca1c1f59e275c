/** Every registered ruleset and its scenarios (maps/<id>/*.json), for the app, the CLI and the tests. */
import laChapelleEnRuines from '../../maps/company/la-chapelle-en-ruines.json';
import lePontDeCendres from '../../maps/company/le-pont-de-cendres.json';
import gueDeKrag from '../../maps/epic/gue-de-krag.json';
import leGrandGargant from '../../maps/epic/le-grand-gargant.json';
import plaineDeGrik from '../../maps/epic/plaine-de-grik.json';
import type { BoardAdapter } from '../engine/board-model';
import type { AnyRuleset } from '../engine/contract';
import type { Message } from '../engine/result';
import { companyRuleset } from './company';
import { companyBoardAdapter } from './company/board';
import { epicRuleset } from './epic';
import { epicBoardAdapter } from './epic/board';

export interface ScenarioEntry {
  id: string;
  name: Message;
  data: unknown;
}

export const rulesets: Record<string, AnyRuleset> = { epic: epicRuleset, company: companyRuleset };

const entry = (data: { id: string; name: Message }): ScenarioEntry => ({
  id: data.id,
  name: data.name,
  data,
});

export const scenarios: Record<string, ScenarioEntry[]> = {
  epic: [entry(plaineDeGrik), entry(gueDeKrag), entry(leGrandGargant)],
  company: [entry(lePontDeCendres), entry(laChapelleEnRuines)],
};

export function findScenario(ruleset: string, id: string): ScenarioEntry | undefined {
  return scenarios[ruleset]?.find((s) => s.id === id);
}

// ── board adapters: how each ruleset's state is drawn and described (the app knows no ruleset) ──────────

export type { BoardAdapter, UnitCard } from '../engine/board-model';

/** Each ruleset's board adapter, declared in its own board.ts. */
export const boards: Record<string, BoardAdapter> = { epic: epicBoardAdapter, company: companyBoardAdapter };
