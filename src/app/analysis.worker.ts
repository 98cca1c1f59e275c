/** The replay analysis' Web Worker: the analysis service (analysis-service.ts) through comlink. */
import { expose } from 'comlink';
import { createAnalysisService } from './analysis-service';

expose(
  createAnalysisService(() => new Promise((resolve) => setTimeout(resolve, 0))),
  self,
);
