#!/usr/bin/env bash
# The benchmark suite (issue 7; see bench/README.md). Exact cover: natively with criterion
# (dlx-wasm against the crates dlx 0.8.5 and dancing-links 0.3.1), then the wasm build in
# Node and in headless Chromium against npm dancing-links 4.3.10, all on the same options in
# the same order; prints one table of medians and ratios from this run. Sudoku (first
# solution on the shared 17-clue, top1465 and hardest_1106 samples): natively against dlx,
# in Node and in Chromium against npm dancing-links, one table each. Not part of the tests.
#
#   scripts/bench.sh [--quick] [WORKLOAD...]
#   scripts/bench.sh --ratio [WORKLOAD...]
#
# --ratio: only the wasm ÷ native table (issue 36): dlx-wasm natively, and both builds of the
# package's main module (plain and simd128) in Node and in headless Chromium, in the same
# interleaved rounds (bench/exact-cover/ratio.mjs), on queens12, langford11 and
# pentominoes6x10 unless named; written to target/bench-results/ratio.md; then the pages'
# cold start (bench/cold-start/run.mjs: 5 cold loads of each under 4x CPU and Lighthouse's
# mobile network). About 4 minutes.
# --quick (or DLX_BENCH_QUICK=1) skips the slow workload (counting all 6x10 pentomino tilings,
# a few minutes in all). WORKLOAD names (queens12, langford11, pentominoes6x10_first,
# pentominoes6x10, sudoku) limit the run to those. The table is also written to
# target/bench-results/table.md. Takes about 17 minutes on 2 cores once compiled (7 with --quick).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1mbench:\033[0m %s\n' "$*"; }

workloads=()
for arg in "$@"; do
    case $arg in
        --quick) export DLX_BENCH_QUICK=1 ;;
        --ratio) ratio=1 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        -*) echo "bench: unknown option $arg (see --help)" >&2; exit 2 ;;
        sudoku) sudoku=1 ;;
        *) workloads+=("$arg") ;;
    esac
done
# Nothing named: everything. Only sudoku named: no exact cover.
exact_cover=1
if ((${#workloads[@]} == 0)); then
    [[ ${sudoku:-} ]] && exact_cover=
    sudoku=1
fi

target_dir=${CARGO_TARGET_DIR:-target}
data=$target_dir/bench-data
results=$target_dir/bench-results
bench_js=bench/exact-cover
bench_sudoku=bench/sudoku

# Toolchain, Chromium and the root npm tools (wasm-opt) as the build needs them, then this
# suite's own npm packages (dancing-links, playwright-core) when missing or older than the lock.
bash scripts/setup.sh
for dir in "$bench_js" "$bench_sudoku"; do
    if [[ ! -f $dir/node_modules/.package-lock.json || $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
        say "installing the benchmark's npm packages (npm ci in $dir)"
        (cd "$dir" && npm ci --no-audit --no-fund)
    fi
done

say "building the release wasm package (scripts/build.sh)"
bash scripts/build.sh

if [[ ${ratio:-} ]]; then
    say "writing the workloads to $data (and building the native side, bench_workloads)"
    cargo run --quiet --release --example bench_workloads -- "$data"
    say "wasm ÷ native: native, Node and Chromium (plain and simd128) in interleaved rounds"
    node "$bench_js/ratio.mjs" --data "$data" --pkg pkg --native "$target_dir/release/examples/bench_workloads" \
        --out "$results/ratio.md" "${workloads[@]}"
    say "cold start: both pages in Chromium under Lighthouse's mobile throttling (bench/cold-start/run.mjs)"
    node bench/cold-start/run.mjs 5
    exit 0
fi

if [[ ${sudoku:-} ]]; then
    say "sudoku, native: dlx-wasm (bands, and the linked engine) against dlx 0.8.5"
    SUDOKU_TABLE_ONLY=1 cargo bench --bench sudoku
    say "sudoku, Node: the wasm build against npm dancing-links"
    node "$bench_sudoku/run.mjs"
    say "sudoku, Chromium: the wasm build against npm dancing-links in one page"
    node "$bench_sudoku/browser.mjs"
fi
[[ $exact_cover ]] || exit 0

say "writing the workloads to $data"
cargo run --quiet --release --example bench_workloads -- "$data"

mkdir -p "$results"
touch "$results/run-started"   # report.mjs shows only results newer than this

say "native: cargo bench --bench exact_cover"
filter=()
if ((${#workloads[@]})); then
    filter=("^($(IFS='|'; echo "${workloads[*]}"))/")
fi
cargo bench --bench exact_cover -- "${filter[@]}"

say "Node: wasm against npm dancing-links, and the Rust solvers natively, in interleaved rounds"
node "$bench_js/node.mjs" --data "$data" --pkg pkg --native "$target_dir/release/examples/bench_workloads" \
    --out "$results/node.json" "${workloads[@]}"

say "Chromium: wasm against npm dancing-links in one page"
node "$bench_js/browser.mjs" --data "$data" --pkg pkg --out "$results/chromium.json" "${workloads[@]}"

say "results of this run"
node "$bench_js/report.mjs" --data "$data" --criterion "$target_dir/criterion" --results "$results" \
    --since "$results/run-started" --out "$results/table.md"
