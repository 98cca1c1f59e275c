/** Every registered ruleset and its scenarios (maps/<id>/*.json), for the app, the CLI and the tests. */
import laChapelleEnRuines from '../../maps/company/la-chapelle-en-ruines.json';
import lePontDeCendres from '../../maps/company/le-pont-de-cendres.json';
import gueDeKrag from '../../maps/epic/gue-de-krag.json';
import leGrandGargant from '../../maps/epic/le-grand-gargant.json';
import plaineDeGrik from '../../maps/epic/plaine-de-grik.json';
import type { BoardModel, Overlay } from '../engine/board-model';
import type { AnyRuleset, BaseAction } from '../engine/contract';
import type { Message } from '../engine/result';
import { companyRuleset } from './company';
import { companyBoard, companyCard, companyDescribe, companyOverlays } from './company/board';
import { epicRuleset } from './epic';
import { epicBoard, epicOverlays } from './epic/board';

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

/** The unit card the app shows beside the board: profile, weapons, and the rules behind its abilities. */
export interface UnitCard {
  title: Message;
  subtitle?: Message;
  stats: { label: Message; value: string }[];
  weapons: { name: Message; text: Message }[];
  /** Abilities, each with the catalogue id `explain({ rule })` gives the text of. */
  rules: { id: string; label: Message }[];
  /** States and counters in words. */
  states: Message[];
}

/** What a ruleset declares for the app. Every function takes an observation (`observe(state, viewer)`). */
export interface BoardAdapter {
  // biome-ignore lint/suspicious/noExplicitAny: each adapter takes its own ruleset's state.
  board(observation: any, opts: { viewer?: any }): BoardModel;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  overlays(observation: any, selectedUnit?: string): Overlay[];
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  card?(observation: any, unit: string): UnitCard | null;
  /** An action in words (names, not ids); null when the adapter has no words for it. */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  describe?(observation: any, action: BaseAction): Message | null;
}

export const boards: Record<string, BoardAdapter> = {
  epic: { board: epicBoard, overlays: epicOverlays },
  company: { board: companyBoard, overlays: companyOverlays, card: companyCard, describe: companyDescribe },
};
