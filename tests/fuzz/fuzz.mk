# SPDX-License-Identifier: GPL-2.0-only
#
# tests/fuzz/fuzz.mk - make fuzz: coverage-guided fuzzing of the inputs
#
# Included by the top-level Makefile.  Three libFuzzer targets (clang),
# each built with ASan and UBSan over the whole simulator in build/fuzz/:
#
#   fuzz_schedule   schedule strings, names and ERA:NAME, then replayed
#   fuzz_params     the -o KEY=VALUE[,...] parser
#   fuzz_cli        every subcommand's arguments, through cli_main()
#
#   make fuzz                 each for FUZZ_TIME seconds (default 60) from
#                             its corpus, tests/fuzz/corpus/NAME/ (new
#                             inputs go to build/fuzz/corpus/NAME/)
#   make fuzz-smoke           each for FUZZ_SMOKE seconds (default 5): part
#                             of make check SANITIZE=address (CI's
#                             sanitizer stage), so a parser that regresses
#                             fails the tests
#   make fuzz-replay          each harness without libFuzzer, linked with
#                             this build's own objects (tests/fuzz/replay.c):
#                             its corpus and FUZZ_MUTATIONS (default 100000)
#                             deterministic mutations of it; part of every
#                             make check but TSan's
#   make valgrind             a replay, a bounded and a whole explore under
#                             valgrind (memcheck errors exit 99)
#
# A crash or a breach of the command line's promises (fuzz.h) stops the
# fuzzer with the input saved as build/fuzz/crash-*; each one found so far
# is a unit test in tests/check_cli.c.

DEB_PKGS += clang libclang-rt-14-dev valgrind

FUZZ_CC := $(firstword $(shell command -v clang-14 clang 2>/dev/null) clang)
FUZZ_B := build/fuzz
FUZZ_TIME ?= 60
FUZZ_SMOKE ?= 5
FUZZERS := fuzz_schedule fuzz_params fuzz_cli
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OPTS := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The fuzzers' own dictionary: the words the parsers look for.
FUZZ_DICT := tests/fuzz/reaplab.dict

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-replay valgrind

# The simulator's objects, built by this Makefile in build/fuzz with
# clang's coverage instrumentation; then the harnesses, linked with
# libFuzzer's main.  (In the sub-make, B is build/fuzz.)
fuzz-build:
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=$(FUZZ_CC) SANITIZE= \
		CFLAGS='-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)' \
		$(FUZZERS:%=$(FUZZ_B)/%)

ifeq ($(B),$(FUZZ_B))
FUZZ_LINK := $(SIM_ALL) $(filter-out %/cli/reaplab.o,$(CLI_OBJS))
$(B)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LINK)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LINK) $(LDLIBS)
endif

# libFuzzer options: a hang is an input that runs 10 s; inputs up to 1 MiB
# (the absurd sizes are part of the question); no leak is tolerated.
FUZZ_ARGS = -timeout=10 -max_len=1048576 -detect_leaks=1 \
	-dict=$(FUZZ_DICT) -print_final_stats=1

fuzz: fuzz-build
	@set -e; for f in $(FUZZERS); do \
		mkdir -p $(FUZZ_B)/corpus/$$f; \
		echo "fuzz: $$f for $(FUZZ_TIME) s"; \
		$(FUZZ_OPTS) $(FUZZ_B)/$$f $(FUZZ_ARGS) \
			-max_total_time=$(FUZZ_TIME) \
			-artifact_prefix=$(FUZZ_B)/ \
			$(FUZZ_B)/corpus/$$f tests/fuzz/corpus/$$f \
			2>&1 | tee $(FUZZ_B)/$$f.log | \
			grep -E '^#[0-9]+[[:space:]]+(DONE|INITED)|^stat::number|ERROR|==[0-9]+==|fuzz:'; \
	done

fuzz-smoke: fuzz-build
	@set -e; for f in $(FUZZERS); do \
		mkdir -p $(FUZZ_B)/smoke/$$f; \
		if ! $(FUZZ_OPTS) $(FUZZ_B)/$$f $(FUZZ_ARGS) \
			-max_total_time=$(FUZZ_SMOKE) \
			-artifact_prefix=$(FUZZ_B)/ \
			$(FUZZ_B)/smoke/$$f tests/fuzz/corpus/$$f \
			> $(FUZZ_B)/$$f-smoke.log 2>&1; then \
			tail -40 $(FUZZ_B)/$$f-smoke.log; \
			echo "fuzz-smoke: $$f failed (log: $(FUZZ_B)/$$f-smoke.log)"; \
			exit 1; \
		fi; \
		echo "fuzz-smoke: $$f: $$(grep -E '^stat::number_of_executed_units' \
			$(FUZZ_B)/$$f-smoke.log | sed 's/.*: *//') inputs in $(FUZZ_SMOKE) s, no crash"; \
	done

# DOC: What make check fuzzes
#
# libFuzzer needs clang and a build of the whole simulator of its own
# (build/fuzz, with coverage and ASan): about 95 CPU-seconds, for 15 s of
# fuzzing, an eighth of what a fresh make check cost in all.  So the
# plain make check builds no fuzzer: it runs each harness, linked with
# its own objects by tests/fuzz/replay.c, on the corpus (every input a
# fuzzer found mishandled is in it) and on FUZZ_MUTATIONS mutations of it
# drawn from a fixed random seed, a few seconds that fail the tests as
# the fuzzers would, on every run alike.  make check SANITIZE=address,
# CI's sanitizer stage, runs the same replay under ASan and UBSan, and
# the coverage-guided fuzzers too (fuzz-smoke), as the plain make check
# did.
FUZZ_MUTATIONS ?= 100000
ifneq ($(B),$(FUZZ_B))
FUZZ_REPLAY_LINK := $(SIM_ALL) $(filter-out %/cli/reaplab.o,$(CLI_OBJS))
$(B)/fuzz-replay/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c \
		tests/fuzz/fuzz.h $(FUZZ_REPLAY_LINK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ tests/fuzz/replay.c $< \
		$(FUZZ_REPLAY_LINK) $(LDLIBS)
endif

$(B)/fuzz-replay/planted: tests/fuzz/replay.c tests/fuzz/planted.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $^

# The replay first finds the failure planted in tests/fuzz/planted.c (and
# keeps the input), so that a replay that finds nothing is not taken for
# a harness that keeps its promises.
fuzz-replay: $(FUZZERS:%=$(B)/fuzz-replay/%) $(B)/fuzz-replay/planted
	@rm -f $(B)/fuzz-replay/planted-crash; \
	if $(B)/fuzz-replay/planted -dict=$(FUZZ_DICT) -mutations=100000 \
		-artifact=$(B)/fuzz-replay/planted-crash \
		tests/fuzz/corpus/fuzz_params > $(B)/fuzz-replay/planted.log 2>&1 || \
		! grep -q oom $(B)/fuzz-replay/planted-crash; then \
		cat $(B)/fuzz-replay/planted.log; \
		echo "fuzz-replay: the planted failure was not found"; \
		exit 1; \
	fi
	@set -e; for f in $(FUZZERS); do \
		if ! $(FUZZ_OPTS) $(B)/fuzz-replay/$$f -dict=$(FUZZ_DICT) \
			-mutations=$(FUZZ_MUTATIONS) \
			-artifact=$(B)/fuzz-replay/$$f-crash \
			tests/fuzz/corpus/$$f > $(B)/fuzz-replay/$$f.log 2>&1; \
		then \
			tail -40 $(B)/fuzz-replay/$$f.log; \
			echo "fuzz-replay: $$f failed (log: $(B)/fuzz-replay/$$f.log)"; \
			exit 1; \
		fi; \
		echo "fuzz-replay: $$f: $$(tail -1 $(B)/fuzz-replay/$$f.log)"; \
	done

ifneq ($(SANITIZE),thread)
CHECK_STEPS += fuzz-replay
endif
ifeq ($(SANITIZE),address)
CHECK_STEPS += fuzz-smoke
endif

# Valgrind on the normal build: memcheck knows the coroutine stacks
# (src/sim/engine/sanitizer.h) and the frames a checkpoint puts back
# (ckpt.c); a replay, and a bounded exploration.  Both find their bug and
# exit 1, so memcheck's own errors exit 99: with its code 1 too, as it
# was, the stage passed over 931 errors of the checkpoints.
VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite
valgrind: $(B)/reaplab
	$(VALGRIND) $(B)/reaplab replay v4.9 oom changelog > /dev/null; \
		test $$? = 1
	$(VALGRIND) $(B)/reaplab explore v4.14 proc-reader --mode dpor \
		--budget 3000 > /dev/null; test $$? = 1
	@# a whole search, clean, whose data-race oracle keeps accesses in
	@# its spill table (bench explorer counts them for this cell)
	$(VALGRIND) $(B)/reaplab explore v5.17 oom --mode dpor > /dev/null \
		2>&1
	@echo "valgrind: clean"
