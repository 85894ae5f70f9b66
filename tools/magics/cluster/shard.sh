#!/bin/sh
# One shard of a magic hunt: the same work for the same seed on any machine, resumed
# exactly after a kill. Slurm (slurm-hunt.sbatch) and Kubernetes (hunt-job.yaml) call
# it once per array task or index; on one machine, loop over the seeds.
#
# Usage: tools/magics/cluster/shard.sh SEED
# Environment (all optional):
#   RESULTS  folder that receives shard-SEED/ (default: hunt-results)
#   TRIES    budget per square and family, in candidates (default: 4M; see --tries)
#   METHOD   scan (depth-first below each first-level value, default), dfs
#            (depth-first search) or classic (random and hill climbing)
#   FROM     the magics to start from (default: wingtip/magics)
#   FAMILIES rook and/or bishop (default: "rook bishop")
#   THREADS  threads for this shard (default: 1)
#   WINGTIP_MAGICS  the wingtip-magics binary (default: wingtip-magics on the PATH)
#
# The shard writes RESULTS/shard-SEED/{rook,bishop}.txt (each improvement noted with
# the seed and chunk that found it), .hunt-<family>.progress (what is done, for
# resuming) and .hunt-<family>.log (table size over time, for `wingtip-magics plot`).
# With a --tries budget the result depends only on SEED, METHOD, TRIES and FROM: rerunning
# a shard, on any machine, gives the same files.
set -eu
seed=${1:?usage: shard.sh SEED}
case $seed in '' | *[!0-9]*) echo "shard.sh: SEED must be a number, not '$seed'" >&2; exit 2 ;; esac
bin=${WINGTIP_MAGICS:-wingtip-magics}
results=${RESULTS:-hunt-results}
out=$results/shard-$seed
mkdir -p "$out"
for family in ${FAMILIES:-rook bishop}; do
    "$bin" hunt --family "$family" --method "${METHOD:-scan}" --tries "${TRIES:-4M}" --threads "${THREADS:-1}" \
        --seed "$seed" --from "${FROM:-wingtip/magics}" --out "$out"
done
