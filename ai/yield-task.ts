/**
 * Yielding to the event loop between slices of work in a Worker, so that a stop request (a message) is read.
 * `setTimeout(0)` is clamped to at least 4 ms once timers nest five deep (HTML's timers): a search yielding
 * every 8 ms then sat idle about a third of its budget in Chromium. A MessageChannel message is a task with no
 * such clamp, and messages already queued (the stop request) are still read between slices. Measured in
 * headless Chromium (Debian's 156) on the 2-core machine with a tournament on each core, a company search in a
 * Worker with a 1 s budget, two warm rounds each: 71–78 slices and 1,379–1,764 iterations through setTimeout,
 * 111–113 slices and 2,230–2,647 iterations through a channel; a stop asked at 300–700 ms was answered within
 * 16 ms (12 trials). The e2e test "the AI stops when asked" fails if the stop is not read.
 * Node (tests, headless callers) drains a port's ping-pong before other ports' messages, so there the yield is
 * `setImmediate`, which lets every pending message and timer in once per loop.
 */
export function taskYielder(): { next: () => Promise<void>; close: () => void } {
  if (typeof setImmediate === 'function')
    return { next: () => new Promise<void>((resolve) => setImmediate(resolve)), close: () => {} };
  const { port1, port2 } = new MessageChannel();
  let wake: (() => void) | null = null;
  port1.onmessage = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return {
    next: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        port2.postMessage(0);
      }),
    close: () => {
      port1.close();
      port2.close();
    },
  };
}
