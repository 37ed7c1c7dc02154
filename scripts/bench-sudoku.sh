#!/usr/bin/env bash
# dlx-wasm's sudoku solver side by side with the `sudoku` crate 0.8.0 (a port of JCZSolve,
# AGPL-3.0), natively, on the same puzzles in interleaved rounds (issue 17; see bench/README.md).
# The peer lives in the separate, unpublished crate bench/sudoku-peer/, which depends on
# dlx-wasm, never the other way round. Not part of the tests.
#
#   scripts/bench-sudoku.sh [--rounds N] [--sample N] [--mode first|count2|line]... [SET]...
#
# SET: 17-clue, top1465, hardest_1106, hardest_1905 (default: all four, the first 1,000
# puzzles of each file in ../shared/data/sudoku/, or $SUDOKU_DATA; the vendored samples in
# tests/data/sudoku/ where a file is missing). Modes: first (first solution), count2 (counted
# up to 2: the uniqueness check), line (text in, text out: solve_batch against the crate's
# line parser and printer); default all three. Every answer of both is checked before timing.
# About a minute on 2 cores once compiled (the first build takes about 2 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}/sudoku-peer
cargo build --quiet --release --manifest-path bench/sudoku-peer/Cargo.toml --target-dir "$target_dir"
exec "$target_dir/release/sudoku-peer-bench" "$@"
