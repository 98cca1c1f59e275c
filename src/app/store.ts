/**
 * Nothing lost: the game in progress is saved to IndexedDB (idb) after every action, as its game record
 * and the seat (who plays which side, the AI level). On load the record goes back through the same gate
 * as an imported file (parseRecord + replay, every hash checked). Settings live in localStorage.
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
