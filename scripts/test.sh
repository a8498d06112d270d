#!/usr/bin/env bash
# `npm test` (everything; what CI runs) and `npm run test:quick` (the inner loop: types, lint, unit
# tests on SQLite, then the js and nojs journeys on the demo-data servers; no Firebase emulator).
# Each phase is timed; the seconds are printed at the end, failed or not (docs/testing.md says what
# each phase costs). Phases marked 'alongside' overlap the ones after them.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-full}
case $mode in full | quick) ;; *)
  echo "usage: scripts/test.sh [full|quick]" >&2
  exit 2
  ;;
esac

# .ci/run passes its own file to add the install phase and print the table itself.
if [ -z "${TIMINGS_FILE:-}" ]; then
  export TIMINGS_FILE
  TIMINGS_FILE=$(mktemp)
  trap 'echo; echo "Seconds per phase:"; cat "$TIMINGS_FILE"; rm -f "$TIMINGS_FILE"' EXIT
fi

phase() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  printf '%-28s %5d s%s\n' "$name" $((SECONDS - start)) "$([ $status = 0 ] || echo '  FAILED')" >>"$TIMINGS_FILE"
  return $status
}

# Runs a phase in the background, its output kept until `joined` prints it; each of these runs on
# one core (tsc, ESLint, a one-worker vitest run), so two side by side take about the time of one.
declare -a started_pids=() started_logs=()
alongside() {
  local log name="$1 (alongside)"
  shift
  log=$(mktemp)
  phase "$name" "$@" >"$log" 2>&1 &
  started_pids+=($!)
  started_logs+=("$log")
}
joined() {
  local status=0 i
  for i in "${!started_pids[@]}"; do
    wait "${started_pids[$i]}" || status=1
    cat "${started_logs[$i]}"
    rm -f "${started_logs[$i]}"
  done
  started_pids=() started_logs=()
  return $status
}

alongside lint npm run --silent lint
phase typecheck npx tsc --noEmit
joined
if [ "$mode" = full ]; then
  # The PostgreSQL run starts its own cluster and data folder: it shares nothing with the others.
  alongside 'unit (PostgreSQL)' npx vitest run --config vitest.postgres.config.ts
fi
phase 'unit (SQLite)' npx vitest run
if [ "$mode" = full ]; then
  phase 'unit (Firebase emulator)' npx vitest run --config vitest.firebase.config.ts
  joined
fi
phase build npm run --silent build
phase 'e2e tools' npx tsx tests/support/check-tools.ts
if [ "$mode" = full ]; then
  phase 'e2e (every project)' npx playwright test
  phase 'container check' npx tsx tests/container/prod-install.ts
else
  phase 'e2e (js, nojs)' npx playwright test --project js --project nojs
fi
