/** The replay analysis' Web Worker: the analysis service (analysis-service.ts) through comlink. */
import { expose } from 'comlink';
import { taskYielder } from '../../ai/yield-task';
import { createAnalysisService } from './analysis-service';

// Yields between plies through a message, not setTimeout(0) (clamped to 4 ms when nested): ai/yield-task.ts.
expose(createAnalysisService(taskYielder().next), self);
