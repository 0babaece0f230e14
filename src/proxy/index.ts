/** `social-analytics-api/proxy`: the validating, recording proxy (the `proxy` command's server). */
export { startProxy, MAX_REPORT_ITEMS, MAX_KEPT_PROBLEMS, type ProxyOptions, type ProxyServer, type ProxyExchange } from './proxy.js';
export type {
  BaselineCounts,
  Coverage,
  CoverageCount,
  CoverageKind,
  CoverageShortfall,
  Problem as ReportProblem,
  ProblemGroup,
  ReportClosing,
  ReportItem,
  ResponseReport,
  RunInputs,
  SkippedReport,
  Summary,
  UnreadableReport,
  ValidateReport,
} from '../report/report-types.js';
export type { SkipReason } from '../captures/types.js';
