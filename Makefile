# Thin wrapper so the usual verbs work at the root; the real build is CMake.
BUILD ?= build
JOBS  ?= $(shell nproc)

.PHONY: all configure emulator firmware test clean
all: emulator firmware

configure:
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD)

emulator: configure
	cmake --build $(BUILD) -j $(JOBS) --target pimnic

firmware: configure
	cmake --build $(BUILD) -j $(JOBS) --target firmware

test: configure
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
