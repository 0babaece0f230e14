#!/usr/bin/env bash
# `bash bench/loaded-test.sh`: `npm test` three times in a row (LOADED_RUNS to change) while one
# busy loop per core (`node -e 'for(;;){}'`) keeps every core busy, so that a test racing the
# machine's speed shows. Prints one line per run (exit code, vitest's "N passed, N failed", wall
# time) and the last lines of a failed run's log; exits 1 when a run failed. The busy loops are
# ended when the script ends, however it ends.
set -u
cd "$(dirname "$0")/.."
runs=${LOADED_RUNS:-3}
cores=$(node -p 'require("node:os").availableParallelism()')
logs=$(mktemp -d "${TMPDIR:-/tmp}/loaded-test.XXXXXX")
busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
}
trap stop_busy EXIT
trap 'exit 130' INT TERM
for ((i = 0; i < cores; i++)); do
  node -e 'for (;;) {}' &
  busy+=("$!")
done
echo "loaded-test: ${#busy[@]} busy loops on ${cores} cores (pids ${busy[*]}); logs in ${logs}"
failed=0
for ((run = 1; run <= runs; run++)); do
  report="${logs}/run-${run}.json"
  started=$(date +%s)
  VITEST_JSON_REPORT="$report" npm test >"${logs}/run-${run}.log" 2>&1
  code=$?
  seconds=$(($(date +%s) - started))
  counts=$(node -e 'try { const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`); } catch { console.log("no vitest report"); }' "$report")
  echo "run ${run}: exit ${code}, ${counts}, ${seconds} s"
  if [ "$code" -ne 0 ]; then
    failed=1
    grep -E "FAIL|Error|✗|×" "${logs}/run-${run}.log" | head -20
  fi
done
exit "$failed"
