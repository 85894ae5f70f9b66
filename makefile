# OpenBench's build contract: `make EXE=<path>` leaves the engine binary at <path>.
# The whole crate graph is built for the build machine's CPU (so the library picks
# the `pext` slider backend where the CPU has BMI2), in its own target dir.
EXE ?= wingtip
RUSTFLAGS_NATIVE ?= -C target-cpu=native
# Extra cargo features: `tune` lists the search parameters as UCI options (for an
# OpenBench SPSA session, set it here on the tuning branch: FEATURES ?= tune).
FEATURES ?=

.PHONY: all clean
all:
	RUSTFLAGS="$(RUSTFLAGS_NATIVE)" cargo build --release --bin wingtip --target-dir target/openbench --features "$(FEATURES)"
	cp target/openbench/release/wingtip $(EXE)

clean:
	rm -rf target/openbench
