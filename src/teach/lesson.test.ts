import { describe, expect, it } from 'vitest';
import { lessonFiles, lessonMenu, lessonsFor } from './catalog';
import { type Check, parseLesson, readPath, runCheck } from './lesson';
import { attemptStep, currentStep, loadLesson, newProgress, recordAttempt, stepPosition } from './runner';

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
    events: [{ kind: 'fire', rule: 'C5,NE-U37', side: 'red', text: { en: '', fr: '' } }],
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
