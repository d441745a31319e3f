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
#                             of make check, so a parser that regresses
#                             fails the tests
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

.PHONY: fuzz fuzz-smoke fuzz-build valgrind

# The simulator's objects, built by this Makefile in build/fuzz with
# clang's coverage instrumentation; then the harnesses, linked with
# libFuzzer's main.  (In the sub-make, B is build/fuzz.)
fuzz-build:
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=$(FUZZ_CC) \
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

# Only the normal `make check` runs the fuzzers (they have sanitizers of
# their own).
ifeq ($(SANITIZE),)
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
