/**
 * Prints (JSON on stdout) an `epic` game record whose last position has blue, the human side of an imported
 * game, to move a base where a legal move would pass within reach of a red face-down counter (C5, NE-U44):
 * the record, the move and the red bases the rules say could intercept it. Run by play.spec.ts with tsx, so
 * that the position follows the rules as they are now (a saved fixture would break when they change).
 */
import { createGame, legalOf, playAction, whyIllegal, withDestination } from '../../../src/app/game';
import { Rng, seedRng } from '../../../src/engine/rng';
import { epicMoveThreat } from '../../../src/rulesets/epic/board';

function find(): unknown {
  for (let k = 0; k < 60; k++) {
    const made = createGame('epic', 'plaine-de-grik', `threat-${k}`);
    if (!made.ok) throw new Error(made.error.code);
    const game = made.value;
    const rng = new Rng(seedRng(`threat-${k}`));
    for (let i = 0; i < 600; i++) {
      const d = game.ruleset.decision(game.state);
      if (!d) break;
      if (d.side === 'blue' && (game.state as { phase?: string }).phase === 'mouvement.activation') {
        const obs = game.ruleset.observe(game.state, 'blue');
        // Destinations around each base that may move: every 30°, at its full and half reach.
        for (const region of legalOf(game).regions) {
          if (region.template.type !== 'move') continue;
          for (let a = 0; a < 12; a++)
            for (const f of [0.95, 0.5]) {
              const to = {
                x:
                  Math.round((region.from.x + Math.cos((a * Math.PI) / 6) * region.maxDistance * f) * 10) /
                  10,
                y:
                  Math.round((region.from.y + Math.sin((a * Math.PI) / 6) * region.maxDistance * f) * 10) /
                  10,
              };
              const action = withDestination(region.template, to);
              if (whyIllegal(game, action)) continue;
              const threat = epicMoveThreat(obs, 'blue', action);
              if (threat) return { record: game.record, unit: region.unit, to, by: threat.by };
            }
        }
      }
      const c = game.ruleset.candidates(game.state);
      const played = playAction(game, c[rng.int(c.length)]!);
      if (!played.ok) throw new Error(played.error.code);
    }
  }
  throw new Error('no threatened move found');
}

process.stdout.write(JSON.stringify(find()));
