/**
 * Hourly request budgets of the mock: per user (code 11) and per account (code 10), in a
 * sliding one-hour window on an injectable clock. A request refused by a budget does not count.
 */
import { catalogs } from '../catalog/catalogs.js';

export interface BudgetLimits {
  /** Requests per hour per user (default and code: catalogs/limits.yaml). */
  perUser?: number;
  /** Requests per hour per account (default and code: catalogs/limits.yaml). */
  perAccount?: number;
}

const HOUR_MS = 3_600_000;

export class HourlyBudgets {
  private readonly account: number[] = [];
  private readonly users = new Map<string, number[]>();
  readonly perUser: number;
  readonly perAccount: number;

  constructor(
    limits: BudgetLimits | undefined,
    private readonly now: () => number,
  ) {
    this.perUser = limits?.perUser ?? catalogs.limits.requestsPerHourPerUser.value;
    this.perAccount = limits?.perAccount ?? catalogs.limits.requestsPerHourPerAccount.value;
  }

  /** Books a request of `user`; returns the error code (10 or 11) when a budget is used up. */
  take(user: string): 10 | 11 | undefined {
    const now = this.now();
    const prune = (list: number[]) => {
      while (list.length && list[0] <= now - HOUR_MS) list.shift();
    };
    prune(this.account);
    let mine = this.users.get(user);
    if (!mine) this.users.set(user, (mine = []));
    prune(mine);
    if (this.account.length >= this.perAccount) return 10;
    if (mine.length >= this.perUser) return 11;
    this.account.push(now);
    mine.push(now);
    return undefined;
  }

  /** Forgets every booked request. */
  reset(): void {
    this.account.length = 0;
    this.users.clear();
  }
}
