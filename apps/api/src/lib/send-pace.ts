/**
 * Paces requests to a provider that allows `perSecond` of them per second (WhatsApp's
 * messages-per-second throughput, decision 045). A token bucket of `perSecond` tokens: a request
 * takes one, and the token comes back one second after the request's answer arrived. The
 * provider receives a request after it was taken and before its answer left, so however slow
 * the network or the event loop, no second anywhere (measured where the provider receives them)
 * holds more than `perSecond` requests, while a steady stream still reaches the full rate less
 * the answer's round trip. Per process: several instances each hold their own bucket.
 */
export interface SendPace {
  readonly perSecond: number;
  /** Waits for a token; call the returned function once the answer (or failure) has arrived. */
  take(): Promise<() => void>;
}

export function createSendPace(perSecond: number, windowMs = 1000): SendPace {
  let inFlight = 0;
  /** When each answered request's token comes back, oldest first. */
  const returns: number[] = [];
  let head = 0;
  const waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  const held = (now: number) => {
    while (head < returns.length && returns[head]! <= now) head += 1;
    if (head > 1024) {
      returns.splice(0, head);
      head = 0;
    }
    return inFlight + returns.length - head;
  };

  function pump() {
    const now = performance.now();
    while (waiters.length > 0 && held(now) < perSecond) {
      inFlight += 1;
      waiters.shift()!();
    }
    if (waiters.length > 0 && !timer && head < returns.length) {
      timer = setTimeout(
        () => {
          timer = null;
          pump();
        },
        Math.max(1, Math.ceil(returns[head]! - now)),
      );
    }
  }

  return {
    perSecond,
    take() {
      return new Promise<() => void>((resolve) => {
        let done = false;
        waiters.push(() =>
          resolve(() => {
            if (done) return;
            done = true;
            inFlight -= 1;
            returns.push(performance.now() + windowMs);
            pump();
          }),
        );
        pump();
      });
    },
  };
}
