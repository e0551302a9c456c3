#!/bin/sh
# `npm test`: lint, generated route types, unused code, the production build,
# then every test, with any arguments passed on to Vitest
# (`npm test -- tests/e2e/pages.test.ts`).
# Unused code is checked while the build runs, and types while the tests run:
# each checker uses one core, and would leave the other idle on its own.
set -e
biome check .
react-router typegen
knip &
knip=$!
react-router build
wait "$knip"
tsc &
tsc=$!
status=0
vitest run "$@" || status=$?
wait "$tsc" || status=1
exit "$status"
