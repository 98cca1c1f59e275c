/** Runs one of ai/cli's tools in a child Node, as `npm run <tool>` would: gather and experiment drive tournaments so. */
import { spawn } from 'node:child_process';

/**
 * Runs `ai/cli/<tool>.ts` with `args` through scripts/run.mjs. With a `prefix`, the child's stdout is dropped and
 * its stderr (a tournament's progress) is relayed line by line behind `[prefix] `; without one, both are
 * inherited. Resolves to the exit code, 1 when a signal ended the child.
 */
export function runCli(tool: string, args: readonly string[], prefix?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/run.mjs', `ai/cli/${tool}.ts`, ...args], {
      stdio: prefix === undefined ? 'inherit' : ['ignore', 'ignore', 'pipe'],
    });
    if (prefix !== undefined) {
      let rest = '';
      const relay = (text: string) => {
        const lines = (rest + text).split('\n');
        rest = lines.pop()!;
        for (const line of lines) process.stderr.write(`[${prefix}] ${line}\n`);
      };
      child.stderr!.on('data', (chunk: Buffer) => relay(chunk.toString()));
      child.stderr!.on('end', () => {
        if (rest !== '') relay('\n');
      });
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}
