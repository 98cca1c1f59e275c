import { describe, expect, it } from 'vitest';
import { taskYielder } from './yield-task';

describe('taskYielder', () => {
  it('yields a task at a time, and messages already queued are read between yields', async () => {
    const y = taskYielder();
    // Another port's message, as a stop request reaches a Worker: it must be read within a few yields.
    const { port1, port2 } = new MessageChannel();
    let stop = false;
    port1.onmessage = () => {
      stop = true;
    };
    let yields = 0;
    port2.postMessage('stop');
    while (!stop && yields < 1000) {
      await y.next();
      yields++;
    }
    expect(stop).toBe(true);
    expect(yields).toBeLessThan(10);
    // Microtasks alone would never let the message in: each yield is a task.
    let microtasks = 0;
    let late = false;
    port1.onmessage = () => {
      late = true;
    };
    port2.postMessage('again');
    while (microtasks < 1000) {
      await Promise.resolve();
      microtasks++;
    }
    expect(late).toBe(false);
    yields = 0;
    while (!late && yields < 1000) {
      await y.next();
      yields++;
    }
    expect(late).toBe(true);
    expect(yields).toBeLessThan(10);
    y.close();
    port1.close();
  });
});
