/**
 * The one problem type of the package: a broken register rule, where it is broken, what is
 * wrong and how much it weighs. Response checks place it by a JSON pointer into the body,
 * request checks by the request parameter (with the API error code the server would answer).
 */
import type { RuleId } from '../rules.js';

export type { RuleId } from '../rules.js';

/** `error`: a stated rule is broken (or any rule, in strict mode); `warning`: an inferred one. */
export type Severity = 'error' | 'warning';

/** A problem in a response body. */
export interface AtPointer {
  /** JSON pointer into the response body ("" is the whole body). */
  readonly pointer: string;
}

/** A problem in a request body. */
export interface AtParameter {
  /**
   * The request member concerned, as a path into the body: `metrics`, `metrics[3]`,
   * `dimensions[1].type`, `filter[0].value`, or `body` for the body as a whole.
   */
  readonly parameter: string;
  /**
   * The API error code the mock answers it with: 4 when a limit (profiles, metrics, date range)
   * is exceeded ("excess gives code 4"), 404 for an unknown path and 405 for a known path asked
   * with another method, 3 (input validation error) for everything else. The documents name code
   * 3 for an unknown metric name only ("for example"); for the rest they name no code, and a real
   * server may answer such a request.
   */
  readonly code: number;
}

/** Where a problem is. */
export type Place = AtPointer | AtParameter;

/** One problem: its place (`P`), message, rule and severity. */
export type Problem<P extends Place = Place> = P & {
  /** What is wrong, written for people, naming the offending value: `expected integer, got "12"`. */
  readonly message: string;
  /** The register rule broken (catalogs/rules.yaml; docs page `rules.html#<rule>`). */
  readonly rule: RuleId;
  /** `warning` only for an inferred rule outside strict mode. */
  readonly severity: Severity;
};

/** A problem of a response body (`validateResponse`, the matcher, the CLI). */
export type ResponseProblem = Problem<AtPointer> & {
  /** Set on an error of an inferred rule (strict mode): no sentence of the documents states the rule. */
  readonly inferred?: true;
};

/** A problem of a request body (`checkRequest`, the builders, the mock server). */
export type RequestProblem = Problem<AtParameter>;
