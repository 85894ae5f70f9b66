#!/bin/sh
# Runs independent seeded magic hunts in parallel, then merges them into wingtip/magics/.
#
# Usage: tools/magics/hunt.sh JOBS TIME [FAMILY...]
#   JOBS    number of concurrent jobs (one thread each; use your core count)
#   TIME    per job and family, e.g. 10m
#   FAMILY  rook and/or bishop (default: both)
#
# Each job J hunts with --seed J into target/hunt/job-J (starting from wingtip/magics/, or
# from its own folder on a rerun, which resumes exactly where it stopped). On a
# cluster, run the same `wingtip-magics hunt --seed J --out job-J` lines as batch
# jobs and the final merge wherever the folders meet. The merge keeps, per square,
# the valid entry with the fewest index bits, and never makes wingtip/magics/ worse;
# `verify` then checks the result. Rebuild afterwards: wingtip/build.rs picks up
# wingtip/magics/*.txt.
set -eu
cd "$(dirname "$0")/../.."
jobs=${1:?usage: tools/magics/hunt.sh JOBS TIME [FAMILY...]}
time=${2:?usage: tools/magics/hunt.sh JOBS TIME [FAMILY...]}
shift 2
families=${*:-rook bishop}
cargo build --release --quiet -p wingtip-magics
bin=${CARGO_TARGET_DIR:-target}/release/wingtip-magics
magics=wingtip/magics
dirs=""
j=1
while [ "$j" -le "$jobs" ]; do
    dir=target/hunt/job-$j
    dirs="$dirs $dir"
    mkdir -p "$dir"
    (
        for family in $families; do
            "$bin" hunt --family "$family" --time "$time" --threads 1 \
                --seed "$j" --from "$magics" --out "$dir" >"$dir.$family.log" 2>&1 ||
                echo "job $j ($family) failed: see $dir.$family.log" >&2
        done
    ) &
    j=$((j + 1))
done
wait
# shellcheck disable=SC2086
"$bin" merge $dirs --out "$magics"
"$bin" verify "$magics"
"$bin" stats "$magics"
