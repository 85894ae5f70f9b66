#!/usr/bin/env bash
# wingtip on a real OpenBench instance, end to end, on this machine: a local OpenBench
# server (Django, sqlite) and worker (OpenBench's Client/ with fastchess built from
# source), with wingtip registered from this repository's committed history, running
#   (a) an SPRT between two commits (HEAD, and the newest earlier commit that changed
#       the root makefile),
#   (b) a fixed-games test whose dev side has a network uploaded to the instance and
#       built in through EVALFILE (default: the shipped wingtip/src/eval/net.bin),
#   (c) an SPSA tune over engine/spsa_params.txt, on a branch whose makefile builds
#       the `tune` feature,
#   (d) a datagen workload (openings from `genfens`, fixed nodes).
# It prints each workload's outcome and exits non-zero when one fails or does not
# finish within TIME_LIMIT.
#
# Usage:
#   OPENBENCH_DIR=/path/to/OpenBench FASTCHESS_DIR=/path/to/fastchess \
#     measure/openbench-local.sh [WORK]
#
# OPENBENCH_DIR  a checkout of https://github.com/AndyGrant/OpenBench (read only: it is
#                copied into WORK)
# FASTCHESS_DIR  a checkout of fastchess (read only: copied into WORK and built there
#                with `make -j CXX=g++`, as OpenBench's client builds it)
# WORK           work directory, outside the repository (default /tmp/openbench-local);
#                WORK/cache keeps the venv and the fastchess build between runs,
#                WORK/run is recreated on every run
# Optional: PORT (8765), THREADS (2: the worker's concurrency, so at most two games
#   at a time), TIME_LIMIT (seconds, 2700), BASE_REF / DEV_REF (SPRT commits),
#   NET (network file for (b)) with NET_BENCH (its bench; required when NET is not
#   the shipped network), PYTHON (python3 for the venv).
#
# What is not OpenBench's own code path, and why: this machine reaches no GitHub, so
# the server and the worker run with a stand-in for the GitHub URLs they use (API
# lookups of a branch or commit, and the source zipball), answered from a clone of this
# repository in WORK/run (measure/openbench_local.py explains it). The opening book is
# the rig's (rig/books/book.epd), registered on the instance and placed in the
# worker's Books/ beforehand instead of being downloaded. Users are created through the
# Django ORM; everything else (network upload, the web forms, the worker) is OpenBench's.
set -euo pipefail
started=$(date +%s)
repo=$(cd "$(dirname "$0")/.." && pwd)
helper=$repo/measure/openbench_local.py

: "${OPENBENCH_DIR:?set OPENBENCH_DIR to a checkout of OpenBench}"
: "${FASTCHESS_DIR:?set FASTCHESS_DIR to a checkout of fastchess}"
OPENBENCH_DIR=$(cd "$OPENBENCH_DIR" && pwd)
FASTCHESS_DIR=$(cd "$FASTCHESS_DIR" && pwd)
WORK=${1:-${WORK:-/tmp/openbench-local}}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
PORT=${PORT:-8765}
THREADS=${THREADS:-2}
TIME_LIMIT=${TIME_LIMIT:-2700}
PYTHON=${PYTHON:-python3}
server=http://127.0.0.1:$PORT
user=local
password=local-openbench

case "$WORK/" in "$repo"/*) echo "WORK must be outside the repository" >&2; exit 2 ;; esac
for d in "$OPENBENCH_DIR" "$FASTCHESS_DIR"; do
  case "$d/" in "$repo"/*) echo "$d: checkouts must be outside the repository" >&2; exit 2 ;; esac
done
[ -f "$OPENBENCH_DIR/manage.py" ] && [ -f "$OPENBENCH_DIR/Client/client.py" ] \
  || { echo "$OPENBENCH_DIR is not an OpenBench checkout" >&2; exit 2; }
[ -d "$FASTCHESS_DIR/app" ] || { echo "$FASTCHESS_DIR is not a fastchess checkout" >&2; exit 2; }

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
left() { echo $((started + TIME_LIMIT - $(date +%s))); }
commit_of() { git -C "$1" log -1 --format=%H 2>/dev/null || echo "unknown (no git metadata)"; }

cache=$WORK/cache
run=$WORK/run
pids=()
cleanup() {
  # Ask the worker to stop (OpenBench's openbench.exit), then end the server and the
  # worker with everything they started: each runs in a process group of its own.
  [ -d "$run/OpenBench/Client" ] && touch "$run/OpenBench/Client/openbench.exit"
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
rm -rf "$run"
mkdir -p "$cache" "$run"

say "OpenBench $OPENBENCH_DIR ($(commit_of "$OPENBENCH_DIR"))"
say "fastchess $FASTCHESS_DIR ($(commit_of "$FASTCHESS_DIR"))"
say "wingtip   $repo ($(git -C "$repo" rev-parse HEAD))"
say "work dir  $WORK, time limit ${TIME_LIMIT}s"

# ---- Python venv: OpenBench's server and client requirements, from PyPI
venv=$cache/venv
reqs="$(cat "$OPENBENCH_DIR/requirements.txt" "$OPENBENCH_DIR/Client/requirements.txt" | sort -u)"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.reqs" 2>/dev/null)" != "$reqs" ]; then
  say "creating venv $venv"
  rm -rf "$venv"
  "$PYTHON" -m venv "$venv"
  # shellcheck disable=SC2086
  "$venv/bin/pip" install -q $reqs
  echo "$reqs" > "$venv/.reqs"
fi
py=$venv/bin/python

# ---- fastchess, built from source as the client would build it
fc_src=$cache/fastchess-src
fc_stamp="$FASTCHESS_DIR $(commit_of "$FASTCHESS_DIR")"
if [ ! -x "$fc_src/fastchess" ] || [ "$(cat "$cache/fastchess.stamp" 2>/dev/null)" != "$fc_stamp" ] \
   || [[ $fc_stamp == *unknown* ]]; then
  say "building fastchess (make -j CXX=g++)"
  rm -rf "$fc_src"
  cp -r "$FASTCHESS_DIR" "$fc_src"
  timeout "$(left)" make -C "$fc_src" -j CXX=g++ > "$cache/fastchess-build.log" 2>&1 \
    || { echo "fastchess build failed; see $cache/fastchess-build.log" >&2; exit 1; }
  echo "$fc_stamp" > "$cache/fastchess.stamp"
fi
say "fastchess: $("$fc_src/fastchess" --version | head -1)"

# ---- wingtip's history, cloned into the work dir: what the GitHub stand-in serves
src=$run/wingtip
git clone -q --no-local "$repo" "$src"
git -C "$src" checkout -q -B main "$(git -C "$repo" rev-parse HEAD)"
DEV_REF=$(git -C "$src" rev-parse "${DEV_REF:-HEAD}")
# Default base: the newest commit before DEV_REF that changed the root makefile.
BASE_REF=$(git -C "$src" rev-parse "${BASE_REF:-$(git -C "$src" log -1 --format=%H "$DEV_REF~1" -- makefile)}")
# A commit's bench: the last "Bench: N" in its history (each commit that moves the
# count says so), as a user would type it into the form's bench field.
bench_of() { git -C "$src" log --format=%B "$1" | sed -n 's/.*[Bb]ench: *\([0-9][0-9,]*\).*/\1/p' | head -1 | tr -d ,; }
dev_bench=${DEV_BENCH:-$(bench_of "$DEV_REF")}
base_bench=${BASE_BENCH:-$(bench_of "$BASE_REF")}
# The SPSA branch: HEAD with the makefile building the tune feature (docs/openbench.md).
git -C "$src" checkout -q -b spsa-tune
sed -i 's/^FEATURES ?=.*/FEATURES ?= tune/' "$src/makefile"
grep -q '^FEATURES ?= tune$' "$src/makefile" || { echo "makefile has no FEATURES line" >&2; exit 1; }
git -C "$src" -c user.name=openbench-local -c user.email=local@localhost commit -q -am \
  "SPSA branch: the makefile builds the tune feature. Bench: $dev_bench"
git -C "$src" checkout -q main
say "SPRT: dev $DEV_REF (bench $dev_bench) vs base $BASE_REF (bench $base_bench)"

NET=${NET:-$repo/wingtip/src/eval/net.bin}
if [ -z "${NET_BENCH:-}" ]; then
  cmp -s "$NET" "$repo/wingtip/src/eval/net.bin" \
    || { echo "NET is not the shipped network: give its bench as NET_BENCH" >&2; exit 2; }
  NET_BENCH=$dev_bench
fi
net_name=$(basename "$NET")
net_sha=$(sha256sum "$NET" | cut -c1-8 | tr a-f A-F)

# ---- the OpenBench instance: a copy of the checkout, configured for wingtip
ob=$run/OpenBench
mkdir -p "$ob"
(cd "$OPENBENCH_DIR" && tar --exclude=.git -cf - .) | tar -xf - -C "$ob"
book=wingtip_book.epd
book_file=$repo/rig/books/book.epd
sed 's|https://github.com/OWNER/wingtip|https://github.com/local/wingtip|' \
  "$repo/docs/openbench/wingtip.json" > "$ob/Engines/wingtip.json"
"$py" - "$repo/docs/openbench/config.json" "$ob/Config/config.json" "$book" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config["books"].append(sys.argv[3])
json.dump(config, open(sys.argv[2], "w"), indent=4)
PY
printf '{\n    "sha"    : "%s",\n    "source" : "file://%s"\n}\n' \
  "$(sha256sum "$book_file" | cut -d' ' -f1)" "$book_file" > "$ob/Books/$book.json"
mkdir -p "$ob/Client/Books"
cp "$book_file" "$ob/Client/Books/$book"
cp "$fc_src/fastchess" "$ob/Client/fastchess-ob"

say "migrating the sqlite database"
# (OpenBench's PGN watcher thread starts with the app and complains until the tables
# exist; that noise goes to the log.)
(cd "$ob" && "$py" manage.py migrate -v 0) > "$run/migrate.log" 2>&1 \
  || { echo "migrate failed; see $run/migrate.log" >&2; exit 1; }
"$py" "$helper" users --ob "$ob" --user "$user" --password "$password"

say "starting the server on $server"
setsid "$py" -u "$helper" serve --ob "$ob" --repo "$src/.git" --addr "127.0.0.1:$PORT" \
  > "$run/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  curl -fs -o /dev/null "$server/login/" && break
  sleep 1
done
curl -fs -o /dev/null "$server/login/" || { echo "server did not start; see $run/server.log" >&2; exit 1; }

say "uploading $net_name ($net_sha) with OpenBench's Scripts/upload_net.py"
(cd "$ob" && "$py" Scripts/upload_net.py -U "$user" -P "$password" -S "$server" \
  -E wingtip -N "$net_name" -F "$NET") | tee "$run/upload.log"
grep -q "^Status: Uploaded" "$run/upload.log" || { echo "network upload failed" >&2; exit 1; }

# ---- the four workloads, through the web forms (presets from docs/openbench/wingtip.json)
cat > "$run/spec.json" <<JSON
{
  "repo_url" : "https://github.com/local/wingtip",
  "book"     : "$book",
  "sprt"     : { "priority": 4, "mode": "SPRT", "workload_size": 2,
                 "bounds": "[0.00, 150.00]", "confidence": "[0.05, 0.05]",
                 "dev"  : { "branch": "$DEV_REF",  "bench": $dev_bench,  "tc": "2.0+0.02" },
                 "base" : { "branch": "$BASE_REF", "bench": $base_bench, "tc": "2.0+0.02" } },
  "network"  : { "priority": 3, "mode": "GAMES", "workload_size": 2, "max_games": 16,
                 "dev"  : { "branch": "$DEV_REF", "bench": $NET_BENCH, "tc": "2.0+0.02",
                            "network": "$net_sha" },
                 "base" : { "branch": "$DEV_REF", "bench": $dev_bench, "tc": "2.0+0.02" } },
  "spsa"     : { "priority": 2, "iterations": 16, "pairs_per": 1, "reporting": "BATCHED",
                 "params": "$src/engine/spsa_params.txt",
                 "dev"  : { "branch": "spsa-tune", "bench": $dev_bench, "tc": "2.0+0.02" } },
  "datagen"  : { "priority": 1, "preset": "5k Nodes", "workload_size": 8, "max_games": 32,
                 "dev"  : { "branch": "$DEV_REF", "bench": $dev_bench, "tc": "N=5000" } }
}
JSON
"$py" "$helper" create --ob "$ob" --server "$server" --user "$user" --password "$password" \
  --spec "$run/spec.json" --ids "$run/ids.json"

say "starting the worker (threads $THREADS, fastchess-ob from source)"
setsid "$py" -u "$helper" worker --ob "$ob" --repo "$src/.git" --server "$server" \
  --user "$user" --password "$password" --threads "$THREADS" > "$run/worker.log" 2>&1 &
pids+=($!)
worker=$!

deadline=$((started + TIME_LIMIT - 30))
status=0
"$py" "$helper" wait --ob "$ob" --ids "$run/ids.json" --deadline "$deadline" --pid "$worker" \
  | tee "$run/summary.txt" || status=1
grep -h -E "Bench for|Wrong Bench|build failed|Stalled|Traceback|Error" "$run/worker.log" \
  | sort | uniq -c | sed 's/^/  worker: /' || true
say "logs: $run/server.log $run/worker.log; summary: $run/summary.txt"
exit $status
