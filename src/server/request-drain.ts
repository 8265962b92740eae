/** The fetch handler's shape, as the Node adaptor calls it. */
type FetchHandler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** A fetch handler that knows which requests are still being answered, so a stopping server can wait for them. */
export interface DrainingFetch<F extends FetchHandler> {
  fetch: F;
  /** Settles when every request answered so far has its response (or failed), or after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void>;
}

/** Wraps `fetch` to count the requests in flight. */
export function drainingFetch<F extends FetchHandler>(fetch: F): DrainingFetch<F> {
  const pending = new Set<Promise<unknown>>();
  const tracked = ((request: Request, ...rest: never[]) => {
    const answer = Promise.resolve(fetch(request, ...rest));
    pending.add(answer);
    const forget = () => pending.delete(answer);
    answer.then(forget, forget);
    return answer;
  }) as F;
  return {
    fetch: tracked,
    drained: (timeoutMs) => settledWithin(Promise.allSettled([...pending]), timeoutMs),
  };
}

/**
 * Settles when `isIdle()` holds (checked every few milliseconds), or after `timeoutMs`: turns that
 * were queued behind a running one start only when it ends, after their request was answered.
 */
export async function idleWithin(isIdle: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isIdle() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

function settledWithin(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  return Promise.race([work.then(() => undefined), late]).finally(() => clearTimeout(timer));
}
