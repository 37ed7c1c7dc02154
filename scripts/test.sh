#!/usr/bin/env bash
# Runs every test, stopping at the first failure: formatting, the native dependency list and
# lints, the native tests (and the full published sudoku sets where ../shared/data/sudoku/
# exists), the wasm boundary tests in Node and headless Chromium, the release build, then the
# package and page tests against that build on the machine's Node, the package's tests again
# on Node 24, and the package test on Node 22; also half a minute of fuzzing (two targets side by side). Ends with one line: `total: N passed, M failed`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Adds up the counts printed so far by cargo (`test result: ok. N passed; M failed; ...`)
# by node --test's spec reporter (`ℹ pass N`, `ℹ fail M`) and by scripts/fuzz.sh (`N passed, M failed`).
totals() {
    awk '/^test result: / { for (i = 1; i < NF; i++) {
                                if ($(i + 1) ~ /^passed/) pass += $i
                                if ($(i + 1) ~ /^failed/) fail += $i } }
         /^ℹ pass [0-9]+$/ { pass += $3 }
         /^ℹ fail [0-9]+$/ { fail += $3 }
         /^[0-9]+ passed, [0-9]+ failed$/ { pass += $1; fail += $3 }
         END { print pass + 0, fail + 0 }' "$log"
}

# stage NAME COMMAND...: runs COMMAND, keeping its output for totals(), and prints how long it
# took; on failure prints the totals (at least one failure: a lint or build error counts as
# one) and exits.
stage() {
    local name=$1 start=$SECONDS
    shift
    printf '\n\033[1m==> %s\033[0m\n' "$name"
    if ! "$@" 2>&1 | tee -a "$log"; then
        local pass fail
        read -r pass fail < <(totals)
        printf '\n\033[1;31mFAILED: %s\033[0m\n' "$name"
        echo "total: $pass passed, $((fail > 0 ? fail : 1)) failed"
        exit 1
    fi
    printf '\033[1m<== %s: %d s\033[0m\n' "$name" $((SECONDS - start))
}

stage "cargo fmt --check" cargo fmt --check

# A native user of the engine gets its two dependencies and nothing else, of the sudoku crate
# the engine and the same two: the JS bindings' dependencies (wasm-bindgen, js-sys, ...) exist
# only for wasm32 (Cargo.toml).
native_dependencies() {
    local crate allowed found extra
    for crate in dlx-engine dlx-sudoku; do
        allowed=$(printf '%s\n' dlx-engine dlx-sudoku fastrand thiserror thiserror-impl proc-macro2 \
            quote syn unicode-ident | sort)
        found=$(cargo tree -p "$crate" -e normal --prefix none | awk '{ print $1 }' | sort -u)
        extra=$(comm -23 <(echo "$found") <(echo "$allowed"))
        if [[ -n $extra ]]; then
            echo "a native build of $crate must not depend on:" $extra
            return 1
        fi
        echo "$crate: native normal dependencies:" $found
    done
    if cargo tree -p dlx-engine -e normal --prefix none | grep -q '^dlx-sudoku '; then
        echo "the engine must not depend on the sudoku crate"
        return 1
    fi
}
stage "native dependencies (cargo tree: the engine's only)" native_dependencies
stage "clippy, native, all targets" cargo clippy --all-targets -- -D warnings
stage "clippy, wasm32 (library and wasm tests)" \
    cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings
# Each module's Cargo features as scripts/build.sh lists them (`NAME_features=`, and the site's
# `pages=(...)`): one list of each, there.
features() {
    local list
    list=$(sed -n "s/^$1_features=//p" scripts/build.sh)
    [ -n "$list" ] || { echo "scripts/build.sh lists no $1_features" >&2; return 1; }
    echo "$list"
}
core_features=$(features core)
coach_features=$(features coach)
main_features=$(features main)
read -ra pages <<<"$(sed -n 's/^pages=(\(.*\))$/\1/p' scripts/build.sh)"
[ "${#pages[@]}" -gt 0 ] || { echo "scripts/build.sh lists no pages" >&2; exit 1; }
stage "clippy, wasm32, the package's core module ($core_features)" \
    cargo clippy --target wasm32-unknown-unknown --lib --tests --no-default-features --features "$core_features" -- -D warnings
# The coach module: the coach's exports without the exact-cover API (the library alone: the
# wasm tests need that API).
stage "clippy, wasm32, the package's coach module ($coach_features)" \
    cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features "$coach_features" -- -D warnings
# The site's page modules.
page_clippy() {
    local page
    for page in "${pages[@]}"; do
        cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features "$(features "$page")" -- -D warnings || return 1
    done
}
stage "clippy, wasm32, the site's page modules (${pages[*]})" page_clippy
# The main module's features (the default ones but the coach's) and the simd128 build's own
# code (`cfg(target_feature = "simd128")`), with build.sh's flags and target folder, so that
# the two share what they compile.
stage "clippy, wasm32, simd128 (the package's main module, SIMD build)" \
    env RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/simd128" \
    cargo clippy --target wasm32-unknown-unknown --lib --tests --no-default-features --features "$main_features" -- -D warnings
# Optimised (profile `ci` in Cargo.toml: release speed, debug assertions and overflow checks
# on, no LTO): the tests include heavy ones (all 49,158 17-clue sudokus, below). Also the
# doctests, which only run natively (on wasm32 they report false passes).
stage "native tests and doctests (optimised)" cargo test --profile ci
# The engine without its default features (its bit masks, and colors and multiplicities, which
# the sudoku page's first module leaves out: crates/dlx-engine/Cargo.toml): what it refuses
# then, and exact cover searched as with them (the rest of its tests give colors and bounds).
stage "the engine without colors and multiplicities (no default features)" \
    cargo test --profile ci -p dlx-engine --no-default-features --lib -- without_colors_bounds
# The full published sudoku sets are `#[ignore]` tests (crates/dlx-sudoku/tests/sudoku_data.rs, a module of the
# sudoku crate's test binary) that fail when their file is missing; the vendored samples above
# always run. Here, where the data exists.
if [[ -d ../shared/data/sudoku ]]; then
    stage "full sudoku sets (../shared/data/sudoku/: native -- --ignored sudoku_data::)" \
        cargo test --profile ci -p dlx-sudoku --test sudoku_tests -- --ignored sudoku_data::
else
    printf '\n\033[1m==> full sudoku sets: not run\033[0m (no ../shared/data/sudoku/ here;'
    printf ' the vendored samples in tests/data/sudoku/ ran above)\n'
fi
# Coverage-guided fuzzing of Knuth's text format and of the builder (fuzz/, scripts/fuzz.sh:
# cargo-fuzz installed if missing, libFuzzer on the stable toolchain): 30 s per target, the targets
# side by side.
stage "fuzz (text format and builder, 30 s each, side by side)" bash scripts/fuzz.sh 30
# Runner from .cargo/config.toml: the bindings' test binary wasm_node in Node, wasm_browser
# in Chromium (tests/wasm/); the two other crates' tests are native. Only --tests: plain
# #[test] and doctests are skipped or meaningless on wasm32.
stage "wasm tests (Node, Chromium)" cargo test --target wasm32-unknown-unknown -p dlx-wasm --tests
stage "release build (pkg/, www/pkg/)" bash scripts/build.sh
# Needs the build above: packs pkg/, loads www/. Files, not the directory: Node 24 takes a
# directory argument for a module name (MODULE_NOT_FOUND). Every test once on the machine's
# Node; then the tests of the package in Node again on Node 24, and the package test on
# Node 22 (installed into .tools/ by scripts/setup.sh), each with its bin first on PATH so
# the npm the tests run uses it too. The page tests drive the pages in Chromium, where the
# Node that runs them plays no part: they run once.
js_tests=(tests/js/*.test.mjs)
page_tests=(tests/js/www.test.mjs tests/js/dlx-page.test.mjs)
node_tests=()
for file in "${js_tests[@]}"; do
    [[ " ${page_tests[*]} " == *" $file "* ]] || node_tests+=("$file")
done
# Two test files at a time at least (node's default is one less than the cores: one file at a
# time on two cores): a page test waits on Chromium and a package test on its workers and npm
# often enough that two files at once take about two thirds of the time of one after another.
# The page tests, the longest files, start first.
concurrency=$(( $(nproc) > 2 ? $(nproc) : 2 ))
stage "package and page tests (node --test, the machine's Node $(node --version))" \
    node --test --test-concurrency="$concurrency" --test-reporter=spec "${page_tests[@]}" "${node_tests[@]}"
# on_node MAJOR COMMAND...: runs COMMAND with .tools/nodeMAJOR's node first on PATH.
on_node() {
    local bin
    bin=$(echo "$PWD/.tools/node$1/node_modules/node-linux-"*/bin)
    shift
    PATH="$bin:$PATH" "$@"
}
stage "package tests (node --test, Node $(on_node 24 node --version))" \
    on_node 24 node --test --test-concurrency="$concurrency" --test-reporter=spec "${node_tests[@]}"
stage "package test (node --test, Node $(on_node 22 node --version))" \
    on_node 22 node --test --test-reporter=spec tests/js/package.test.mjs

read -r pass fail < <(totals)
echo "total: $pass passed, $fail failed"
