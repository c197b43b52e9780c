/** Rejection reason of withTimeout's default onTimeout. */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`No answer in ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Settles like `promise`, or rejects with onTimeout()'s value once `ms`
 * have passed without an answer. The timer is cleared either way.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => unknown = () => new TimeoutError(ms)): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
