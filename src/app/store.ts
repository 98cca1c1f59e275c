/**
 * Nothing lost: the game in progress is saved to IndexedDB (idb) after every action, as its game record
 * and the seat (who plays which side, the AI level). On load the record goes back through the same gate
 * as an imported file (parseRecord + replay, every hash checked). Settings live in localStorage.
 * Games kept for replaying share the store (`archive:<id>` keys); lesson progress lives in localStorage.
 */
import { type IDBPDatabase, openDB } from 'idb';
import type { AppMode } from '../../statecharts/app';
import type { GameRecord } from '../engine/record';

export interface SavedSeat {
  mode: Exclude<AppMode, 'watch'>;
  humans: string[];
  viewer: string | null;
  /** An id of ai/bots LEVELS. */
  level: string;
}

export interface SavedGame {
  record: GameRecord;
  seat: SavedSeat;
  savedAt: number;
}

const DB = 'wargame-sandbox';
const STORE = 'games';
const CURRENT = 'current';

let db: Promise<IDBPDatabase> | null = null;

function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    },
  });
  return db;
}

export async function saveCurrent(game: SavedGame): Promise<void> {
  await (await open()).put(STORE, game, CURRENT);
}

/** The saved game, unchecked: the caller replays it (untrusted like any file). */
export async function loadCurrent(): Promise<unknown> {
  try {
    return (await (await open()).get(STORE, CURRENT)) ?? null;
  } catch {
    return null;
  }
}

export async function clearCurrent(): Promise<void> {
  await (await open()).delete(STORE, CURRENT);
}

// ── saved games for the replay screen (same store, `archive:` keys) ─────────────────────────────────────

/** A game kept for replaying: its record (version 2, variations and notes included). */
export interface ArchivedGame {
  id: string;
  /** `epic — plaine-de-grik — seed 7`, built by the app. */
  title: string;
  record: unknown;
  savedAt: number;
  finished: boolean;
}

const ARCHIVE = 'archive:';

export async function saveArchived(game: ArchivedGame): Promise<void> {
  await (await open()).put(STORE, game, `${ARCHIVE}${game.id}`);
}

/** Every saved game, newest first, unchecked (the caller replays each record it opens). */
export async function listArchived(): Promise<ArchivedGame[]> {
  try {
    const database = await open();
    const keys = (await database.getAllKeys(STORE)).filter(
      (k): k is string => typeof k === 'string' && k.startsWith(ARCHIVE),
    );
    const all = await Promise.all(
      keys.map((k) => database.get(STORE, k) as Promise<ArchivedGame | undefined>),
    );
    return all
      .filter((g): g is ArchivedGame => !!g && typeof g === 'object' && typeof g.id === 'string')
      .sort((a, b) => b.savedAt - a.savedAt);
  } catch {
    return [];
  }
}

export async function deleteArchived(id: string): Promise<void> {
  await (await open()).delete(STORE, `${ARCHIVE}${id}`);
}

// ── lesson progress (localStorage: small, and read synchronously by the menu) ───────────────────────────

const LESSONS_KEY = 'wargame-sandbox/lessons';

/** Progress per lesson id, unchecked shape: the caller keeps only entries that fit its lesson. */
export function loadLessonProgress(): Record<string, unknown> {
  try {
    const raw = JSON.parse(localStorage.getItem(LESSONS_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function saveLessonProgress(id: string, progress: unknown): void {
  try {
    const all = loadLessonProgress();
    all[id] = progress;
    localStorage.setItem(LESSONS_KEY, JSON.stringify(all));
  } catch {
    // Private mode: progress lasts for this page only.
  }
}
