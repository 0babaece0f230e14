/**
 * `social-analytics-api/captures`: recording exchanges as capture files, in the format the
 * `validate` command and `captureCases` read. `writeCaptures(dir)` is the ready-made
 * `onExchange` of `createClient`.
 */
export { writeCaptures, type CaptureWriter, type CaptureWriterOptions, type ExchangeCapture } from './write-captures.js';
