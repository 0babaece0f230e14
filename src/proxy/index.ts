/** `social-analytics-api/proxy`: the validating, recording proxy (the `proxy` command's server). */
export { startProxy, MAX_REPORT_ITEMS, type ProxyOptions, type ProxyServer, type ProxyExchange } from './proxy.js';
export type { ReportItem, ValidateReport } from '../cli/report-types.js';
