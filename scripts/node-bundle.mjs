/**
 * The esbuild options that bundle a headless TypeScript entry (a command, a bench) for Node, in one place for
 * scripts/run.mjs (`npm run tournament`, `npm run bench`…), bench/compare.ts and the tests' test/helpers/bundle-cli.ts,
 * so a test runs a command bundled as `npm run <name>` bundles it. Callers add what differs (a source map, the log level).
 * @param {string} entry the entry's path
 * @param {string} outfile where the bundle goes
 * @returns {import('esbuild').BuildOptions}
 */
export function nodeBundleOptions(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundled CommonJS packages (seedrandom, boardgame.io) may still `require` Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
