/**
 * Prints (JSON on stdout) an `epic` game record whose last position has blue, the human side of an imported
 * game, able to shoot (C4): a `shoot` among its legal actions. Run by play.spec.ts with tsx, so the position
 * follows the rules as they are now (a saved fixture would break when they change).
 */
import { createGame, legalOf, playAction } from '../../../src/app/game';
import { Rng, seedRng } from '../../../src/engine/rng';

function find(): unknown {
  for (let k = 0; k < 60; k++) {
    const made = createGame('epic', 'plaine-de-grik', `shot-${k}`);
    if (!made.ok) throw new Error(made.error.code);
    const game = made.value;
    const rng = new Rng(seedRng(`shot-${k}`));
    for (let i = 0; i < 600; i++) {
      const d = game.ruleset.decision(game.state);
      if (!d) break;
      if (d.side === 'blue' && legalOf(game).actions.some((a) => a.type === 'shoot'))
        return { record: game.record };
      const c = game.ruleset.candidates(game.state);
      const played = playAction(game, c[rng.int(c.length)]!);
      if (!played.ok) throw new Error(played.error.code);
    }
  }
  throw new Error('no position with a shot found');
}

process.stdout.write(JSON.stringify(find()));
