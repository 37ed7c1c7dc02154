#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ (cargo-fuzz, libFuzzer) for SECONDS each, side by side, from the corpus
# it has grown so far (fuzz/corpus/TARGET, ignored by git) and the seeds in fuzz/seeds/TARGET.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET]     (default: 30)
#
# Installs cargo-fuzz if `cargo fuzz` is missing. libFuzzer needs a nightly compiler flag;
# RUSTC_BOOTSTRAP=1 lets the stable toolchain build it. Exits non-zero if any target finds a
# crash (its input is left in fuzz/artifacts/TARGET/), and ends with `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
if ! [[ $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET]" >&2
  exit 2
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo install cargo-fuzz || exit 1
fi

export RUSTC_BOOTSTRAP=1
targets=$(cargo fuzz list) || exit 1
# Built once, then run side by side (one libFuzzer process each: the targets share no state),
# so that the stage takes SECONDS, not SECONDS per target, on a machine with a core per target.
cargo fuzz build || exit 1

# fuzz_one TARGET: runs TARGET for SECONDS from its corpus and seeds, its output in
# fuzz/TARGET.log; exits non-zero if it found a crash.
fuzz_one() {
  local target=$1 seeds=()
  mkdir -p "fuzz/corpus/$target"
  [ -d "fuzz/seeds/$target" ] && seeds=("fuzz/seeds/$target")
  cargo fuzz run "$target" "fuzz/corpus/$target" "${seeds[@]}" -- \
    -max_total_time="$seconds" -print_final_stats=1 >"fuzz/$target.log" 2>&1
}

declare -A pids
for target in $targets; do
  echo "fuzz: $target for ${seconds}s"
  fuzz_one "$target" &
  pids[$target]=$!
done
passed=0
failed=0
for target in $targets; do
  if wait "${pids[$target]}"; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "fuzz/$target.log" | tail -n 1)
    echo "fuzz: $target passed (${runs:-?} executions)"
    passed=$((passed + 1))
  else
    tail -n 40 "fuzz/$target.log"
    echo "fuzz: $target FAILED"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
