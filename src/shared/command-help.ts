/**
 * The help text of every command (`social-analytics-api [command] --help`), written from the
 * catalogs' facts it names (the budgets of limits.yaml, the meanings of errors.yaml) and the
 * reporter names: the commands print it (src/cli/usage.ts gives it the runtime catalogs) and the
 * docs site's command line page shows it (scripts/generators/site/cli-page.ts gives it the model
 * of the same catalogs), each option anchored and in the site's search.
 * An option line starts with two spaces and the option (`  --strict  ...`), as the site reads it.
 */
import type { CatalogData } from './catalog-types.js';
import { statusesOf } from './failures.js';
import { reporterFlagHelp, reporterList } from './reporter-names.js';

/** A command (`''`: the main help) and its help text. */
export interface CommandHelp {
  command: '' | 'validate' | 'merge-reports' | 'mock' | 'proxy' | 'rules';
  text: string;
}

/** `social-analytics-api --help`: the commands. */
const MAIN_USAGE = `usage: social-analytics-api <command> [options]

commands:
  validate <file|dir|har>... [options]   check captured responses against the API description
  merge-reports <shard report>... [options]   write the reports of a run split over CI jobs
  mock [--port 4010] [--host H] [--token T --secret S] ...   run the mock server (127.0.0.1 unless --host)
  proxy --target URL [--port 4011] [--record DIR]   forward to the API or the mock, checking each exchange
  rules [rule id] [--json]               explain a rule that a reported problem names (no id: list them)

options:
  -v, --version   print the package version
  -h, --help      this help

run a command with --help for its options (social-analytics-api validate --help).`;

/** `validate --help`. */
const VALIDATE_USAGE = `usage: social-analytics-api validate <file|dir|har|->... [options]

Checks recorded responses against the API description and the requests that were sent.
  <file>   a capture file { "method", "path", "request"?, "response", "status"? } (or an array
           of them; "path" is the path or full URL, also read from a member "url"), or a HAR
           1.2 file (API entries are checked; assets, preflights, failed requests, 304/204 and
           redirects are listed as skipped with their reason)
  <dir>    every *.json and *.har file below it (symbolic links followed, cycles detected)
  -        standard input: a capture, an array of captures or a HAR, named <stdin> in reports

options:
  --reporter NAME[=FILE]   ${reporterList()}; repeat for
                           several.
                           With =FILE (or --output FILE next to it) the report goes to FILE,
                           written atomically; otherwise to standard output. When every
                           report goes to a file, one summary line goes to standard error.
                           With github, when GITHUB_STEP_SUMMARY is set (GitHub Actions), the
                           markdown summary is also appended to that file (as is markdown=FILE
                           when FILE is that file)
  --output FILE, -o FILE   the file of the --reporter next to it (just before, else just after)
${reporterFlagHelp()}
  --strict                 inferred rules fail too (by default they are warnings)
  --coverage               add which operations, metrics, post fields and dimensions were
                           exercised, and per operation its HTTP statuses and error codes
  --min-coverage KIND=PCT  fail the run (exit 1) when coverage of KIND is below PCT percent;
                           KIND: operations, metrics, fields, dimensions, statuses or
                           error-codes; several separated by commas (implies --coverage)
  --allow-empty            a run in which no API response was found exits 0 instead of 1
  --shard I/N              check only shard I of N of the input files (one job of a CI
                           matrix each): files dealt by size, the same split on every machine
                           and for any order of the paths; standard input goes to shard 1.
                           Each job writes --reporter blob=FILE; merge-reports writes the
                           reports of the whole run from those files
  --baseline FILE          only errors FILE does not list fail the run (exit 1); FILE is a
                           baseline written by --write-baseline or a previous JSON report.
                           Errors match by file, JSON pointer and rule (not line); those of
                           FILE the run no longer has are listed as fixed on standard error
  --write-baseline FILE    write every error of the run to FILE as a baseline (the exit code
                           is unchanged)
  --root DIR               every report names files relative to DIR (default: GITHUB_WORKSPACE
                           when set, else the working directory)
  --docs-url URL           the published docs site: markdown and sarif reports link each rule
                           to URL/rules.html#<rule id> (without it, rules are named as code)
  --threads N              checking threads beside the reading one for files of 32 MB or more
                           and folders of many files (default: one per core, at most 2; a
                           folder goes to them once 1 GB of it is read, or from its start when
                           N is given); 0 checks every file on one thread, the least CPU time
                           in all (the report is the same)
  -h, --help               this help

exit codes: 0 all valid (warnings allowed), 1 some response invalid or no API response found,
            2 unreadable input, a report not written (standard output closed by its
            reader too) or usage error`;

/** `merge-reports --help`. */
const MERGE_REPORTS_USAGE = `usage: social-analytics-api merge-reports <shard report>... [options]

Writes the reports of a run split over the jobs of a CI matrix, as one machine checking every
input writes them (the check times aside): each job runs
  social-analytics-api validate <inputs> --shard I/N --reporter blob=shard-I.jsonl
with the same inputs and options, and one job merges the files of every shard.
  <shard report>   a blob report written by validate --shard I/N (every shard once)

options:
  --reporter NAME[=FILE]   ${reporterList()}, as validate
                           writes them; repeat for several
  --output FILE, -o FILE   the file of the --reporter next to it (just before, else just after)
${reporterFlagHelp()}
  --min-coverage KIND=PCT  fail (exit 1) when coverage of KIND is below PCT percent (the shards
                           were run with --coverage)
  --baseline FILE          only errors FILE does not list fail (exit 1), as validate --baseline
  --write-baseline FILE    write every error of the run to FILE as a baseline
  --root DIR               the folder the shards named their files relative to (default:
                           GITHUB_WORKSPACE when set, else the working directory)
  --docs-url URL           markdown and sarif reports link each rule to URL/rules.html#<rule id>
  -h, --help               this help

The reports are refused (exit 2, nothing written) when one is missing, not a blob report, of
another version, of other inputs or options, or a shard is given twice or missing.

exit codes: 0 all valid (warnings allowed), 1 some response invalid or no API response found,
            2 an unreadable input in a shard, a shard report refused, a report not written or
            usage error`;

/** `proxy --help`. */
const PROXY_USAGE = `usage: social-analytics-api proxy --target URL [options]

Forwards every request to URL unchanged and returns its answers byte for byte, checking each
API exchange against the API description and the request that was sent (as validate does).
Prints one line per exchange. On Ctrl-C (SIGINT) or SIGTERM it stops accepting, lets the
exchanges under way finish within --drain-timeout (a second signal cuts them at once), then
writes the reports and exits.

options:
  --target URL             the API or the mock to forward to (http: or https:), required
  --host H                 address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  --port N                 port to listen on (default 4011; 0 picks a free port, printed)
  --strict                 inferred rules fail too (by default they are warnings)
  --record DIR             write one capture file per API exchange to DIR (names in time
                           order, written atomically, credentials redacted, files 0600 in a
                           0700 folder made at start): validate DIR gives the same verdicts
  --record-mode MODE       permissions of the recorded files, e.g. 644 (the folder gets x
                           where r is allowed)
  --reporter NAME[=FILE]   ${reporterList()}, written at
                           the end as validate writes them; repeat for several
  --output FILE, -o FILE   the file of the --reporter next to it
${reporterFlagHelp()}
  --timeout MS             the target's time for a whole answer (default 30000)
  --headers-timeout MS     close a caller's connection whose request headers take longer
                           (default 30000, as the mock)
  --body-timeout MS        close a caller's connection whose request body takes longer once
                           the headers are in (default 30000, as the mock)
  --max-body-bytes N       bytes of an answer (decoded) kept for the check (default 67108864);
                           a longer answer is passed on and reported invalid, unchecked
  --drain-timeout MS       time the exchanges under way get to finish after SIGINT/SIGTERM
                           (default 5000; 0 cuts them at once); a cut one is reported invalid
  -h, --help               this help

When the target does not answer, the caller gets 502 (cannot connect, not HTTP) or 504 (no
headers within --timeout) with a text/plain line from the proxy and an x-proxy-error header;
an answer the target cuts off is cut off for the caller too. An answer HTTP does not allow
(not HTTP, a status outside 100-599, a 101, a control character in its head) becomes a 502 and
an invalid exchange. Paths that are not API operations are passed through and reported as
skipped; dot segments are resolved, a path above the root or "*" is refused 400, CONNECT 405.
No credential is printed or recorded.

exit codes: 0 every exchange valid (warnings allowed) or none, 1 some exchange invalid or cut
            by the drain deadline, 2 usage error, target unreachable or record folder not
            made at start, or a file that could not be written`;

/** `rules --help`. */
const RULES_USAGE = `usage: social-analytics-api rules [rule id] [options]

Prints a rule of the register: its level, what it checks and the sentence of the API documents
it rests on (or why it is inferred). Without a rule id, lists every rule.

A broken stated rule is an error; a broken inferred rule is a warning, an error in strict mode.

options:
  --json       print the register entry (or the whole list) as JSON
  -h, --help   show this help`;

/**
 * `mock --help`. The codes and defaults it names come from the catalogs (limits.yaml, errors.yaml)
 * that the mock answers from, so that the two cannot say different things
 * (test/mock/mock-help.test.ts compares each with the mock's answers).
 */
function mockUsage({ errors, limits }: Pick<CatalogData, 'errors' | 'limits'>): string {
  /** The meaning of an error code in the error catalog. */
  const meaning = (code: number) => errors.find((e) => e.code === code)?.meaning ?? '';
  const perUser = limits.requestsPerHourPerUser;
  const perAccount = limits.requestsPerHourPerAccount;
  const statuses = statusesOf(errors, { key: 'POST /2/facebook/metrics', version: 2 }).join(', ');
  return `usage: social-analytics-api mock [options]

Runs the mock server of the social analytics API until Ctrl-C (SIGINT) or SIGTERM. Every option
of startMockServer (social-analytics-api/mock) has its flag.

options:
  --host H          address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 in a
                    container, so that other containers reach it: a CI or compose service)
  --port N          port to listen on (default 4010; 0 picks a free port)
  --token T         accepted token (default mock-token)
  --secret S        accepted secret (default mock-secret)
  --user T:S        a further user of the same account (repeat for several; they share the
                    account budget)
  --seed N          seed of the fake data and the faults (default 1)
  --budget-user N   requests per hour of each user before code ${perUser.errorCode} "${meaning(perUser.errorCode)}"
                    (default ${perUser.value}, the documented limit; budgets.perUser)
  --budget-account N  requests per hour of all users together before code ${perAccount.errorCode}
                    "${meaning(perAccount.errorCode)}" (default ${perAccount.value}; budgets.perAccount)
  --history-start DAY  first day with data, YYYY-MM-DD; an earlier date_start gets code 6
                    "${meaning(6)}" (default 2015-01-01)
  --forbidden OP    answer the operation OP ("POST /2/facebook/metrics") with HTTP 403, code 403
                    "${meaning(403)}"; repeat for several
  --no-limits       accept metrics requests over the profiles / metrics / months limits
  --no-cors         send no CORS headers and answer preflights (OPTIONS) like any request
                    (default: web pages of any origin may call the mock)
  --latency MS      delay every answer by MS milliseconds
  --error-rate R    answer a share R (0..1) of requests with HTTP 500, code 500
  --malformed-rate R  answer a share R with HTTP 200 and a cut, non-JSON body
  --drop-rate R     close the connection of a share R without an answer
  --unknown-error-rate R  answer a share R with code 99 "${meaning(99)}" (HTTP 200)
  --fault-seed N    seed of the fault sequence (default: --seed)
  --headers-timeout MS  close a connection whose request headers take longer (default 30000)
  --body-timeout MS     answer HTTP 400 (code 400) and close a connection whose request body
                        takes longer once the headers are in (default 30000)
  -h, --help        show this help

answers like the API: JSON failures with the documented codes and HTTP statuses.
  A POST body must be sent with Content-Type: application/json (charset utf-8 if one is
  named); another type, or none, gets HTTP 400 with code 400 "${meaning(400)}" (the documents
  list no 415, which Prism answers). Values of a request quoted in a failure are cut to their
  first 40 characters.

answers on request, with a Prefer header (code= and example= as Prism reads them; other
preferences are ignored):
  Prefer: code=S        the documented answer of HTTP status S, as Prism picks it: 200 the
                        usual answer, 401 the failure with code 401, ... (a metrics operation
                        has ${statuses})
  Prefer: error=N       the documented failure with the API error code N, if the operation
                        has it, with its HTTP status (error=${perUser.errorCode}: the user's budget is used up;
                        error=6: a date before the history limit)
  Prefer: example=NAME  the example NAME of the operation's HTTP 200 answer in the OpenAPI
                        documents (for example example=failure)
  A status, code or example the operation does not have gets HTTP 400 (code 400) naming those
  it has. Answers chosen by Prefer do not count against the hourly budgets.`;
}

/** Every command's help, in the order the main help lists them (the main help first, command ''). */
export function commandHelp(catalog: Pick<CatalogData, 'errors' | 'limits'>): readonly CommandHelp[] {
  return [
    { command: '', text: MAIN_USAGE },
    { command: 'validate', text: VALIDATE_USAGE },
    { command: 'merge-reports', text: MERGE_REPORTS_USAGE },
    { command: 'mock', text: mockUsage(catalog) },
    { command: 'proxy', text: PROXY_USAGE },
    { command: 'rules', text: RULES_USAGE },
  ];
}
