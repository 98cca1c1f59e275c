import type { Result } from '../../src/engine/result';

/**
 * Minimal `--name value` argument parsing for the headless commands. A flag given without a value reads as
 * `'true'` in `flags` and is also listed in `bare`, so that an option whose value is the word `true` (a seed, say)
 * is told apart from one whose value is missing.
 */
export function parseArgs(argv: string[]): {
  flags: Record<string, string>;
  positional: string[];
  bare: Set<string>;
} {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  const bare = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) flags[a.slice(2)] = argv[++i]!;
      else {
        flags[a.slice(2)] = 'true';
        bare.add(a.slice(2));
      }
    } else positional.push(a);
  }
  return { flags, positional, bare };
}

/** What a headless command takes: its usage line, its options with a value, and its switches (no value). */
export interface CommandSpec {
  usage: string;
  options: readonly string[];
  switches?: readonly string[];
  /** How many positional arguments (e.g. files) it takes at most: 0 unless said. */
  positional?: number;
}

/**
 * Reads a command's arguments against its spec: `help` when `--help` or `-h` is among them, else the flags and
 * positional arguments, or a message for people (an unknown option, an option without its value, a value given
 * to a switch, too many files), so that a mistyped option stops the command instead of being ignored.
 */
export function readArgs(
  argv: string[],
  spec: CommandSpec,
): Result<'help' | { flags: Record<string, string>; positional: string[] }, string> {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: true, value: 'help' };
  const { flags, positional, bare } = parseArgs(argv);
  const switches = spec.switches ?? [];
  const fail = (message: string) => ({ ok: false as const, error: `${message}\n${spec.usage}` });
  for (const [k, v] of Object.entries(flags)) {
    if (switches.includes(k)) {
      if (v !== 'true') return fail(`--${k} takes no value (got "${v}"): put it after the other arguments.`);
    } else if (!spec.options.includes(k)) return fail(`Unknown option --${k}.`);
    else if (bare.has(k)) return fail(`--${k} needs a value.`);
  }
  const most = spec.positional ?? 0;
  if (positional.length > most)
    return fail(
      most === 0
        ? `This command takes no file or other bare argument (got "${positional[0]}").`
        : `At most ${most} file${most > 1 ? 's' : ''} (got ${positional.length}).`,
    );
  return { ok: true, value: { flags, positional } };
}

/** `readArgs` for a command's `main`: prints the usage and exits 0 on `--help`, dies with the message on an error. */
export function commandArgs(
  argv: string[],
  spec: CommandSpec,
): { flags: Record<string, string>; positional: string[] } {
  const read = readArgs(argv, spec);
  if (!read.ok) return die(read.error);
  if (read.value === 'help') {
    process.stdout.write(`${spec.usage}\n`);
    process.exit(0);
  }
  return read.value;
}

/** Prints a message for people on stderr and exits non-zero. */
export function die(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * `3,10-12` → [3, 10, 11, 12]: plies of a game of `plies` actions, each the position before an action (0 is the
 * first action, as the record's `ai` notes number them). An error says what is wrong with `spec`.
 */
export function parsePlyList(spec: string, plies: number): Result<number[], string> {
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m)
      return {
        ok: false,
        error: `give plies and ranges separated by commas (e.g. 12,40-45), not "${part}".`,
      };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return { ok: false, error: `the range "${part}" runs backwards.` };
    if (to >= plies)
      return { ok: false, error: `this game has plies 0 to ${plies - 1}; ${to} is past its end.` };
    if (to - from > 1000)
      return { ok: false, error: `the range "${part}" is too long (at most 1,000 plies).` };
    for (let p = from; p <= to; p++) out.add(p);
  }
  return { ok: true, value: [...out].sort((a, b) => a - b) };
}
