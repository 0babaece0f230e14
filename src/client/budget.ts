/**
 * A requests-per-hour budget on the client side. The client calls `acquire()` before every
 * request (retries included); it resolves when sending keeps the client inside the budget.
 * - `window` (default): at most N request starts in any one-hour window; bursts allowed.
 * - `even`: request starts at least 3600000 / N ms apart.
 */
export interface BudgetOptions {
  requestsPerHour: number;
  spacing?: 'window' | 'even';
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const HOUR_MS = 3_600_000;

export class RequestBudget {
  private readonly starts: number[] = [];
  private nextEven = -Infinity;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: BudgetOptions,
    private readonly clock: Clock,
  ) {
    if (!Number.isInteger(options.requestsPerHour) || options.requestsPerHour < 1) throw new RangeError(`createClient: option "budget.requestsPerHour" must be a whole number >= 1, got ${String(options.requestsPerHour)}`);
  }

  /** Waits (in call order) until one more request fits the budget, and books it. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.take());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async take(): Promise<void> {
    const limit = this.options.requestsPerHour;
    if (this.options.spacing === 'even') {
      const wait = this.nextEven - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      const now = this.clock.now();
      this.nextEven = now + HOUR_MS / limit;
      return;
    }
    for (;;) {
      const now = this.clock.now();
      while (this.starts.length && this.starts[0] <= now - HOUR_MS) this.starts.shift();
      if (this.starts.length < limit) {
        this.starts.push(now);
        return;
      }
      await this.clock.sleep(this.starts[0] + HOUR_MS - now);
    }
  }
}
