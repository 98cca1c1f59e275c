/** Every registered ruleset and its scenarios (maps/<id>/*.json), for the app, the CLI and the tests. */
import plaineDeGrik from '../../maps/epic/plaine-de-grik.json';
import type { AnyRuleset } from '../engine/contract';
import type { Message } from '../engine/result';
import { epicRuleset } from './epic';

export interface ScenarioEntry {
  id: string;
  name: Message;
  data: unknown;
}

export const rulesets: Record<string, AnyRuleset> = { epic: epicRuleset };

const entry = (data: { id: string; name: Message }): ScenarioEntry => ({
  id: data.id,
  name: data.name,
  data,
});

export const scenarios: Record<string, ScenarioEntry[]> = {
  epic: [entry(plaineDeGrik)],
};

export function findScenario(ruleset: string, id: string): ScenarioEntry | undefined {
  return scenarios[ruleset]?.find((s) => s.id === id);
}
