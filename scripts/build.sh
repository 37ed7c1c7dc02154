#!/usr/bin/env bash
# Builds the npm package in pkg/ (two wasm modules from the bindings crate, the workspace's
# root package `dlx-wasm`, see below) and copies the
# files the web pages load into www/pkg/. Assumes scripts/setup.sh has run (serve.sh and
# test.sh run it).
#
# The package's three modules:
# - dlx_wasm (the main entry, `dlx-wasm`, and its alias `dlx-wasm/sudoku`): exact cover, the
#   pool's tasks, the trace and the memo, and the sudoku solvers (`main_features` below),
#   built twice: dlx_wasm_bg.wasm, and dlx_wasm_simd_bg.wasm for engines with
#   WebAssembly SIMD (pkg-template/load.js picks one);
# - dlx_wasm_coach: the coach's exports alone (sudoku_hint, sudoku_solve_path, rate_sudoku,
#   generate_sudoku: feature `coach` without `exact-cover`), which the main entry loads when first needed
#   (Node) or on `init_coach()` (browsers);
# - dlx_wasm_core (`dlx-wasm/core`): the exact-cover API alone, built without the default
#   features (`sudoku-toolkit`, `pool-tasks`, `coach`, `trace-memo`, `panic-hook`) so that
#   none of their code is linked in.
# And, for the site only (www/pkg/, not the package), one module per page (`pages` below).
set -euo pipefail
cd "$(dirname "$0")/.."

name=dlx_wasm                     # the crate's library name: what cargo calls the .wasm
target_dir=${CARGO_TARGET_DIR:-target}

say() { printf '\033[1mbuild:\033[0m %s\n' "$*"; }

# The three jobs run side by side (the end of each build, LTO into one codegen unit and
# wasm-opt, uses one core), each into a folder of its own (wasm-bindgen's output, then
# wasm-opt's), its output kept in a log shown when it ends; pkg/ is filled when all three
# have finished. wasm-opt comes from npm's binaryen (pinned in package.json), never Debian's:
# see shared notes/toolchain.md.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# module JOB OUT_NAME PROFILE CARGO_FLAGS...: builds the wasm with the cargo profile PROFILE
# and CARGO_FLAGS, runs wasm-bindgen on it (`--target web`: ES module with `init()` and
# `initSync`, its .d.ts, the processed .wasm) into $work/JOB/ under OUT_NAME (see optimise).
# CARGO_TARGET_DIR, if set, is the target folder.
module() {
    local job=$1 out=$2 profile=$3
    shift 3
    local dir=$work/$job
    say "cargo build (profile $profile, wasm32) $*"
    cargo build --profile "$profile" --target wasm32-unknown-unknown -p dlx-wasm --lib "$@"
    say "wasm-bindgen --target web --out-name $out"
    wasm-bindgen --target web --out-dir "$dir" --out-name "$out" \
        "${CARGO_TARGET_DIR:-$target_dir}/wasm32-unknown-unknown/$profile/$name.wasm"
}

# optimise JOB OUT_NAME: wasm-opt -O3 (and WASM_OPT_FLAGS) on module's output, without the
# custom sections that name the compiler and the target's features, which nothing reads
# once wasm-bindgen has run (270 bytes each).
optimise() {
    local file=$work/$1/${2}_bg.wasm
    npx --no-install wasm-opt -O3 --strip-producers --strip-target-features ${WASM_OPT_FLAGS:-} "$file" -o "$file.opt"
    mv "$file.opt" "$file"
}

# started NAME COMMAND...: runs COMMAND in the background, its output in $work/NAME.log.
declare -A jobs
started() {
    local job=$1
    shift
    "$@" >"$work/$job.log" 2>&1 &
    jobs[$job]=$!
}

# The main module; the core with its own profile (Cargo.toml's `wasm-core`: the bindings
# optimised for size); and the main module once more, compiled for WebAssembly SIMD
# (simd128: LLVM turns the byte loops of the sudoku batch, among others, into vector code),
# in a target folder of its own so that neither build undoes the other's cache. Of the SIMD
# build only the .wasm is kept: pkg-template/load.js loads it where the engine has SIMD,
# under the plain build's bindings, which must be the same file (checked below).
# Then, in the same folder and profile (the dependencies compile once), the site's page
# modules (not in the package): the main module's exports each page calls, under the same
# bindings (dlx_wasm.js, whose imports theirs are a subset of: tests/js/site.test.mjs), which
# scripts/build-pages.mjs inlines in the page in place of the main module.
simd() {
    export RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR="$target_dir/simd128"
    export WASM_OPT_FLAGS=--enable-simd
    module simd dlx_wasm release --no-default-features --features "$main_features"
    optimise simd dlx_wasm &
    local simd_opt=$!
    local page features profile
    for page in "${pages[@]}"; do
        features=${page}_features
        features=${!features}
        profile=${page}_profile
        profile=${!profile:-release}
        module "$page" dlx_wasm "$profile" --no-default-features --features "$features"
        mv "$work/$page/dlx_wasm_bg.wasm" "$work/$page/dlx_wasm_${page}_bg.wasm"
        optimise "$page" "dlx_wasm_$page"
    done
    wait "$simd_opt"
}
# The dancing-links page's module: exact cover, the pool's tasks and the trace (no memo, no
# sudoku); the sudoku page's: the sudoku exports and the pool's tasks (no trace, no memo; the
# coach apart as everywhere). Both with talc, as the core, and the panic hook, as the main
# module (a bug in a page's worker says what and where: 1.5 and 1.2 KB gzipped); so is the
# dancing-links page's first module, but not the sudoku page's, which serves a page's first
# seconds alone and whose every byte delays its grid (issue #36: 1.1 KB gzipped): a bug there is
# a bare `RuntimeError: unreachable`, as in the core.
# The dancing-links page's first module (`dlx_first`): exact cover alone, which its first
# count runs on, inlined in the page; the page fetches its full module when idle after it.
# The sudoku page's (`sudoku_first`): the sudoku exports without the exact-cover API and
# without `sudoku-analysis` (the solution count and the candidates), for a playable, solvable
# grid; Count, an import's verdict and Auto candidates wait for the full module (and,
# without `exact-cover`, its engine has no colors or multiplicities). Every module but this one has
# `fast-search` (the engine's bit masks, the sudoku solver's bands and bitboards): its
# searches run on the links, the same answers from 14 KB gzipped less of the page's bytes.
# (scripts/build-pages.mjs's INLINED_WASM and LATER_WASM name each page's modules:
# tests/js/size.test.mjs checks them against this list.)
pages=(dlx_page sudoku_page dlx_first sudoku_first)
dlx_first_features=fast-search,exact-cover,kept-lists,talc,panic-hook
sudoku_first_features=sudoku-solvers,talc
# (A page's cargo profile, where not release: Cargo.toml's wasm-first, optimised for size.)
sudoku_first_profile=wasm-first
dlx_page_features=fast-search,exact-cover,kept-lists,pool-tasks,trace,talc,panic-hook
sudoku_page_features=fast-search,sudoku-toolkit,kept-lists,pool-tasks,talc,panic-hook
# The main module's features (the default ones but the coach's), the coach's, the core's.
# (scripts/test.sh's clippy stages read these lists, and `pages`, from here.)
main_features=fast-search,sudoku-toolkit,kept-lists,pool-tasks,trace-memo,panic-hook
coach_features=fast-search,coach,panic-hook
core_features=fast-search,exact-cover,talc
# The main module, then the coach's, in the same target folder and profile (so that the
# dependencies compile once; cargo builds one at a time there, and both write the same
# $name.wasm, which wasm-bindgen copies out before the next build starts), the main
# module's wasm-opt running beside the coach's build.
main_and_coach() {
    module main dlx_wasm release --no-default-features --features "$main_features"
    optimise main dlx_wasm &
    local main_opt=$!
    module coach dlx_wasm_coach release --no-default-features --features "$coach_features"
    optimise coach dlx_wasm_coach
    wait "$main_opt"
}
# The core: `exact-cover` alone (no sudoku, trace, memo, panic hook or kept lists), talc as
# its allocator, and wasm-opt run until the module stops shrinking (`--converge`: 200 bytes
# gzipped), told that the first 1,024 bytes of memory are unused (`--low-memory-unused`:
# constant offsets folded into loads and stores, 260 bytes gzipped). They are: rustc puts the
# stack first, from 1 MiB down to 0 (the data and the heap above it: the module's first data
# segment is at 1,048,576), and the core never comes near the stack's last kilobyte (its
# searches are loops over flat arrays, not recursions).
core() {
    module core dlx_wasm_core wasm-core --no-default-features --features "$core_features"
    WASM_OPT_FLAGS="--converge --low-memory-unused" optimise core dlx_wasm_core
}
say "building the main module (then the coach), the core and the SIMD build side by side (logs follow)"
started main main_and_coach
started core core
started simd simd
failed=0
for job in main core simd; do
    if wait "${jobs[$job]}"; then
        say "$job module built:"
    else
        say "$job module FAILED:"
        failed=1
    fi
    sed 's/^/    /' "$work/$job.log"
done
[ "$failed" -eq 0 ] || exit 1
if ! cmp -s "$work/simd/dlx_wasm.js" "$work/main/dlx_wasm.js"; then
    diff "$work/simd/dlx_wasm.js" "$work/main/dlx_wasm.js" | head -20 >&2
    echo "build: the simd128 build's bindings differ from the plain build's" >&2
    exit 1
fi

# Start from an empty pkg/ so nothing stale is packed.
rm -rf pkg
mkdir -p pkg
cp -r "$work/main/." "$work/coach/." "$work/core/." pkg/
cp "$work/simd/dlx_wasm_bg.wasm" pkg/dlx_wasm_simd_bg.wasm

# The package around them: package.json (name, version, ... from Cargo.toml), the entries
# (index.js and node.js for `dlx-wasm`, core.js and core-node.js for `dlx-wasm/core`,
# sudoku.js and sudoku-node.js re-exporting the main entry for `dlx-wasm/sudoku`) and the
# package README. wasm-bindgen put the JS the bindings import (src/wasm/pack.js) under
# pkg/snippets/.
cargo metadata --no-deps --format-version 1 | node scripts/write-package-json.mjs pkg/package.json
cp pkg-template/*.js pkg-template/*.d.ts pkg-template/README.md LICENSE-MIT LICENSE-APACHE pkg/

# Both pages run their calls on the package's worker pool (pool.js, its worker and the
# protocol they speak), whose workers instantiate the main module the page compiled once
# (load.js), and the coach module when first asked for a coach export: give them the same
# build.
rm -rf www/pkg
mkdir -p www/pkg
cp -r pkg/dlx_wasm.js pkg/dlx_wasm_bg.wasm pkg/dlx_wasm_simd_bg.wasm pkg/load.js pkg/snippets \
    pkg/dlx_wasm_coach.js pkg/dlx_wasm_coach_bg.wasm \
    pkg/pool.js pkg/worker.js pkg/worker-core.js pkg/protocol.js pkg/errors.js pkg/kept.js www/pkg/
for page in "${pages[@]}"; do
    cp "$work/$page/dlx_wasm_${page}_bg.wasm" www/pkg/
done

for out in dlx_wasm dlx_wasm_simd dlx_wasm_coach dlx_wasm_core; do
    wasm=pkg/${out}_bg.wasm
    say "$wasm: $(stat -c %s "$wasm") bytes raw, $(gzip -9 <"$wasm" | wc -c) gzipped (after wasm-opt -O3)"
done
for page in "${pages[@]}"; do
    wasm=www/pkg/dlx_wasm_${page}_bg.wasm
    say "$wasm: $(stat -c %s "$wasm") bytes raw, $(gzip -9 <"$wasm" | wc -c) gzipped (after wasm-opt -O3)"
done
# The site users get: www/ in site/, each page one response (scripts/build-pages.mjs).
node scripts/build-pages.mjs
say "pkg/, www/pkg/ and site/ are ready"
