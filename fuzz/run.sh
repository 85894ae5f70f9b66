#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) from its seed corpus and
# prints, per target, the executions, the time and the result; exits non-zero when
# any target found a crash (its input is left in fuzz/artifacts/<target>/).
#
# Usage: fuzz/run.sh [SECONDS] [TARGET…]
# SANITIZER=none builds without AddressSanitizer (about 8x faster; default address).
# Needs a nightly toolchain: NIGHTLY (default the pinned one below, installed with
# rustup when missing); installs cargo-fuzz from crates.io when it is missing.
set -euo pipefail
fuzz=$(cd "$(dirname "$0")" && pwd)
cd "$fuzz"
seconds=${1:-60}
shift || true
sanitizer=${SANITIZER:-address}
# Pinned, like the public-API check's, so that a new nightly cannot break CI.
nightly=${NIGHTLY:-nightly-2026-05-20}

if ! cargo "+$nightly" --version >/dev/null 2>&1; then
  echo "installing the $nightly toolchain"
  rustup toolchain install "$nightly" --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo install --locked cargo-fuzz
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo "+$nightly" fuzz list)
fi

cargo "+$nightly" fuzz build -s "$sanitizer"
./seed-corpus.sh > /dev/null

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=0
printf '%-16s %12s %8s %10s  %s\n' target executions seconds exec/s result
for target in "${targets[@]}"; do
  log="$logs/$target.log"
  start=$(date +%s)
  # -timeout: one input taking more than 10 s is a hang; -rss_limit_mb: a leak.
  if cargo "+$nightly" fuzz run -s "$sanitizer" "$target" -- \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 > "$log" 2>&1; then
    result=ok
  else
    result="CRASH: $(grep -m1 -oE 'Test unit written to [^ ]+' "$log" || echo "see below")"
    failed=1
  fi
  took=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  printf '%-16s %12s %8s %10s  %s\n' "$target" "${runs:-?}" "$took" "${rate:-?}" "$result"
  if [ "$result" != ok ]; then
    grep -E -A 12 "panicked|ERROR: libFuzzer|SUMMARY" "$log" | head -40 >&2 || tail -40 "$log" >&2
  fi
done
exit $failed
