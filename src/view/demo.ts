/**
 * A dev page for the board (src/view/demo.html), served by test/e2e/board.spec.ts with its own Vite server.
 * It plays the app's part, which the view never does: it sets up La plaine de Grik, gives every order,
 * activates the first Boyz mob, then turns the board's intents into actions through the ruleset.
 * `window.boardDemo` exposes the board and a few helpers for the browser test.
 */
import plaineDeGrik from '../../maps/epic/plaine-de-grik.json';
import type { Vec2 } from '../engine/geometry';
import { epicRuleset } from '../rulesets/epic';
import { epicBoard, epicOverlays } from '../rulesets/epic/board';
import type { EpicAction, EpicState } from '../rulesets/epic/types';
import { Board, type BoardIntents, type Lang } from './board';
import { toScreen } from './iso';

function setup(): EpicState {
  const sc = epicRuleset.parseScenario(plaineDeGrik);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const st = epicRuleset.setup(sc.value, 'demo');
  if (!st.ok) throw new Error(st.error.message.en);
  let s = st.value;
  const play = (a: EpicAction): void => {
    const r = epicRuleset.apply(s, a);
    if (!r.ok) throw new Error(r.error.message.en);
    s = r.value.state;
  };
  while (s.phase === 'ordres') play({ type: 'order', det: epicRuleset.decision(s)!.unit!, order: 'avance' });
  if (s.phase === 'initiative') play({ type: 'initiative', first: 'blue' });
  if (s.toAct === 'blue') play({ type: 'activate', det: 'o-boyz-a' });
  return s;
}

const lang: Lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'fr';
let state = setup();
let selected: string | undefined = 'o-ba3';
const intents: { intent: keyof BoardIntents; value: unknown }[] = [];

const parent = document.getElementById('board')!;
const board = await Board.create(parent);

function refresh(): void {
  board.set(epicBoard(state, { viewer: 'blue' }), epicOverlays(state, selected), { selected, lang });
}

board.on('select', (id) => {
  intents.push({ intent: 'select', value: id });
  selected = id;
  refresh();
});
board.on('point', (p) => {
  intents.push({ intent: 'point', value: p });
  const region = selected ? epicRuleset.legal(state).regions.find((r) => r.unit === selected) : undefined;
  if (region?.template.type !== 'move') return;
  const r = epicRuleset.apply(state, { ...region.template, to: { x: p.x, y: p.y } });
  if (r.ok) {
    state = r.value.state;
    refresh();
  }
});
board.on('hover', (id) => intents.push({ intent: 'hover', value: id }));
board.on('aim', (p) => intents.push({ intent: 'aim', value: p }));
refresh();
board.canvas.focus();

declare global {
  interface Window {
    boardDemo?: {
      board: Board;
      intents: typeof intents;
      /** Canvas CSS pixel of a unit's base centre, or of a table point. */
      screenOf(id: string): Vec2 | null;
      screenAt(x: number, y: number): Vec2;
    };
  }
}

window.boardDemo = {
  board,
  intents,
  screenOf(id) {
    const b = state.bases.find((x) => x.id === id);
    return b ? toScreen(b.x, b.y, 0, board.camera) : null;
  },
  screenAt: (x, y) => toScreen(x, y, 0, board.camera),
};
