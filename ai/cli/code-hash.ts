/**
 * A digest of the code that decides how a game of one ruleset is played (`playFiles`). A tournament log records
 * it, so games played on other code are never counted in the same figure.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const counts = (path: string) =>
  /\.(ts|json)$/.test(path) && !/\.test\.ts$/.test(path) && !path.startsWith('ai/cli/');

function walk(root: string, dir: string, out: string[]): void {
  if (!existsSync(join(root, dir))) return;
  for (const name of readdirSync(join(root, dir)).sort()) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
    else if (counts(path)) out.push(path);
  }
}

/**
 * What plays a game of ruleset `id`, from the repository's root: the engine, the search and the bots (ai/ but its
 * commands), the ruleset's folder, maps and chart, and the charts' shared phases. Tests are left out, and so are
 * the other rulesets, the app and the view: a change to one ruleset keeps the other's logs.
 */
export function playFiles(root: string, id: string): string[] {
  const out: string[] = [];
  for (const dir of ['src/engine', 'ai', `src/rulesets/${id}`, `maps/${id}`]) walk(root, dir, out);
  for (const file of [`statecharts/${id}.ts`, 'statecharts/phases.ts'])
    if (existsSync(join(root, file))) out.push(file);
  return out;
}

/** sha256 over each play file's path and content; the first 16 hex digits. */
export function codeHash(id: string, root = process.cwd()): string {
  const h = createHash('sha256');
  for (const path of playFiles(root, id)) {
    h.update(path);
    h.update('\0');
    h.update(readFileSync(join(root, path)));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}
