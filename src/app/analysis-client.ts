/**
 * The main thread's side of the analysis worker: one worker, started on first use; `cancel()` terminates
 * it (a long evaluation stops at once) and the next call starts a fresh one.
 */
import { proxy, type Remote, releaseProxy, wrap } from 'comlink';
import type { BaseAction } from '../engine/contract';
import type { Result } from '../engine/result';
import type { MoveVerdict } from '../replay/analysis';
import type { AnalysisProgress, AnalysisService, LineEvaluation, LineRequest } from './analysis-service';

export class AnalysisClient {
  private worker: Worker | null = null;
  private api: Remote<AnalysisService> | null = null;

  private start(): Remote<AnalysisService> {
    if (this.api) return this.api;
    this.worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
    this.api = wrap<AnalysisService>(this.worker);
    return this.api;
  }

  evaluateLine(req: LineRequest, onProgress: (p: AnalysisProgress) => void): Promise<Result<LineEvaluation>> {
    return this.start().evaluateLine(req, proxy(onProgress));
  }

  checkMove(
    req: LineRequest & { ply: number; margin: number },
    action: BaseAction,
  ): Promise<Result<MoveVerdict>> {
    return this.start().checkMove(req, action);
  }

  /** Asks a running evaluation to answer with the plies done so far. */
  stop(): void {
    void this.api?.stop();
  }

  cancel(): void {
    if (this.api) this.api[releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }
}
