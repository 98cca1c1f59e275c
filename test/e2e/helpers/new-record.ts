/**
 * Prints (JSON on stdout) the record of a new game, no action played: `tsx new-record.ts <ruleset> <scenario>
 * <seed>`. Made with the rules of now, so its hashes always match (a saved fixture would break when they change).
 */
import { createGame } from '../../../src/app/game';

const [ruleset = 'company', scenario = 'le-pont-de-cendres', seed = 'e2e-new'] = process.argv.slice(2);
const made = createGame(ruleset, scenario, seed);
if (!made.ok) throw new Error(made.error.code);
process.stdout.write(JSON.stringify(made.value.record));
