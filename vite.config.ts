import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The project root: the app's entry lives in src/app but imports from ../../ai and ../../maps. */
const projectRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'src/app',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    fs: { allow: [projectRoot] },
  },
  worker: { format: 'es' },
});
