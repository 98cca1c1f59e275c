/**
 * The board adapter each ruleset declares in its own board.ts (src/rulesets/registry.ts `boards`): the app
 * reads nothing ruleset-specific but this.
 */
import { type BoardAdapter, boards } from '../rulesets/registry';

export function adapterFor(ruleset: string): BoardAdapter | undefined {
  return boards[ruleset];
}
