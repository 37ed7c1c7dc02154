#!/usr/bin/env bash
# Builds the release wasm module and the npm package in pkg/, and copies the files the web
# page loads into www/pkg/. Assumes scripts/setup.sh has run (serve.sh and test.sh run it).
set -euo pipefail
cd "$(dirname "$0")/.."

name=dlx_wasm                     # the crate's library name: dlx_wasm.wasm, dlx_wasm.js, ...
target_dir=${CARGO_TARGET_DIR:-target}
wasm=pkg/${name}_bg.wasm

say() { printf '\033[1mbuild:\033[0m %s\n' "$*"; }

say "cargo build (release, wasm32)"
cargo build --release --target wasm32-unknown-unknown --lib

# wasm-bindgen writes the `--target web` ES module (default export `init()`, plus
# `initSync`), its .d.ts and the processed .wasm. Start from an empty pkg/ so nothing stale
# is packed.
say "wasm-bindgen --target web"
rm -rf pkg
wasm-bindgen --target web --out-dir pkg "$target_dir/wasm32-unknown-unknown/release/$name.wasm"

# wasm-opt from npm's binaryen (pinned in package.json), never Debian's: see
# shared notes/toolchain.md.
before=$(stat -c %s "$wasm")
npx --no-install wasm-opt -O3 "$wasm" -o "$wasm.opt"
mv "$wasm.opt" "$wasm"
say "$wasm: $(stat -c %s "$wasm") bytes ($before before wasm-opt), $(gzip -9c "$wasm" | wc -c) gzipped"

# The package around it: package.json (name, version, ... from Cargo.toml), the Node entry
# and the package README.
cargo metadata --no-deps --format-version 1 | node scripts/write-package-json.mjs pkg/package.json
cp pkg-template/index.js pkg-template/index.d.ts pkg-template/node.js pkg-template/README.md \
    LICENSE-MIT LICENSE-APACHE pkg/

# The page imports ./pkg/dlx_wasm.js: give it the same build.
rm -rf www/pkg
mkdir -p www/pkg
cp "pkg/$name.js" "$wasm" www/pkg/
say "pkg/ and www/pkg/ are ready"
