#!/bin/sh
# `npm test`: lint, generated route types, unused code, types and the
# production build, then every test, with any arguments passed on to Vitest
# (`npm test -- tests/e2e/pages.test.ts`).
# Unused code and types are checked while the build runs: each checker uses
# one core, and the tests that look at pages get both cores to themselves.
set -e
biome check .
react-router typegen
knip &
knip=$!
tsc &
tsc=$!
status=0
react-router build || status=$?
wait "$knip" || status=1
wait "$tsc" || status=1
[ "$status" -eq 0 ] || exit "$status"
vitest run "$@"
