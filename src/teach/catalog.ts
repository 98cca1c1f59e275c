/** Every lesson of every ruleset (src/rulesets/<id>/lessons/*.json), loaded through the lesson gate. */
import { gameError, type Message, type Result } from '../engine/result';
import { companyLessons } from '../rulesets/company/lessons';
import { epicLessons } from '../rulesets/epic/lessons';
import type { Lesson } from './lesson';
import { loadLesson } from './runner';

/** The lesson files per ruleset id, in teaching order. */
export const lessonFiles: Record<string, unknown[]> = { epic: epicLessons, company: companyLessons };

export interface LessonEntry {
  id: string;
  title: Message;
  summary: Message;
  steps: number;
}

const loaded = new Map<string, Lesson[]>();

/**
 * The lessons of a ruleset that load (each set-up played on the engine, each step's dice found), in teaching
 * order. Loaded once per ruleset: the lesson files and the rules do not change while the page runs.
 */
export function lessonsFor(ruleset: string): Lesson[] {
  const hit = loaded.get(ruleset);
  if (hit) return hit;
  const files = Object.hasOwn(lessonFiles, ruleset) ? lessonFiles[ruleset]! : [];
  const lessons = files.flatMap((f) => {
    const l = loadLesson(f);
    return l.ok ? [l.value] : [];
  });
  loaded.set(ruleset, lessons);
  return lessons;
}

/** The menu: id, title, summary and step count of each lesson of a ruleset. */
export const lessonMenu = (ruleset: string): LessonEntry[] =>
  lessonsFor(ruleset).map((l) => ({ id: l.id, title: l.title, summary: l.summary, steps: l.steps.length }));

export function findLesson(ruleset: string, id: string): Result<Lesson> {
  const found = lessonsFor(ruleset).find((l) => l.id === id);
  return found
    ? { ok: true, value: found }
    : {
        ok: false,
        error: gameError(
          'ERR_LESSON_UNKNOWN',
          `No lesson "${id}" for ${ruleset}.`,
          `Pas de leçon « ${id} » pour ${ruleset}.`,
        ),
      };
}
