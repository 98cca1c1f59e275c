import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './run-cli';

afterEach(() => vi.restoreAllMocks());

describe('runCli', () => {
  it('relays a tool’s stderr line by line behind its prefix and resolves to its exit code', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const code = await runCli('tournament', ['--ruleset', 'nope'], 'a bot');
    vi.restoreAllMocks();
    expect(code).toBe(2);
    expect(written).toContain('[a bot] Unknown ruleset "nope".\n');
    expect(written.every((w) => w.startsWith('[a bot] ') && w.endsWith('\n'))).toBe(true);
  }, 60_000);

  it('resolves to 0 when the tool succeeds, and to its own code when it fails', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const dir = mkdtempSync(join(tmpdir(), 'run-cli-'));
    expect(await runCli('figures', ['--dir', dir], 'figures')).toBe(0);
    expect(await runCli('figures', ['--dir', join(dir, 'missing')], 'figures')).toBe(2);
  }, 60_000);
});
