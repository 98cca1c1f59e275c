/** Minimal `--name value` argument parsing for the headless commands. */
export function parseArgs(argv: string[]): { flags: Record<string, string>; positional: string[] } {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) flags[a.slice(2)] = argv[++i]!;
      else flags[a.slice(2)] = 'true';
    } else positional.push(a);
  }
  return { flags, positional };
}

/** Prints a message for people on stderr and exits non-zero. */
export function die(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}
