/** The AI's Web Worker: exposes the AI service through comlink (`expose(api, self)`, as STACK.md records). */
import { expose } from 'comlink';
import { createAiService } from './engine-api';

expose(
  createAiService(() => performance.now()),
  self,
);
