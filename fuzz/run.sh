#!/usr/bin/env bash
# Runs each fuzz target for a short while (SECONDS_EACH, default 60), starting from the corpus
# in fuzz/corpus/ (seeded from the handed cases in tests/data/). Needs cargo-fuzz
# (`cargo install --locked cargo-fuzz`). cargo-fuzz wants nightly for its sanitizer flags;
# RUSTC_BOOTSTRAP=1 lets the stable toolchain take them.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${SECONDS_EACH:-60}"
# New inputs the fuzzer finds grow corpus/<target>; with NEW_INPUTS=DIR set they go to
# DIR/<target> instead, and the tree stays as it was (CI's smoke run).
for target in check suggest qualify; do
  echo "== $target (${seconds}s)"
  corpora=("corpus/$target")
  if [ -n "${NEW_INPUTS:-}" ]; then
    mkdir -p "$NEW_INPUTS/$target"
    corpora=("$NEW_INPUTS/$target" "corpus/$target")
  fi
  RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" "${corpora[@]}" -- -max_total_time="$seconds" -max_len=4096
done
