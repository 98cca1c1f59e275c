import type { BuildOptions } from 'esbuild';

/** The esbuild options that bundle a headless TypeScript entry for Node (scripts/node-bundle.mjs). */
export function nodeBundleOptions(entry: string, outfile: string): BuildOptions;
