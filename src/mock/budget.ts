/**
 * Hourly request budgets of the mock: per user and per account, in a sliding one-hour window on
 * an injectable clock. A request refused by a budget does not count. The limits and the error
 * code each gives come from catalogs/limits.yaml (`requestsPerHourPerUser`: code 11,
 * `requestsPerHourPerAccount`: code 10), which the `mock` command's help is written from too.
 */
import { catalogs } from '../catalog/catalogs.js';
import { isPlainObject } from '../shared/values.js';
import { describeValue } from '../core/problems/describe.js';

export interface BudgetLimits {
  /** Requests per hour per user before code 11 (default and code: catalogs/limits.yaml). */
  perUser?: number;
  /** Requests per hour per account, all users together, before code 10 (default and code: catalogs/limits.yaml). */
  perAccount?: number;
}

/** Each member of `budgets`: the limit of catalogs/limits.yaml it replaces. */
const BUDGET_LIMITS = {
  perUser: catalogs.limits.requestsPerHourPerUser,
  perAccount: catalogs.limits.requestsPerHourPerAccount,
} as const satisfies Record<keyof BudgetLimits, { value: number; errorCode: number }>;

const HOUR_MS = 3_600_000;

/** `perUser (code 11), perAccount (code 10)`: the members `budgets` takes, for messages. */
const MEMBERS = Object.entries(BUDGET_LIMITS).map(([name, limit]) => `${name} (code ${limit.errorCode})`).join(', ');

/**
 * The `budgets` option checked: undefined, or an object of whole numbers from 0 under the members
 * of {@link BudgetLimits}; anything else throws a TypeError naming the member and what it takes.
 */
export function checkBudgetLimits(budgets: unknown): BudgetLimits | undefined {
  if (budgets === undefined) return undefined;
  if (!isPlainObject(budgets)) throw new TypeError(`startMockServer: budgets must be an object { ${MEMBERS} } of requests per hour, got ${describeValue(budgets)}`);
  for (const [name, value] of Object.entries(budgets)) {
    if (!Object.hasOwn(BUDGET_LIMITS, name)) throw new TypeError(`startMockServer: budgets.${name} is not a budget; budgets takes ${MEMBERS}, requests per hour`);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new TypeError(`startMockServer: budgets.${name} must be a whole number of requests per hour from 0, got ${describeValue(value)}`);
  }
  return budgets as BudgetLimits;
}

export class HourlyBudgets {
  private readonly account: number[] = [];
  private readonly users = new Map<string, number[]>();
  readonly perUser: number;
  readonly perAccount: number;

  constructor(
    limits: BudgetLimits | undefined,
    private readonly now: () => number,
  ) {
    this.perUser = limits?.perUser ?? BUDGET_LIMITS.perUser.value;
    this.perAccount = limits?.perAccount ?? BUDGET_LIMITS.perAccount.value;
  }

  /** Books a request of `user`; returns the error code of the budget used up (account first), if one is. */
  take(user: string): number | undefined {
    const now = this.now();
    const prune = (list: number[]) => {
      while (list.length && list[0] <= now - HOUR_MS) list.shift();
    };
    prune(this.account);
    let mine = this.users.get(user);
    if (!mine) this.users.set(user, (mine = []));
    prune(mine);
    if (this.account.length >= this.perAccount) return BUDGET_LIMITS.perAccount.errorCode;
    if (mine.length >= this.perUser) return BUDGET_LIMITS.perUser.errorCode;
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
