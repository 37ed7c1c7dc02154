#!/usr/bin/env bash
# Builds the wasm module, the npm package (pkg/, and www/pkg/ for the pages) and the site
# (site/: www/ with each page made one response, scripts/build-pages.mjs), then serves
# site/ on 127.0.0.1:${PORT:-8080} until interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${PORT:-8080}

bash scripts/setup.sh
bash scripts/build.sh

echo
echo "Serving site/ at http://127.0.0.1:$port/ (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory site
