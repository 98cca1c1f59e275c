/**
 * The AI in its Web Worker (ai/worker.ts through comlink), never on the main thread. A dead or failing
 * worker rejects the pending `think` with a coded reason, and the next call starts a fresh worker.
 */
import { proxy, type Remote, releaseProxy, wrap } from 'comlink';
import type { AiService, ThinkProgress, ThinkRequest } from '../../ai/engine-api';
import type { SearchReport } from '../../ai/mcts';

export class AiUnavailable extends Error {
  constructor(
    readonly reason: 'crashed' | 'killed' | 'timeout' | 'failed',
    detail = '',
  ) {
    super(`AI ${reason}${detail ? `: ${detail}` : ''}`);
  }
}

export class AiClient {
  private worker: Worker | null = null;
  private api: Remote<AiService> | null = null;
  private fail: ((e: AiUnavailable) => void) | null = null;

  private start(): Remote<AiService> {
    if (this.api) return this.api;
    const worker = new Worker(new URL('../../ai/worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.drop(new AiUnavailable('crashed', e.message));
    });
    worker.addEventListener('messageerror', () => this.drop(new AiUnavailable('crashed', 'messageerror')));
    this.worker = worker;
    this.api = wrap<AiService>(worker);
    return this.api;
  }

  private drop(reason: AiUnavailable): void {
    const fail = this.fail;
    this.fail = null;
    if (this.api) this.api[releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    fail?.(reason);
  }

  /** Asks the worker; rejects with AiUnavailable if it dies, is killed or overruns `budgetMs` by far. */
  async think(
    req: ThinkRequest,
    budgetMs: number,
    onProgress: (p: ThinkProgress) => void,
  ): Promise<SearchReport> {
    const api = this.start();
    const failed = new Promise<never>((_, reject) => {
      this.fail = reject;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AiUnavailable('timeout')), budgetMs + 15_000);
    });
    try {
      return await Promise.race([api.think(req, proxy(onProgress)), failed, late]);
    } catch (e) {
      if (e instanceof AiUnavailable) {
        if (e.reason === 'timeout') this.drop(e);
        throw e;
      }
      throw new AiUnavailable('failed', e instanceof Error ? e.message : String(e));
    } finally {
      clearTimeout(timer);
      this.fail = null;
    }
  }

  /** Makes a running search answer with its best move so far. */
  stop(): void {
    void this.api?.stop();
  }

  /** Terminates the worker (tests use it to check that a dead AI is reported). */
  kill(): void {
    this.drop(new AiUnavailable('killed'));
  }

  get running(): boolean {
    return this.worker !== null;
  }
}
