/**
 * A digest of the code that decides how a game of one ruleset is played (`playFiles`). A tournament log records
 * it, so games played on other code are never counted in the same figure.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** Where a tournament game starts: the bots, the match loop, and the ruleset. */
const entries = (id: string) => ['ai/bots.ts', 'ai/match.ts', `src/rulesets/${id}/index.ts`];

const IMPORT = /(?:^|[\s;}])(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]/g;

/** A relative import from `file` as a path from the root: the file itself, `.ts` added, or the folder's index. */
function resolve(root: string, file: string, spec: string): string | null {
  const base = normalize(join(dirname(file), spec));
  for (const path of [base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(join(root, path)) && statSync(join(root, path)).isFile()) return path;
  return null;
}

/**
 * The files `starts` import, directly or not, as paths from the root, themselves included: relative imports only
 * (packages are not followed), and a file `follow` refuses is kept but not read further.
 */
export function importClosure(
  root: string,
  starts: readonly string[],
  follow: (path: string) => boolean = () => true,
): Set<string> {
  const seen = new Set<string>();
  const queue = starts.filter((f) => existsSync(join(root, f)));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts') || !follow(file)) continue;
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(IMPORT)) {
      const path = resolve(root, file, (m[1] ?? m[2])!);
      if (path && !seen.has(path)) queue.push(path);
    }
  }
  return seen;
}

/**
 * What plays a game of ruleset `id`, as paths from the repository's root, sorted: every file the bots, the match
 * loop and the ruleset's index import, directly or not (the engine, the search, the ruleset's rules and chart),
 * and the ruleset's maps. What no game runs — the app, the view, the AI's browser service, the commands, the
 * tests, the other rulesets — is left out, so a change there keeps the logs.
 */
export function playFiles(root: string, id: string): string[] {
  const seen = importClosure(root, entries(id));
  const maps = join(root, 'maps', id);
  if (existsSync(maps))
    for (const name of readdirSync(maps)) if (name.endsWith('.json')) seen.add(`maps/${id}/${name}`);
  return [...seen].sort();
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
