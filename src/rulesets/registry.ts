/** Every registered ruleset and its scenarios (maps/<id>/*.json), for the app, the CLI and the tests. */
import laChapelleEnRuines from '../../maps/company/la-chapelle-en-ruines.json';
import lePontDeCendres from '../../maps/company/le-pont-de-cendres.json';
import plaineDeGrik from '../../maps/epic/plaine-de-grik.json';
import type { AnyRuleset } from '../engine/contract';
import type { Message } from '../engine/result';
import { companyRuleset } from './company';
import { epicRuleset } from './epic';

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
  epic: [entry(plaineDeGrik)],
  company: [entry(lePontDeCendres), entry(laChapelleEnRuines)],
};

export function findScenario(ruleset: string, id: string): ScenarioEntry | undefined {
  return scenarios[ruleset]?.find((s) => s.id === id);
}
