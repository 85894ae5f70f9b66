#!/usr/bin/env bash
# The C ABI from C: builds libwingtip_c.a and libwingtip_c.so (release), compiles
# examples/example.c with the system C compiler as strict C99 against the header,
# links it statically and dynamically, and runs both; the example prints
# "N passed, N failed" and exits non-zero when a check fails. Also compiles and runs
# README.md's first program, and, when there is a C++ compiler, compiles the header
# as C++ (its extern "C" guards).
#   bash bindings/c/test.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-target}
[[ $target = /* ]] || target="$root/$target"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release -p wingtip-c

cc -std=c99 -Wall -Wextra -Werror -pedantic -Ibindings/c/include bindings/c/examples/example.c \
  "$target/release/libwingtip_c.a" -lpthread -ldl -lm -o "$work/example-static"
cc -std=c99 -Wall -Wextra -Werror -pedantic -Ibindings/c/include bindings/c/examples/example.c \
  -L"$target/release" -lwingtip_c -o "$work/example-shared"
# The README's first program, so that it cannot drift from the API.
awk '/^## A first program/ { on = 1 } on && /^```c$/ { body = 1; next } body && /^```$/ { exit } body' \
  bindings/c/README.md > "$work/first.c"
cc -std=c99 -Wall -Wextra -Werror -pedantic -Ibindings/c/include "$work/first.c" \
  "$target/release/libwingtip_c.a" -lpthread -ldl -lm -o "$work/first"
if command -v c++ >/dev/null; then
  printf '#include "wingtip.h"\nint main() { return WINGTIP_OK; }\n' \
    | c++ -x c++ -std=c++11 -Wall -Wextra -Werror -Ibindings/c/include -fsyntax-only -
fi

echo "--- README's first program"
first=$("$work/first")
echo "$first"
[ "$first" = "bestmove a1a8 score mate 1 pv a1a8" ] || { echo "README example: unexpected output" >&2; exit 1; }
echo "--- examples/example.c, shared library"
LD_LIBRARY_PATH="$target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/example-shared" | tail -1
# Last, so that the run's closing line is the static example's "N passed, N failed".
echo "--- examples/example.c, static library"
"$work/example-static"
