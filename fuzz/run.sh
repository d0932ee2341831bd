#!/usr/bin/env bash
# Runs each fuzz target for a short while (SECONDS_EACH, default 60), starting from the corpus
# in fuzz/corpus/ (seeded from the handed cases in tests/data/). `cargo fuzz run <target>` works
# too; this script builds the targets with plain cargo, with the coverage instrumentation
# cargo-fuzz adds (libFuzzer's inline 8-bit counters, PC table and compare tracing, and
# `--cfg fuzzing`), so nothing more than the toolchain has to be installed (cargo-fuzz is a
# 90-second build of its own). No AddressSanitizer: the targets are safe Rust, whose memory
# errors it exists to catch. RUSTC_BOOTSTRAP=1 lets the stable toolchain take `-Cpasses`.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${SECONDS_EACH:-60}"
targets=(check suggest qualify)
flags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  --cfg fuzzing
  -Cdebug-assertions
  -Coverflow-checks
)
# Its own target dir: these flags would rebuild every crate the workspace shares.
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$PWD/target}"
RUSTC_BOOTSTRAP=1 RUSTFLAGS="${flags[*]}" cargo build --release --locked --bins
# New inputs the fuzzer finds grow corpus/<target>; with NEW_INPUTS=DIR set they go to
# DIR/<target> instead, and the tree stays as it was (CI's smoke run).
for target in "${targets[@]}"; do
  echo "== $target (${seconds}s)"
  corpora=("corpus/$target")
  if [ -n "${NEW_INPUTS:-}" ]; then
    mkdir -p "$NEW_INPUTS/$target"
    corpora=("$NEW_INPUTS/$target" "corpus/$target")
  fi
  "$CARGO_TARGET_DIR/release/$target" "${corpora[@]}" -max_total_time="$seconds" -max_len=4096
done
