import { afterEach, expect, test, vi } from 'vitest';
import { within } from '../../src/lib/within.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('an answer in time passes through, and the timer is cleared', async () => {
  vi.useFakeTimers();
  await expect(within(Promise.resolve('token'), 1000, () => new Error('too slow'))).resolves.toBe('token');
  expect(vi.getTimerCount()).toBe(0);
});

test('a failure in time passes through as it is', async () => {
  vi.useFakeTimers();
  const failure = new Error('script failed');
  await expect(within(Promise.reject(failure), 1000, () => new Error('too slow'))).rejects.toBe(failure);
  expect(vi.getTimerCount()).toBe(0);
});

test('no answer in time rejects with the timeout error', async () => {
  vi.useFakeTimers();
  const waiting = within(new Promise<never>(() => undefined), 1000, () => new Error('too slow'));
  let settled = false;
  void waiting.catch(() => undefined).finally(() => (settled = true));
  const outcome = expect(waiting).rejects.toThrow('too slow');
  await vi.advanceTimersByTimeAsync(999);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await outcome;
});
