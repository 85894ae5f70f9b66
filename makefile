# OpenBench's build contract: `make -j EXE=<path> [EVALFILE=<network>]` leaves the
# engine binary at <path>, with the network file EVALFILE built in when given (an
# absolute path, as OpenBench passes it; a relative one is taken from this folder).
# A missing or damaged network fails the build with the file and the reason
# (wingtip/build.rs). The whole crate graph is built for the build machine's CPU (so
# the library picks the `pext` slider backend where the CPU has BMI2), in its own
# target dir; `-j` is harmless (cargo schedules its own jobs).
EXE ?= wingtip
EVALFILE ?=
RUSTFLAGS_NATIVE ?= -C target-cpu=native
# Extra cargo features: `tune` lists the search parameters as UCI options (for an
# OpenBench SPSA session, set it here on the tuning branch: FEATURES ?= tune).
FEATURES ?=
# The network for wingtip/build.rs (empty: the shipped src/eval/net.bin).
NET := $(if $(strip $(EVALFILE)),$(abspath $(EVALFILE)))
TARGET_DIR ?= target/openbench

.PHONY: all clean
all:
	WINGTIP_NET="$(NET)" RUSTFLAGS="$(RUSTFLAGS_NATIVE)" cargo build --release --bin wingtip --target-dir $(TARGET_DIR) --features "$(FEATURES)"
	cp $(TARGET_DIR)/release/wingtip $(EXE)

clean:
	rm -rf $(TARGET_DIR)
