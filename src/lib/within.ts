/**
 * `promise`, or a rejection with `timeoutError()` once `ms` have passed without it settling.
 * Its own answer or rejection passes through as it is; the timer is cleared either way.
 */
export function within<T>(promise: PromiseLike<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(timeoutError());
    }, ms);
  });
  return Promise.race([promise, timedOut]).finally(() => {
    clearTimeout(timer);
  });
}
