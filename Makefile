# Thin wrapper so the usual verbs work at the root; the real build is CMake.
#   make run       set up (if needed), build everything, run the headline experiment (quick variant)
#   make test      set up (if needed), build everything, run every test
#   make firmware  build the firmware images into build/firmware/
BUILD ?= build
JOBS  ?= $(shell nproc)
# The headline seed figure of `make run` (docs/experiments.md, docs/pim-nic-experiments.md).
HEADLINE ?= mpi-preposted
export BUILD

.PHONY: all setup configure emulator firmware run test clean
all: emulator firmware

setup:
	@scripts/setup.sh

configure:
	@test -f $(BUILD)/CMakeCache.txt || scripts/setup.sh

emulator: configure
	cmake --build $(BUILD) -j $(JOBS) --target pimnic

firmware: configure
	cmake --build $(BUILD) -j $(JOBS) --target firmware

run: setup
	cmake --build $(BUILD) -j $(JOBS)
	cmake --build $(BUILD) -j $(JOBS) --target firmware
	$(BUILD)/bin/pimnic experiment run $(HEADLINE) --quick --out results/$(HEADLINE)

test: setup
	cmake --build $(BUILD) -j $(JOBS)
	cmake --build $(BUILD) -j $(JOBS) --target firmware
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
