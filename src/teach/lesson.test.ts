import { describe, expect, it } from 'vitest';
import { lessonFiles, lessonMenu, lessonsFor } from './catalog';
import { type Check, parseLesson, readPath, runCheck } from './lesson';
import {
  attemptStep,
  candidateSeed,
  currentStep,
  designFault,
  findStepSeed,
  loadLesson,
  newProgress,
  recordAttempt,
  SEED_TRIES,
  stepPosition,
} from './runner';

const all = Object.entries(lessonFiles).flatMap(([ruleset, files]) =>
  files.map((f) => ({ ruleset, file: f })),
);

describe('lessons', () => {
  it('every ruleset has at least three lessons and the catalog loads them all', () => {
    for (const [ruleset, files] of Object.entries(lessonFiles)) {
      expect(files.length).toBeGreaterThanOrEqual(3);
      expect(lessonsFor(ruleset)).toHaveLength(files.length);
      expect(lessonMenu(ruleset).every((m) => m.steps > 0)).toBe(true);
    }
  });

  for (const { ruleset, file } of all) {
    const id = (file as { id: string }).id;
    describe(`${ruleset} / ${id}`, () => {
      const loaded = loadLesson(file);
      it('loads, and every step’s set-up is valid on the engine', () => {
        expect(loaded.ok ? null : loaded.error).toBeNull();
      });
      if (!loaded.ok) return;
      const lesson = loaded.value;
      lesson.steps.forEach((step, i) => {
        it(`${step.id}: the set-up reaches the learner's decision`, () => {
          const p = stepPosition(lesson, i);
          expect(p.ok).toBe(true);
          if (p.ok) expect(p.value.decision.side).toBe(step.side);
        });
        it(`${step.id}: the solution passes and its events cite ${step.teaches.join(', ')}`, () => {
          const a = attemptStep(lesson, i, step.solution);
          expect(a.ok).toBe(true);
          if (!a.ok) return;
          expect(a.value.passed).toBe(true);
          expect(a.value.message).toEqual(step.success);
          for (const rule of step.teaches) expect(a.value.rulesCited).toContain(rule);
          expect(a.value.reply).not.toBeNull();
        });
        it(`${step.id}: each wrong move fails with the explanation, and a retry still passes`, () => {
          expect(step.wrong.length).toBeGreaterThan(0);
          for (const w of step.wrong) {
            const a = attemptStep(lesson, i, w);
            expect(a.ok).toBe(true);
            if (!a.ok) continue;
            expect(a.value.passed).toBe(false);
            expect(a.value.reply).toBeNull();
            expect(a.value.message.en).toContain(step.explanation.en);
            expect(a.value.message.fr).toContain(step.explanation.fr);
            if (!a.value.legal) expect(a.value.refusal?.code).toMatch(/^ERR_/);
          }
          const retry = attemptStep(lesson, i, step.solution);
          expect(retry.ok && retry.value.passed).toBe(true);
        });
      });
      it('plays to completion with the intended moves: each step’s own check fires on the rule-level outcome, a wrong move shows the explanation', () => {
        let p = newProgress(lesson);
        for (const [i, step] of lesson.steps.entries()) {
          const pos = stepPosition(lesson, i);
          expect(pos.ok).toBe(true);
          if (!pos.ok) return;
          // What the prefix's dice had to give (a knock-down, a wound) is there.
          if (step.setup.require) {
            const last = step.setup.prefix.at(-1) ?? { type: '' };
            expect(
              runCheck(step.setup.require, {
                action: last,
                events: pos.value.events,
                state: pos.value.state,
              }),
            ).toBe(true);
          }
          const wrong = attemptStep(lesson, i, step.wrong[0]!);
          expect(
            wrong.ok && !wrong.value.passed && wrong.value.message.en.includes(step.explanation.en),
          ).toBe(true);
          const a = attemptStep(lesson, i, step.solution);
          expect(a.ok).toBe(true);
          if (!a.ok) return;
          // The step's success check itself, on what the engine did.
          expect(
            runCheck(step.check, { action: step.solution, events: a.value.events, state: a.value.state }),
          ).toBe(true);
          expect(a.value.passed).toBe(true);
          p = recordAttempt(lesson, p, a.value);
        }
        expect(p.finished).toBe(true);
      });
      it('progress: a failure keeps the step, a pass moves on, the last pass finishes', () => {
        let p = newProgress(lesson);
        const fail = attemptStep(lesson, 0, lesson.steps[0]!.wrong[0]!);
        if (fail.ok) p = recordAttempt(lesson, p, fail.value);
        expect(p.step).toBe(0);
        expect(p.attempts[lesson.steps[0]!.id]).toBe(1);
        lesson.steps.forEach((s, i) => {
          expect(currentStep(lesson, p)?.id).toBe(s.id);
          const a = attemptStep(lesson, i, s.solution);
          if (a.ok) p = recordAttempt(lesson, p, a.value);
        });
        expect(p.finished).toBe(true);
        expect(p.passed).toEqual(lesson.steps.map((s) => s.id));
        expect(currentStep(lesson, p)).toBeNull();
        expect(JSON.parse(JSON.stringify(p))).toEqual(p);
      });
    });
  }

  describe('dice found at load time, not hard-coded', () => {
    const etats = lessonFiles.company!.find((f) => (f as { id: string }).id === 'company-etats') as {
      steps: { id: string; setup: { seed: string; require?: Check } }[];
    };
    it('a step’s seed is the first candidate on which it plays as designed; earlier ones are skipped', () => {
      const parsed = parseLesson(etats);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const i = parsed.value.steps.findIndex((s) => s.id === 'relever');
      const found = findStepSeed(parsed.value, i);
      expect(found.ok).toBe(true);
      if (!found.ok) return;
      const base = parsed.value.steps[i]!.setup.seed;
      expect(found.value.seed).toBe(candidateSeed(base, found.value.tries - 1));
      // Every earlier candidate fails the step's design (here: Vargas is not knocked down, or the solution fails).
      for (let k = 0; k < found.value.tries - 1; k++) {
        const l = structuredClone(parsed.value);
        l.steps[i]!.setup.seed = candidateSeed(base, k);
        const pos = stepPosition(l, i);
        expect(!pos.ok || designFault(l, i, pos.value) !== null).toBe(true);
      }
      // The loaded lesson plays with the seed found: Vargas starts Mis au sol.
      const loaded = loadLesson(etats);
      expect(loaded.ok && loaded.value.steps[i]!.setup.seed).toBe(found.value.seed);
      if (!loaded.ok) return;
      const pos = stepPosition(loaded.value, i);
      expect(pos.ok && readPath(pos.value.state, ['units', { where: 'id', is: 'vargas' }, 'misAuSol'])).toBe(
        true,
      );
    });

    it('a lesson still plays as designed when its dice change (another base seed: as if the rules drew differently)', () => {
      for (const [ruleset, files] of Object.entries(lessonFiles))
        for (const file of files) {
          const moved = structuredClone(file) as { steps: { setup: { seed: string } }[] };
          for (const s of moved.steps) s.setup.seed = `${s.setup.seed}/changed-dice`;
          const l = loadLesson(moved);
          expect(l.ok ? null : [ruleset, l.error.message.en]).toBeNull();
          if (!l.ok) continue;
          l.value.steps.forEach((step, i) => {
            const a = attemptStep(l.value, i, step.solution);
            expect(a.ok && a.value.passed).toBe(true);
            for (const w of step.wrong) {
              const b = attemptStep(l.value, i, w);
              expect(b.ok && !b.value.passed && b.value.message.fr.includes(step.explanation.fr)).toBe(true);
            }
          });
        }
    });

    it('a set-up that no seed can give is refused with ERR_LESSON_DICE naming the seed field, in both languages', () => {
      const bad = structuredClone(etats);
      bad.steps[0]!.setup.require = {
        kind: 'state',
        path: ['units', { where: 'id', is: 'vargas' }, 'pv'],
        atLeast: 100,
      };
      const r = loadLesson(bad);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ERR_LESSON_DICE');
      expect(r.error.field).toBe('steps.0.setup.seed');
      expect(r.error.message.en).toContain(candidateSeed(bad.steps[0]!.setup.seed, SEED_TRIES - 1));
      expect(r.error.message.en).toContain('require');
      expect(r.error.message.fr).toContain('require');
      expect(r.error.message.fr).not.toBe(r.error.message.en);
    });
  });

  it('refuses malformed lessons with coded errors naming the field', () => {
    const good = structuredClone(lessonFiles.epic![0]) as Record<string, unknown> & {
      steps: Record<string, unknown>[];
    };
    const bad = (f: (l: typeof good) => void) => {
      const l = structuredClone(good);
      f(l);
      return loadLesson(l);
    };
    const codes = [
      [bad((l) => (l.version = 2)), 'ERR_LESSON_SCHEMA', 'version'],
      [bad((l) => (l.ruleset = 'chess')), 'ERR_LESSON_RULESET', 'ruleset'],
      [
        bad((l) => (l.steps[0]!.check = { kind: 'eval', code: 'alert(1)' })),
        'ERR_LESSON_SCHEMA',
        'steps.0.check.kind',
      ],
      [
        bad((l) => (l.steps[0]!.check = { kind: 'state', path: ['__proto__'], equals: 1 })),
        'ERR_LESSON_SCHEMA',
        'steps.0.check.path.0',
      ],
      [
        bad((l) => ((l.steps[0]!.setup as { scenario: string }).scenario = 'ghost')),
        'ERR_LESSON_SCHEMA',
        'steps.0.setup.scenario',
      ],
      [
        bad((l) => ((l.steps[0]!.setup as { prefix: unknown[] }).prefix = [{ type: 'shoot' }])),
        'ERR_LESSON_PREFIX',
        'steps.0.setup.prefix.0',
      ],
      [bad((l) => (l.steps[0]!.side = 'red')), 'ERR_LESSON_SIDE', 'steps.0.side'],
      [
        bad((l) => ((l.scenarios as Record<string, { turnLimit: number }>).table!.turnLimit = 0)),
        'ERR_LESSON_SETUP',
        'steps.0.setup.scenario.turnLimit',
      ],
    ] as const;
    for (const [r, code, field] of codes) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.code).toBe(code);
      expect(r.error.field).toBe(field);
      expect(r.error.message.fr).not.toBe(r.error.message.en);
    }
    expect(parseLesson(null).ok).toBe(false);
  });
});

describe('checks', () => {
  const input = {
    action: { type: 'order', det: 'B', order: 'tirAppuye', at: { x: 1, y: 2 } },
    events: [
      { kind: 'fire', rule: 'C5,NE-U37', side: 'red', text: { en: '', fr: '' } },
      {
        kind: 'passe',
        rule: 'C2,HD-24',
        text: { en: '', fr: '' },
        units: ['vargas', 'dam'],
        dice: [
          { label: 'vargas CBT 5', sides: 6, dice: [4] },
          { label: 'dam CBT 4 (riposte)', sides: 6, dice: [2] },
        ],
      },
    ],
    state: {
      units: [
        { id: 'a', pv: 3 },
        { id: 'b', pv: 5, states: ['sonne'] },
      ],
      turn: 2,
    },
  };
  const table: [Check, boolean][] = [
    [{ kind: 'action', match: { type: 'order', order: 'tirAppuye' } }, true],
    [{ kind: 'action', match: { at: { x: 1, y: 2 } } }, true],
    [{ kind: 'action', match: { order: 'charge' } }, false],
    [{ kind: 'action', match: { missing: null } }, false],
    [{ kind: 'event', rule: 'C5' }, true],
    [{ kind: 'event', rule: 'NE-U37', event: 'fire', side: 'red' }, true],
    [{ kind: 'event', rule: 'C5', event: 'intercept' }, false],
    [{ kind: 'event', rule: 'C', side: 'red' }, false],
    [{ kind: 'event', rule: 'C2', event: 'passe', unit: 'dam', dice: 'riposte' }, true],
    [{ kind: 'event', rule: 'HD-24', unit: 'vargas', dice: 'CBT' }, true],
    [{ kind: 'event', rule: 'C2', unit: 'anna' }, false],
    [{ kind: 'event', rule: 'C5', dice: 'riposte' }, false],
    [{ kind: 'state', path: ['units', { where: 'id', is: 'b' }, 'pv'], equals: 5 }, true],
    [{ kind: 'state', path: ['units', 0, 'pv'], atLeast: 1, atMost: 3 }, true],
    [{ kind: 'state', path: ['units', 0, 'pv'], atLeast: 4 }, false],
    [{ kind: 'state', path: ['units', { where: 'id', is: 'b' }, 'states'], equals: ['sonne'] }, true],
    [{ kind: 'state', path: ['units', { where: 'id', is: 'z' }, 'pv'], equals: null }, false],
    [{ kind: 'state', path: ['constructor'], equals: null }, false],
    [
      {
        kind: 'all',
        of: [
          { kind: 'event', rule: 'C5' },
          { kind: 'state', path: ['turn'], equals: 2 },
        ],
      },
      true,
    ],
    [
      {
        kind: 'any',
        of: [
          { kind: 'event', rule: 'C6' },
          { kind: 'state', path: ['turn'], equals: 3 },
        ],
      },
      false,
    ],
    [{ kind: 'not', check: { kind: 'event', rule: 'C6' } }, true],
  ];
  it.each(table)('%j → %s', (c, expected) => expect(runCheck(c, input)).toBe(expected));
  it('reads only own properties', () => {
    expect(readPath({}, ['toString'])).toBeUndefined();
    expect(readPath({ a: [1, 2] }, ['a', 1])).toBe(2);
  });
});
