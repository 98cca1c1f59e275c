/** Scenario files are untrusted: each malformed `epic` file is refused with a coded error naming the field. */
import { epicRuleset } from '../src/rulesets/epic';
import { describeScenarioGate } from './helpers/scenario-gate';

describeScenarioGate(epicRuleset, 'epic-bad', 30);
