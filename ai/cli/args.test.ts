import { describe, expect, it } from 'vitest';
import { type CommandSpec, readArgs } from './args';

const spec: CommandSpec = {
  usage: 'Usage: npm run thing -- <file> --plies <list> [--all-seeing]',
  options: ['plies', 'seed'],
  switches: ['all-seeing'],
  positional: 1,
};

describe('readArgs: a headless command refuses what it does not take', () => {
  it('reads options, switches and a file', () => {
    const r = readArgs(['game.json', '--plies', '3-5', '--all-seeing', '--seed=x'], spec);
    expect(r).toEqual({
      ok: true,
      value: { flags: { plies: '3-5', 'all-seeing': 'true', seed: 'x' }, positional: ['game.json'] },
    });
  });

  it('takes the word "true" as an option’s value, and a switch given "true" as on', () => {
    // A seed may be any word: "--seed true" is a value, not a missing one.
    expect(readArgs(['--seed', 'true', '--plies', '2'], spec)).toEqual({
      ok: true,
      value: { flags: { seed: 'true', plies: '2' }, positional: [] },
    });
    expect(readArgs(['--seed=true'], spec)).toEqual({
      ok: true,
      value: { flags: { seed: 'true' }, positional: [] },
    });
    expect(readArgs(['--all-seeing', 'true'], spec)).toEqual({
      ok: true,
      value: { flags: { 'all-seeing': 'true' }, positional: [] },
    });
    const off = readArgs(['--all-seeing=false'], spec);
    expect(off.ok).toBe(false);
    if (!off.ok) expect(off.error).toMatch(/^--all-seeing takes no value \(got "false"\)/);
  });

  it('answers help for --help or -h, wherever they stand', () => {
    expect(readArgs(['--help'], spec)).toEqual({ ok: true, value: 'help' });
    expect(readArgs(['game.json', '-h'], spec)).toEqual({ ok: true, value: 'help' });
    expect(readArgs(['--plies', '3', '--help', '--bogus'], spec)).toEqual({ ok: true, value: 'help' });
  });

  it('names the mistake and prints the usage', () => {
    const cases: [string[], RegExp][] = [
      [['game.json', '--plys', '3'], /^Unknown option --plys\./],
      [['game.json', '--plies'], /^--plies needs a value\./],
      [['--plies', '--seed', 'x'], /^--plies needs a value\./],
      [['--all-seeing', 'game.json'], /^--all-seeing takes no value \(got "game\.json"\)/],
      [['a.json', 'b.json'], /^At most 1 file \(got 2\)\./],
    ];
    for (const [argv, message] of cases) {
      const r = readArgs(argv, spec);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatch(message);
      expect(r.error.endsWith(`\n${spec.usage}`)).toBe(true);
    }
  });

  it('takes no bare argument unless the spec says so, and any number when it says so', () => {
    const none: CommandSpec = { usage: 'Usage: npm run figures', options: ['dir'] };
    const r = readArgs(['logs'], none);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/takes no file or other bare argument \(got "logs"\)/);
    const many: CommandSpec = { ...none, positional: Number.POSITIVE_INFINITY };
    expect(readArgs(['a', 'b', 'c'], many)).toEqual({
      ok: true,
      value: { flags: {}, positional: ['a', 'b', 'c'] },
    });
  });
});
