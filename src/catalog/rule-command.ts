/**
 * How reports and the vitest matcher point at a rule's explanation: the package's own command,
 * which every user of the package has (`npx social-analytics-api rules <id>` prints the rule with
 * the sentence it rests on).
 */
export const explainRule = (id: string): string => `npx social-analytics-api rules ${id}`;

/** The closing line of a report that names rules: how to read the first one. */
export const explainRuleLine = (id: string): string => `explain a rule: ${explainRule(id)}`;
