/**
 * Open-loop information-set MCTS over one decision at a time (DESIGN.md, "The AI").
 * - It sees only `observe(state, side)`; every iteration samples the hidden part (the other side's secret
 *   orders) and a fresh RNG from the searcher's own RNG (`determinize`), so it never reads the game's future
 *   dice nor a counter it could not see.
 * - Nodes are action paths, not states: dice are re-drawn on every iteration, so a node's value averages
 *   over dice and over hidden orders. At each node only the children legal in this iteration's state compete.
 * - Leaves are valued by a short scripted rollout (random where a ruleset has no script), then the ruleset's
 *   evaluation. Where the ruleset names its rounds, the descent and the rollout stop at the end of the round after
 *   the root's, so every option is valued at the same point of the game.
 * - Secret decisions (`DecisionPoint.secret`, e.g. epic's Ordres) are chosen by regret matching, and the move
 *   played is drawn from the average strategy with the searcher's RNG: a mixed strategy a watcher cannot read
 *   off, yet the same observation and seed still give the same choice.
 * - Paired dice, where the ruleset asks for them (contract `pairedDice`): the n-th iteration through each root
 *   option re-seeds its sampled state's dice, just before that option is played, from a salt the searcher's RNG
 *   draws once and n. Each option's mean is still over independent dice; two options' difference varies less.
 * - Progressive widening: where visits pile up, the ruleset's `variants` of the most visited option (a move
 *   turned or shortened) join the candidates.
 * - A budget in iterations and/or milliseconds (`runSearch`); ai/search-slices.ts runs the same search in slices
 *   so a Worker can be stopped, and a slice's deadline cuts a long rollout short.
 * The search never calls Math.random or Date.now: the clock is injected.
 */
import type { AnyRuleset, BaseAction, BaseState, Side } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';

export interface MctsOptions {
  /** Stop after this many milliseconds (needs `now`). */
  budgetMs?: number;
  /** Stop after this many iterations. */
  maxIterations?: number;
  /** The searcher's own seed: the same observation and seed give the same decision. */
  seed: string;
  /** UCB exploration constant. */
  c?: number;
  /** Plies of rollout after a new node, before the evaluation (default: the ruleset's `rolloutPlies`, else 12). */
  rolloutPlies?: number;
  /** Plies the tree may descend below the root. */
  maxDepth?: number;
  /** Weight of the scripted action's bonus (progressive bias), in value units times visits. */
  prior?: number;
  /** A clock in milliseconds (performance.now in the CLI and the Worker). */
  now?: () => number;
  /** A subtree kept from the previous decision (tree reuse): its statistics seed this search. */
  reuse?: MctsNode | null;
  /**
   * A yardstick, never a player's opponent: search the full state (the other side's secret orders in
   * view), re-drawing only the dice. Measures what honesty costs (issue #5: within 5 points).
   */
  allSeeing?: boolean;
}

export interface Alternative {
  action: BaseAction;
  visits: number;
  /** Mean value for the side to play, in [−1, 1]. */
  value: number;
  /** At a secret decision: this option's weight in the mixed strategy the move is drawn from. */
  p?: number;
  /** For an attack: the ruleset's exact odds, as the searcher sees the position. */
  odds?: { expected: number; destroyAll: number };
}

export interface SearchReport {
  action: BaseAction;
  /** Every root option weighed, most visited first. */
  alternatives: Alternative[];
  iterations: number;
  ms: number;
  stopped: boolean;
}

export interface MctsNode {
  action: BaseAction | null;
  /** keyOf(action), kept to compare with the scripted hint. */
  key: string;
  /** The side that chose `action` (values are from its point of view). */
  side: Side;
  visits: number;
  total: number;
  children: Map<string, MctsNode>;
  /**
   * A guess per candidate position: the child made from the action object found at that position last
   * time. Rulesets that hand out the same immutable actions in the same order skip the key lookup.
   */
  slots: (MctsNode | undefined)[];
  /** Regret matching at a secret decision: this option's cumulative regret and strategy weight. */
  regret?: number;
  strategy?: number;
  /** Progressive widening: variants added beside the candidates, and the visits at which to add the next. */
  extras?: BaseAction[];
  widenAt?: number;
}

/** Progressive widening: a node asks for a variant of its best option at this many visits, then at each doubling. */
const WIDEN_FIRST = 32;

/**
 * Where the ruleset names its rounds (contract `rolloutRound`), an iteration plays to the end of the round after
 * the root's: to the end of the root's own round only, a decision late in a round was valued with no look at the
 * next (docs/rulesets/epic.md, "Rollouts to a point of the game").
 */
const ROUNDS_AHEAD = 1;

/** Share of uniform exploration mixed into the regret-matching strategy. */
const RM_EXPLORE = 0.1;

type Node = MctsNode;

const keys = new WeakMap<BaseAction, string>();
/** A node key per action; rulesets that hand out the same immutable action objects get it cached. */
export function keyOf(a: BaseAction): string {
  let k = keys.get(a);
  if (k === undefined) {
    k = JSON.stringify(a);
    keys.set(a, k);
  }
  return k;
}

function newNode(action: BaseAction | null, key: string, side: Side): Node {
  return { action, key, side, visits: 0, total: 0, children: new Map(), slots: [] };
}

/** One search, resumable in slices: `step(n)` runs up to n iterations. */
export class Search {
  readonly root: Node;
  private readonly rng: Rng;
  private readonly c: number;
  private readonly rolloutPlies: number;
  /** The last round (contract `rolloutRound`) an iteration plays into: it stops at the first state of a later one. */
  private readonly lastRound: number;
  /** The ruleset's `rolloutRound`, read once; undefined where it names no rounds. */
  private readonly roundOf: ((s: BaseState) => number) | undefined;
  /** Whether `s` is past the rounds an iteration plays (never, when the ruleset names no rounds). */
  private pastRound(s: BaseState): boolean {
    const f = this.roundOf;
    return f !== undefined && f(s) > this.lastRound;
  }
  private readonly maxDepth: number;
  private readonly prior: number;
  iterations = 0;
  private readonly observation: BaseState;
  /** The root decision is secret: the move is drawn from the regret-matching strategy. */
  private readonly secret: boolean;
  private readonly allSeeing: boolean;

  /**
   * Paired dice (contract `pairedDice`): the salt, drawn from the searcher's RNG at the first sample (undefined
   * until then, and always where the ruleset does not pair), and how often each root option has been played.
   */
  private pairSalt: number | undefined;
  private readonly pairCounts: Map<string, number> | undefined;

  /** A state to play this iteration on: the hidden part sampled (or, all-seeing, kept) and fresh dice. */
  private sample(): BaseState {
    if (this.pairCounts !== undefined && this.pairSalt === undefined) this.pairSalt = this.rng.next();
    if (!this.allSeeing) return this.ruleset.determinize(this.observation, this.side, this.rng);
    const s = this.ruleset.clone(this.observation);
    s.rng = seedRng(`sample:${this.rng.next()}`);
    return s;
  }

  constructor(
    private readonly ruleset: AnyRuleset,
    state: BaseState,
    readonly side: Side,
    options: MctsOptions,
  ) {
    this.allSeeing = options.allSeeing === true;
    this.observation = this.allSeeing ? ruleset.clone(state) : ruleset.observe(state, side);
    this.secret = ruleset.decision(state)?.secret === true;
    this.rng = new Rng(seedRng(`mcts:${options.seed}`));
    this.c = options.c ?? 0.9;
    this.rolloutPlies = options.rolloutPlies ?? ruleset.rolloutPlies ?? 12;
    this.roundOf = ruleset.rolloutRound?.bind(ruleset);
    this.lastRound = (this.roundOf?.(this.observation) ?? 0) + ROUNDS_AHEAD;
    this.maxDepth = options.maxDepth ?? 12;
    this.prior = options.prior ?? 2;
    if (ruleset.pairedDice === true) this.pairCounts = new Map();
    const trusted = ruleset.applyTrusted;
    this.play = trusted
      ? (s, a) => {
          trusted(s, a);
          return false;
        }
      : (s, a) => ruleset.applyInPlace(s, a) !== null;
    // A kept subtree grew under other samples of the hidden information: keep only the children that are
    // legal now (the phase may differ, e.g. an interception the samples did not foresee).
    const reuse = options.reuse;
    if (reuse) {
      reuse.slots = [];
      for (const [k, c] of reuse.children)
        if (c.side !== side || !ruleset.validate(this.observation, c.action!).ok) reuse.children.delete(k);
    }
    this.root = reuse ?? newNode(null, '', side);
  }

  /** `applyTrusted` where the ruleset has it, else `applyInPlace`; true if the action was refused. */
  private readonly play: (s: BaseState, a: BaseAction) => boolean;

  /** Paired dice: `s` gets the dice of the n-th iteration through the root's option `key` (see `pairSalt`). */
  private pair(s: BaseState, key: string): void {
    const counts = this.pairCounts!;
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    s.rng = seedRng(`paired:${this.pairSalt}:${n}`);
  }

  /** How many options the side has now (in one sampled state). */
  optionCount(): number {
    return this.ruleset.candidates(this.sample()).length;
  }

  /**
   * A time after which the running iteration cuts its rollout short and is valued where it stands (needs
   * `clock`). A slice of ai/search-slices.ts sets it, so a stop request never waits on one long iteration: an
   * epic iteration with a titan's assault in its rollout measured up to ~25 ms.
   */
  deadline = Number.POSITIVE_INFINITY;
  clock: () => number = () => 0;

  step(n: number): void {
    for (let i = 0; i < n; i++) this.iterate();
  }

  /** Scratch arrays reused by every iteration (no allocation per node on the hot path). */
  private readonly path: Node[] = [];
  private readonly fresh: BaseAction[] = [];
  private readonly legal: Node[] = [];
  private readonly sides: Side[] = [];
  private readonly sideValues: number[] = [];
  /** Secret decisions met on this iteration's path: the options legal there, their strategy, the one drawn. */
  private rmCount = 0;
  private readonly rmLegal: Node[][] = [];
  private readonly rmProb: number[][] = [];
  private readonly rmChosen: number[] = [];

  private iterate(): void {
    const r = this.ruleset;
    // Every action applied below came from this state's candidates or script: no need to check it again.
    const play = this.play;
    const s = this.sample();
    const path = this.path;
    const fresh = this.fresh;
    const legal = this.legal;
    // Scratch arrays are filled by index and never truncated: setting `length` costs more than the rest.
    let np = 0;
    path[np++] = this.root;
    this.rmCount = 0;
    let node = this.root;
    let hiddenKey = '';
    for (let depth = 0; depth < this.maxDepth; depth++) {
      if (this.pastRound(s)) break;
      const decision = r.decision(s);
      if (!decision) break;
      const options: BaseAction[] = r.candidates(s);
      const count = options.length;
      if (count === 0) break;
      // The other side's secret choice is made without seeing ours: its statistics live in a node keyed by
      // what that side has chosen so far (its information set), not under our own hidden choices.
      const hidden = decision.secret === true && decision.side !== this.side;
      const at = hidden ? this.hiddenNode(hiddenKey, decision.side) : node;
      // Progressive bias: the ruleset's scripted action is expanded first and keeps a bonus that fades
      // with visits, so a short search never plays worse than the script it starts from.
      const hint = r.script ? keyOf(r.script(s, this.rng, options)) : '';
      let nf = 0;
      let nl = 0;
      const children = at.children;
      for (let i = 0; i < count; i++) {
        const option = options[i]!;
        const guess = at.slots[i];
        if (guess !== undefined && guess.action === option) {
          legal[nl++] = guess;
          continue;
        }
        const child = children.get(keyOf(option));
        if (child !== undefined) {
          legal[nl++] = child;
          if (child.action === option) at.slots[i] = child;
        } else fresh[nf++] = option;
      }
      // Progressive widening: variants added earlier compete where they are legal in this sample; once every
      // option here is expanded and the node's visits have doubled, one more variant of its most visited
      // option joins them.
      const extras = at.extras;
      if (extras !== undefined)
        for (let i = 0; i < extras.length; i++) {
          const x = extras[i]!;
          if (!r.validate(s, x).ok) continue;
          const child = children.get(keyOf(x));
          if (child !== undefined) legal[nl++] = child;
          else fresh[nf++] = x;
        }
      if (nf === 0 && nl > 0 && r.variants && !decision.secret && at.visits >= (at.widenAt ?? WIDEN_FIRST)) {
        at.widenAt = 2 * Math.max(at.visits, WIDEN_FIRST);
        let top = legal[0]!;
        for (let i = 1; i < nl; i++) if (legal[i]!.visits > top.visits) top = legal[i]!;
        for (const v of r.variants(s, top.action!, this.rng)) {
          if (children.has(keyOf(v)) || !r.validate(s, v).ok) continue;
          (at.extras ??= []).push(v);
          fresh[nf++] = v;
          break;
        }
      }
      if (nf > 0) {
        let a = fresh[nf === 1 ? 0 : this.rng.int(nf)]!;
        if (hint !== '') for (let i = 0; i < nf; i++) if (keyOf(fresh[i]!) === hint) a = fresh[i]!;
        const key = keyOf(a);
        const child = newNode(a, key, decision.side);
        children.set(key, child);
        if (depth === 0 && this.pairCounts !== undefined) this.pair(s, key);
        play(s, a);
        path[np++] = child;
        break;
      }
      if (decision.secret) {
        const chosen = this.regretMatch(legal, nl);
        if (depth === 0 && this.pairCounts !== undefined) this.pair(s, chosen.key);
        play(s, chosen.action!);
        path[np++] = chosen;
        if (hidden) hiddenKey += `/${chosen.key}`;
        else node = chosen;
        continue;
      }
      // UCB1 over the children legal in this sampled state; ties go to the first listed.
      let best = legal[0]!;
      let bestScore = Number.NEGATIVE_INFINITY;
      const explore = this.c * Math.sqrt(Math.log(node.visits + 1));
      for (let i = 0; i < nl; i++) {
        const child = legal[i]!;
        const bias = child.key === hint ? this.prior / (1 + child.visits) : 0;
        const score = child.total / child.visits + explore / Math.sqrt(child.visits) + bias;
        if (score > bestScore) {
          bestScore = score;
          best = child;
        }
      }
      if (depth === 0 && this.pairCounts !== undefined) this.pair(s, best.key);
      play(s, best.action!);
      path[np++] = best;
      node = best;
    }
    // Rollout: the ruleset's scripted behaviour where it has one (cheap and sensible), else random candidates.
    const timed = this.deadline !== Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.rolloutPlies && r.decision(s); k++) {
      if (timed && this.clock() > this.deadline) break;
      if (this.pastRound(s)) break;
      if (r.script) {
        if (play(s, r.script(s, this.rng))) break;
        continue;
      }
      const options: BaseAction[] = r.candidates(s);
      if (options.length === 0) break;
      play(s, options[this.rng.int(options.length)]!);
    }
    // Back-propagation: each node gets the evaluation for the side that chose it (one call per side).
    const sides = this.sides;
    const values = this.sideValues;
    let ns = 0;
    for (let i = 0; i < np; i++) {
      const n = path[i]!;
      let j = 0;
      while (j < ns && sides[j] !== n.side) j++;
      if (j === ns) {
        sides[ns] = n.side;
        values[ns++] = r.evaluate(s, n.side);
      }
      n.visits++;
      n.total += values[j]!;
    }
    // Regret matching (outcome sampling): the drawn option's value is importance-weighted by its
    // probability; every option's regret moves by its estimate minus the value obtained.
    for (let k = 0; k < this.rmCount; k++) {
      const options = this.rmLegal[k]!;
      const probs = this.rmProb[k]!;
      const chosen = this.rmChosen[k]!;
      const side = options[chosen]!.side;
      let j = 0;
      while (j < ns && sides[j] !== side) j++;
      const v = values[j]!;
      for (let i = 0; i < options.length; i++) {
        const estimate = i === chosen ? v / probs[i]! : 0;
        options[i]!.regret = (options[i]!.regret ?? 0) + estimate - v;
      }
    }
    this.iterations++;
  }

  /** Nodes of the other side's secret decisions, by the choices it made before (see `iterate`). */
  private readonly hidden = new Map<string, Node>();
  private hiddenNode(key: string, side: Side): Node {
    let n = this.hidden.get(key);
    if (!n) {
      n = newNode(null, key, side);
      this.hidden.set(key, n);
    }
    return n;
  }

  /** The regret-matching strategy over `legal` (mixed with uniform exploration); draws and records one. */
  private regretMatch(legal: Node[], n: number): Node {
    const k = this.rmCount++;
    const options = (this.rmLegal[k] ??= []);
    const probs = (this.rmProb[k] ??= []);
    options.length = 0;
    probs.length = 0;
    let positive = 0;
    for (let i = 0; i < n; i++) positive += Math.max(0, legal[i]!.regret ?? 0);
    let chosen = n - 1;
    let draw = this.rng.next();
    for (let i = 0; i < n; i++) {
      const child = legal[i]!;
      const share = positive > 0 ? Math.max(0, child.regret ?? 0) / positive : 1 / n;
      const p = (1 - RM_EXPLORE) * share + RM_EXPLORE / n;
      child.strategy = (child.strategy ?? 0) + p;
      options.push(child);
      probs.push(p);
      if (draw >= 0 && draw < p) chosen = i;
      draw -= p;
    }
    this.rmChosen[k] = chosen;
    return options[chosen]!;
  }

  report(ms: number, stopped: boolean): SearchReport {
    const alternatives = [...this.root.children.values()]
      .filter((n) => this.ruleset.validate(this.observation, n.action!).ok)
      .map(
        (n): Alternative => ({
          action: n.action!,
          visits: n.visits,
          value: n.visits ? n.total / n.visits : 0,
        }),
      )
      .sort((a, b) => b.visits - a.visits || b.value - a.value);
    for (const alt of alternatives) {
      const attack = this.ruleset.attackOf?.(this.observation, alt.action);
      if (!attack) continue;
      const odds = this.ruleset.odds(this.observation, attack);
      if (odds.ok) alt.odds = { expected: odds.value.expected, destroyAll: odds.value.destroyAll };
    }
    if (alternatives.length === 0) {
      const options = this.ruleset.candidates(this.sample());
      return { action: options[0]!, alternatives: [], iterations: this.iterations, ms, stopped };
    }
    if (this.secret) {
      // A mixed strategy: the average regret-matching strategy, drawn with the searcher's own RNG.
      const weights = alternatives.map((a) => this.root.children.get(keyOf(a.action))!.strategy ?? 0);
      const sum = weights.reduce((x, w) => x + w, 0);
      let draw = this.rng.next() * sum;
      let action = alternatives[0]!.action;
      for (let i = 0; i < alternatives.length; i++) {
        alternatives[i]!.p = sum > 0 ? weights[i]! / sum : 1 / alternatives.length;
        if (draw >= 0 && draw < weights[i]!) action = alternatives[i]!.action;
        draw -= weights[i]!;
      }
      return { action, alternatives, iterations: this.iterations, ms, stopped };
    }
    return { action: alternatives[0]!.action, alternatives, iterations: this.iterations, ms, stopped };
  }
}

/** A synchronous search (Node: tests, tournaments, benchmarks). */
export function search(
  ruleset: AnyRuleset,
  state: BaseState,
  side: Side,
  options: MctsOptions,
): SearchReport {
  return runSearch(new Search(ruleset, state, side, options), options);
}

/** Runs a prepared search to its budget (iterations and/or milliseconds). */
export function runSearch(
  s: Search,
  options: Pick<MctsOptions, 'budgetMs' | 'maxIterations' | 'now'>,
): SearchReport {
  const now = options.now ?? (() => 0);
  const t0 = now();
  const maxIt = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const budget = options.budgetMs ?? Number.POSITIVE_INFINITY;
  if (maxIt === Number.POSITIVE_INFINITY && budget === Number.POSITIVE_INFINITY)
    throw new Error('mcts: give a budget');
  const start = s.iterations;
  // A decision with one option needs no search.
  if (s.optionCount() <= 1) s.step(1);
  else
    while (s.iterations - start < maxIt && now() - t0 < budget)
      s.step(Math.min(8, maxIt - (s.iterations - start)));
  return s.report(now() - t0, false);
}
