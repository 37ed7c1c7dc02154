#!/usr/bin/env bash
# Builds the npm package in pkg/ (two wasm modules from the bindings crate, the workspace's
# root package `dlx-wasm`, see below) and copies the
# files the web pages load into www/pkg/. Assumes scripts/setup.sh has run (serve.sh and
# test.sh run it).
#
# The package's two modules:
# - dlx_wasm (the main entry, `dlx-wasm`, and its alias `dlx-wasm/sudoku`): the whole API,
#   exact cover and sudoku, built twice: dlx_wasm_bg.wasm, and dlx_wasm_simd_bg.wasm for
#   engines with WebAssembly SIMD (pkg-template/load.js picks one);
# - dlx_wasm_core (`dlx-wasm/core`): the exact-cover API alone, built without the
#   `sudoku-toolkit` feature so that none of the sudoku code is linked in.
set -euo pipefail
cd "$(dirname "$0")/.."

name=dlx_wasm                     # the crate's library name: what cargo calls the .wasm
target_dir=${CARGO_TARGET_DIR:-target}

say() { printf '\033[1mbuild:\033[0m %s\n' "$*"; }

# module OUT_NAME PROFILE CARGO_FLAGS...: builds the wasm with the cargo profile PROFILE and
# CARGO_FLAGS, runs wasm-bindgen on it (`--target web`: ES module with `init()` and
# `initSync`, its .d.ts, the processed .wasm) into pkg/ under OUT_NAME, then wasm-opt -O3.
module() {
    local out=$1 profile=$2
    shift 2
    say "cargo build (profile $profile, wasm32) $*"
    cargo build --profile "$profile" --target wasm32-unknown-unknown -p dlx-wasm --lib "$@"
    say "wasm-bindgen --target web --out-name $out"
    wasm-bindgen --target web --out-dir pkg --out-name "$out" \
        "$target_dir/wasm32-unknown-unknown/$profile/$name.wasm"
    # wasm-opt from npm's binaryen (pinned in package.json), never Debian's: see
    # shared notes/toolchain.md.
    local wasm=pkg/${out}_bg.wasm
    npx --no-install wasm-opt -O3 "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
}

# Start from an empty pkg/ so nothing stale is packed.
rm -rf pkg
module dlx_wasm release --features sudoku-toolkit
# The core with its own profile (Cargo.toml's `wasm-core`: the bindings optimised for size).
module dlx_wasm_core wasm-core --no-default-features

# The main module once more, compiled for WebAssembly SIMD (simd128: LLVM turns the byte
# loops of the sudoku batch, among others, into vector code), in a target folder of its own
# so that neither build undoes the other's cache. Only its .wasm is kept: pkg-template/load.js
# loads it where the engine has SIMD, under the plain build's bindings, which must be the same
# file (checked here).
simd_target=$target_dir/simd128
say "cargo build (release, wasm32, simd128) --features sudoku-toolkit"
RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR=$simd_target \
    cargo build --release --target wasm32-unknown-unknown -p dlx-wasm --lib --features sudoku-toolkit
simd_out=$(mktemp -d)
wasm-bindgen --target web --out-dir "$simd_out" --out-name dlx_wasm \
    "$simd_target/wasm32-unknown-unknown/release/$name.wasm"
if ! cmp -s "$simd_out/dlx_wasm.js" pkg/dlx_wasm.js; then
    diff "$simd_out/dlx_wasm.js" pkg/dlx_wasm.js | head -20 >&2
    echo "build: the simd128 build's bindings differ from the plain build's" >&2
    exit 1
fi
npx --no-install wasm-opt -O3 --enable-simd "$simd_out/dlx_wasm_bg.wasm" -o pkg/dlx_wasm_simd_bg.wasm
rm -rf "$simd_out"

# The package around them: package.json (name, version, ... from Cargo.toml), the entries
# (index.js and node.js for `dlx-wasm`, core.js and core-node.js for `dlx-wasm/core`,
# sudoku.js and sudoku-node.js re-exporting the main entry for `dlx-wasm/sudoku`) and the
# package README. wasm-bindgen put the JS the bindings import (src/wasm/pack.js) under
# pkg/snippets/.
cargo metadata --no-deps --format-version 1 | node scripts/write-package-json.mjs pkg/package.json
cp pkg-template/*.js pkg-template/*.d.ts pkg-template/README.md LICENSE-MIT LICENSE-APACHE pkg/

# Both pages run their calls on the package's worker pool (pool.js, its worker and the
# protocol they speak), whose workers instantiate the main module the page compiled once
# (load.js): give them the same build.
rm -rf www/pkg
mkdir -p www/pkg
cp -r pkg/dlx_wasm.js pkg/dlx_wasm_bg.wasm pkg/dlx_wasm_simd_bg.wasm pkg/load.js pkg/snippets \
    pkg/pool.js pkg/worker.js pkg/worker-core.js pkg/protocol.js pkg/errors.js www/pkg/

for out in dlx_wasm dlx_wasm_simd dlx_wasm_core; do
    wasm=pkg/${out}_bg.wasm
    say "$wasm: $(stat -c %s "$wasm") bytes raw, $(gzip -9 <"$wasm" | wc -c) gzipped (after wasm-opt -O3)"
done
say "pkg/ and www/pkg/ are ready"
