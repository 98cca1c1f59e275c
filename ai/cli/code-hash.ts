/**
 * A digest of the code that decides how a game is played: the engine, the rulesets, the charts, the maps and
 * the bots (ai/ without its commands and tests). A tournament log records it, so games played on other code
 * are never counted in the same figure.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What plays a game, from the repository's root. Tests, commands, the app and the view are left out. */
export const PLAY_CODE = ['src/engine', 'src/rulesets', 'statecharts', 'maps', 'ai'] as const;

const counts = (path: string) =>
  /\.(ts|json)$/.test(path) && !/\.test\.ts$/.test(path) && !path.startsWith('ai/cli/');

function walk(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(join(root, dir)).sort()) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
    else if (counts(path)) out.push(path);
  }
}

/** The files `codeHash` reads, sorted, as paths relative to `root`. */
export function playFiles(root: string): string[] {
  const out: string[] = [];
  for (const dir of PLAY_CODE) walk(root, dir, out);
  return out;
}

/** sha256 over each play file's path and content; the first 16 hex digits. */
export function codeHash(root = process.cwd()): string {
  const h = createHash('sha256');
  for (const path of playFiles(root)) {
    h.update(path);
    h.update('\0');
    h.update(readFileSync(join(root, path)));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}
