#!/bin/sh
# Runs independent seeded magic hunts in parallel, then merges them into magics/.
#
# Usage: scripts/hunt.sh JOBS TIME [FAMILY...]
#   JOBS    number of concurrent jobs (one thread each; use your core count)
#   TIME    per job and family, e.g. 10m
#   FAMILY  rook and/or bishop (default: both)
#
# Each job J hunts with --seed J into target/hunt/job-J (starting from magics/, or
# from its own folder on a rerun, which resumes exactly where it stopped). On a
# cluster, run the same `wingtip magics hunt --seed J --out job-J` lines as batch
# jobs and the final merge wherever the folders meet. The merge keeps, per square,
# the valid entry with the fewest index bits, and never makes magics/ worse; `verify`
# then checks the result. Rebuild afterwards: build.rs picks up magics/*.txt.
set -eu
jobs=${1:?usage: scripts/hunt.sh JOBS TIME [FAMILY...]}
time=${2:?usage: scripts/hunt.sh JOBS TIME [FAMILY...]}
shift 2
families=${*:-rook bishop}
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/wingtip
dirs=""
j=1
while [ "$j" -le "$jobs" ]; do
    dir=target/hunt/job-$j
    dirs="$dirs $dir"
    mkdir -p "$dir"
    (
        for family in $families; do
            "$bin" magics hunt --family "$family" --time "$time" --threads 1 \
                --seed "$j" --from magics --out "$dir" >"$dir.$family.log" 2>&1 ||
                echo "job $j ($family) failed: see $dir.$family.log" >&2
        done
    ) &
    j=$((j + 1))
done
wait
# shellcheck disable=SC2086
"$bin" magics merge $dirs --out magics
"$bin" magics verify magics
"$bin" magics stats magics
