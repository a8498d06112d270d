#!/usr/bin/env bash
# `npm test` (everything; what CI runs) and `npm run test:quick` (the inner loop: types, lint, unit
# tests on SQLite, then the js and nojs journeys on the demo-data servers). Each phase is timed;
# the seconds are printed at the end, failed or not (docs/testing.md says what each phase costs).
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

phase typecheck npx tsc --noEmit
phase lint npm run --silent lint
phase 'unit (SQLite)' npx vitest run
if [ "$mode" = full ]; then
  phase 'unit (PostgreSQL)' npx vitest run --config vitest.postgres.config.ts
fi
phase build npm run --silent build
phase 'e2e tools' npx tsx tests/support/check-tools.ts
if [ "$mode" = full ]; then
  phase 'e2e (every project)' npx playwright test
  phase 'container check' npx tsx tests/container/prod-install.ts
else
  phase 'e2e (js, nojs)' npx playwright test --project js --project nojs
fi
