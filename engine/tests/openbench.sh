#!/usr/bin/env bash
# OpenBench's build and bench contract through the root makefile, as its client runs
# it (`make -j EXE=<name> EVALFILE=<absolute path>` in the makefile's folder, then
# `./<name> bench`):
# - the default build's bench is the committed count (356,844 nodes);
# - EVALFILE builds that network in (the test network's bench differs), absolute or
#   relative to the root;
# - a missing or damaged network fails the build with the file and the reason;
# - the committed registration files (docs/openbench/) have the fields and types
#   OpenBench's server requires, and the compiler the engine's rust-version needs.
# Builds in a scratch target dir (three release builds, then two that fail fast).
#
# Usage: engine/tests/openbench.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
expected=356844
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
build() { make -j TARGET_DIR="$scratch/target" "$@"; }

msrv=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' engine/Cargo.toml)
python3 - "$msrv" <<'PY'
import json, sys
engine = json.load(open("docs/openbench/wingtip.json"))
assert isinstance(engine["private"], bool) and not engine["private"]
assert isinstance(engine["nps"], int) and engine["nps"] > 0
assert isinstance(engine["source"], str)
build = engine["build"]
assert isinstance(build["path"], str) and build["path"] == ""
for key in ("compilers", "cpuflags", "systems"):
    assert isinstance(build[key], list) and all(isinstance(x, str) for x in build[key]), key
assert build["compilers"] == [f"cargo>={sys.argv[1]}.0"], (build["compilers"], sys.argv[1])
for presets in ("test_presets", "tune_presets", "datagen_presets"):
    assert "default" in engine[presets], presets
config = json.load(open("docs/openbench/config.json"))
assert "wingtip" in config["engines"]
for book in [p.get("book_name") for k in ("test_presets", "tune_presets")
             for p in engine[k].values() if p.get("book_name")]:
    assert book in config["books"], book
print("docs/openbench: engine and config files have OpenBench's fields")
PY
bench() { "$1" bench | sed -n 's/^\([0-9]*\) nodes [0-9]* nps$/\1/p'; }

build EXE="$scratch/default" >/dev/null 2>&1
default=$(bench "$scratch/default")
echo "default build: bench $default"
[ "$default" = "$expected" ] || { echo "default bench $default, expected $expected" >&2; exit 1; }

net=$(pwd)/wingtip/tests/data/full16_squared.bin
build EXE="$scratch/evalfile" EVALFILE="$net" >/dev/null 2>&1
withnet=$(bench "$scratch/evalfile")
echo "EVALFILE=$net: bench $withnet"
[ -n "$withnet" ] && [ "$withnet" != "$expected" ] \
  || { echo "EVALFILE did not change the bench ($withnet)" >&2; exit 1; }

build EXE="$scratch/relative" EVALFILE=wingtip/tests/data/full16_squared.bin >/dev/null 2>&1
relative=$(bench "$scratch/relative")
echo "EVALFILE=wingtip/tests/data/full16_squared.bin: bench $relative"
[ "$relative" = "$withnet" ] || { echo "relative EVALFILE: bench $relative" >&2; exit 1; }

# A build that must fail, naming the file and the reason.
fails() {
  local file=$1 reason=$2 log="$scratch/fail.log"
  if build EXE="$scratch/bad" EVALFILE="$file" >"$log" 2>&1; then
    echo "EVALFILE=$file: the build succeeded" >&2; exit 1
  fi
  grep -q "$file" "$log" && grep -qi "$reason" "$log" \
    || { echo "EVALFILE=$file: no '$reason' naming the file in:" >&2; tail -5 "$log" >&2; exit 1; }
  echo "EVALFILE=$file: fails: $(grep -m1 "invalid network file" "$log" | sed 's/.*invalid network file: //')"
}
fails "$scratch/missing.bin" "cannot read"
head -c 1000 "$net" > "$scratch/truncated.bin"
fails "$scratch/truncated.bin" "bytes"
[ ! -e "$scratch/bad" ] || { echo "a failed build left a binary" >&2; exit 1; }
echo "openbench: ok"
