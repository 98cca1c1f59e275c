/** Scenario files are untrusted: each malformed `company` file is refused with a coded error naming the field. */
import { companyRuleset } from '../src/rulesets/company';
import { describeScenarioGate } from './helpers/scenario-gate';

describeScenarioGate(companyRuleset, 'company-bad', 20);
