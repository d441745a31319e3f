# SPDX-License-Identifier: GPL-2.0-only
#
# reaplab - a runnable model of Linux mm teardown vs the OOM reaper.
#
#   make            build build/reaplab
#   make deps       install the Debian packages the project needs (as root),
#                   or print the apt-get line that would
#   make check      build and run every test suite
#   make demo       deps, build, the tour of every era, and the book
#   make clean      remove build/
#
#   make SANITIZE=address [check]   the same under ASan + UBSan (leaks too),
#   make SANITIZE=thread [check]    or under TSan, in build/asan or
#                                   build/tsan: never mixed with build/
#
# Knobs: CFLAGS (yours; the flags the code needs are kept apart, in
# REQ_CFLAGS, so `make CFLAGS=-O0` cannot drop them), CC, CK_FORK=no and
# CK_RUN_SUITE=... for the tests (see tests/README.md).

CC ?= gcc
CFLAGS ?= -O2 -g
REQ_CFLAGS := -std=gnu11 -Wall -Wextra -Werror -MMD -MP
# Where the headers are: the model's (src/include) and what it exports to
# the simulator (src/include/uapi).  The simulator's engine, explorer and
# renderers see only the second (DOC: The simulator's layers,
# src/sim/engine/engine.h): a kernel header included there does not build.
INC = -Isrc/include -Isrc/include/uapi
UAPI_INC := -Isrc/include/uapi
ALL_CFLAGS = $(REQ_CFLAGS) $(INC) $(CFLAGS)
# Model code: -fPIC so that no global function is inlined into a caller
# (an era must be able to replace it), and -fsemantic-interposition so
# that CFLAGS cannot take that back: with -fno-semantic-interposition a
# function an era replaces is inlined into its callers in the file it
# replaces, and the era runs the old one (v6.1's proc-reader then reports
# a refault); -finstrument-functions for the call stacks of the trace.
MODEL_CFLAGS := -fPIC -fsemantic-interposition -finstrument-functions \
	-fno-common
# The data-race oracle (DOC: The data-race oracle, src/sim/world/race.c):
# every plain access of model code calls a hook of reaplab's own
# (src/arch/reaplab/kernel/kcsan.c), as the kernel builds KCSAN with GCC.
# Kept apart from MODEL_CFLAGS: the labs' vet compiles a student's file
# without it.  Only in the normal build (the sanitizers' own below).
RACE_CFLAGS := -fsanitize=thread --param=tsan-distinguish-volatile=1 \
	--param=tsan-instrument-func-entry-exit=0 -DREAPLAB_RACE_HOOKS
LDLIBS := -lpthread
B := build

# Sanitizer builds: their own tree, their flags kept with the required ones
# (so `make CFLAGS=-O0 SANITIZE=address` keeps them).  Any report fails:
# UBSan does not recover, and the runtime options below make ASan, LSan
# and TSan exit non-zero on their first report.  ASan's fake stacks
# (detect_stack_use_after_return) stay off: with one per coroutine, made
# anew at every execution, an exploration spends minutes in mmap().
SANITIZE ?=
ifeq ($(SANITIZE),address)
B := build/asan
REQ_CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
# A NULL pointer the model follows is the explorer's verdict (bad-access),
# with its counterexample, not UBSan's abort: the model is built without
# the null check (src/sim/world/ops.c, DOC: A model bug is a verdict).
# So is a pointer read from freed, poisoned memory (0x6b6b...: a planted
# use-after-free, tests/mutants/early-downgrade-v5.15), which UBSan's
# alignment check would abort on first.
MODEL_CFLAGS += -fno-sanitize=null,alignment
export ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1
export CK_TIMEOUT_MULTIPLIER ?= 3
else ifeq ($(SANITIZE),thread)
B := build/tsan
REQ_CFLAGS += -fsanitize=thread -fno-omit-frame-pointer
export TSAN_OPTIONS ?= halt_on_error=1:second_deadlock_stack=1
export CK_TIMEOUT_MULTIPLIER ?= 10
else ifneq ($(SANITIZE),)
$(error SANITIZE must be address or thread, not '$(SANITIZE)')
endif
# (nor when CFLAGS brings a sanitizer of its own: the fuzzers' build)
ifneq ($(SANITIZE)$(filter -fsanitize=%,$(CFLAGS)),)
RACE_CFLAGS :=
endif

# The verdict table `explore --all` computes once per build (see below).
VERDICTS := $(B)/verdicts

# The eras, oldest first: `reaplab list` and the tour follow this order.
ERAS := v4.6 v4.9 2017-uncond 2017-cond v4.14 v5.15 v5.17 v6.1 v6.18

# The common tree: the model of Linux v4.6.
COMMON_SRCS := $(sort $(wildcard src/kernel/*.c src/kernel/time/*.c src/mm/*.c \
	src/lib/*.c src/fs/*.c src/fs/proc/*.c src/init/*.c))
# Simulator-only code: the engines and tools (src/sim), the benchmarks
# (src/bench) and the real-kernel labs (src/labs).
# The simulator's layers (src/sim/*/, DOC: The simulator's layers): the
# three that must not see the kernel's headers, and the world.
SIM_APART := engine explore render
# The model's architecture (src/arch/reaplab/, DOC: The machine under the
# model, src/include/asm/machine.h): model code, but one for every era,
# so built once, beside the simulator, and never instrumented.
ARCH_SRCS := $(sort $(wildcard src/arch/reaplab/*/*.c))
SIM_SRCS := $(sort $(wildcard $(SIM_APART:%=src/sim/%/*.c) \
	src/sim/world/*.c src/bench/*.c src/labs/*.c)) $(ARCH_SRCS)
SIM_ASM := src/sim/engine/switch_x86_64.S src/sim/world/spin_x86_64.S
CLI_SRCS := $(sort $(wildcard src/cli/*.c))

COMMON_OBJS := $(COMMON_SRCS:src/%.c=$(B)/obj/%.o)
SIM_OBJS := $(SIM_SRCS:src/%.c=$(B)/obj/%.o) $(SIM_ASM:src/%.S=$(B)/obj/%.o)
CLI_OBJS := $(CLI_SRCS:src/%.c=$(B)/obj/%.o)

# The explorer's self-test: each mutant is an era with one deliberate bug,
# built like an era but linked into the tests only (tests/mutants/).
MUTANTS := $(patsubst tests/mutants/%/era.c,%,$(wildcard tests/mutants/*/era.c))
# And the programs the tests explore (tests/programs/NAME.c), each built
# as `make program` builds one: an era of its own, era symbol
# era_testprog_NAME, linked into the tests only.
TEST_PROGS := $(patsubst tests/programs/%.c,testprog.%,\
	$(wildcard tests/programs/*.c))
$(foreach p,$(TEST_PROGS),\
	$(eval ERA_DESC_$(p) := tests/programs/$(p:testprog.%=%).c)\
	$(eval ERA_FILES_$(p) := tests/programs/$(p:testprog.%=%).c))

# An era's overlay: its model files (all but era.c), replacing the
# same-named functions of its parent, and so on down to the common tree.
# A fragment may name an era's descriptor and files itself (ERA_DESC_<era>,
# ERA_FILES_<era>): the labs build a student's files as an era that way.
# Both are asked for often (each era's chain): found once, remembered.
# Make reads this Makefile for every `make grade` and every sub-make, so
# the eras' files are found by one find, and the parents of every
# descriptor under src/eras and tests/mutants, and of the labs' and the
# tests' programs (exercises/*/*.c, tests/programs/*.c), by one awk (any
# other descriptor, `make program`'s, by a sed of its own), not a process
# for each era asked about.
era_dir = $(firstword $(wildcard src/eras/$(1)) tests/mutants/$(1))
era_desc_src = $(or $(ERA_DESC_$(1)),$(call era_dir,$(1))/era.c)
ERA_TREE_SRCS := $(filter-out %/era.c,$(shell find src/eras tests/mutants \
	-name '*.c' 2>/dev/null))
era_files = $(if $(ERA_DESC_$(1)),$(ERA_FILES_$(1)),$(if $(filter undefined,\
	$(origin era_files_$(1))),$(eval era_files_$(1) := $(sort $(filter \
	$(call era_dir,$(1))/%,$(ERA_TREE_SRCS)))))$(era_files_$(1)))
ERA_PARENTS := $(shell awk 'FNR == 1 { print FILENAME "=" } \
	/^[[:space:]]*\.parent = ".*",/ { split($$0, q, "\""); \
	print FILENAME "=" q[2] }' $(wildcard src/eras/*/era.c \
	tests/mutants/*/era.c $(filter-out %/grade.c,$(wildcard \
	exercises/[0-9]*/*.c)) tests/programs/*.c))
# $(call memo_words,PREFIX,KEY=WORD...): PREFIX<KEY> := its WORDs, in order
# (the answers of one process for many questions, remembered)
memo_words = $(foreach w,$(2),$(eval $(1)$(firstword $(subst =, ,$(w))) \
	:= $($(1)$(firstword $(subst =, ,$(w)))) $(word 2,$(subst =, ,$(w)))))
$(call memo_words,parent_of_,$(ERA_PARENTS))
parent_of = $(if $(filter undefined,$(origin parent_of_$(1))),$(eval \
	parent_of_$(1) := $(shell sed -n \
	's/^[[:space:]]*\.parent = "\(.*\)",.*/\1/p' $(1))))$(strip \
	$(parent_of_$(1)))
era_parent = $(call parent_of,$(call era_desc_src,$(1)))
era_chain = $(1) $(foreach p,$(call era_parent,$(1)),$(call era_chain,$(p)))
era_sym = era_$(subst .,_,$(subst -,_,$(1)))
obj_of = $(patsubst exercises/%.c,$(B)/obj/exercises/%.o,$(patsubst \
	tests/%.c,$(B)/obj/tests/%.o,$(patsubst src/%.c,$(B)/obj/%.o,$(1))))
era_objs = $(call obj_of,$(foreach e,$(call era_chain,$(1)),\
	$(call era_files,$(e))))
era_desc = $(call obj_of,$(call era_desc_src,$(1)))
# A test program is its own descriptor and its only file: linked once (a
# second copy of its globals is an ODR violation ASan aborts on).
era_objs_once = $(filter-out $(call era_desc,$(1)),$(call era_objs,$(1)))
# A program is also its own descriptor, so an era built over one (a lab's)
# links a second era_descriptor: the first wins (-z muldefs), and ASan,
# which registers both and finds them at one address, aborts on an ODR
# violation.  The parent program is linked as a copy whose descriptor is
# renamed: unused, and made local with the rest.
era_parent_descs = $(foreach e,$(filter-out $(1),$(call era_chain,$(1))),\
	$(if $(ERA_DESC_$(e)),$(call era_desc,$(e))))
era_link_objs = $(foreach o,$(call era_objs_once,$(1)),$(if $(filter $(o),\
	$(call era_parent_descs,$(1))),$(o:.o=.parent.o),$(o)))

ERA_OBJS := $(ERAS:%=$(B)/eras/%.o)
# Every model source, embedded in the binary for `reaplab show` and `diff`.
MODEL_TREE := $(COMMON_SRCS) $(sort $(shell find src/eras -name '*.c'))
ERA_DEFS := -DSIM_ERAS='$(foreach e,$(ERAS),ERA($(call era_sym,$(e))))'

.PHONY: all deps check demo clean
# What the Check suites read (CHECK_DEPS), and the checks make check runs
# beside them (CHECK_STEPS: the book's tests, the fuzzers, a mutation
# sample), each list added to by the fragments.
CHECK_DEPS :=
CHECK_STEPS :=
# The Debian packages `make deps` installs; the fragments add theirs.
DEB_PKGS := gcc make binutils pkg-config check
all: $(B)/reaplab

$(B)/obj/kernel/%.o $(B)/obj/mm/%.o $(B)/obj/lib/%.o $(B)/obj/fs/%.o \
$(B)/obj/init/%.o $(B)/obj/eras/%.o $(B)/obj/tests/mutants/%.o \
$(B)/obj/tests/programs/%.o: \
	private EXTRA = $(MODEL_CFLAGS) $(RACE_CFLAGS)

$(B)/obj/%.o: src/%.c Makefile
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(EXTRA) -c $< -o $@

# A program's object as a parent links it (era_link_objs above).
%.parent.o: %.o
	objcopy --redefine-sym era_descriptor=era_descriptor_of_parent \
		--redefine-sym __odr_asan.era_descriptor=__odr_asan.era_descriptor_of_parent \
		$< $@

# The layers apart (SIM_APART): checked by src/sim/layers.sh, then built
# as everything else is, but with only the model's uapi to include.
define apart_rule
$(B)/obj/sim/$(1)/%.o: src/sim/$(1)/%.c Makefile src/sim/layers.sh
	@mkdir -p $$(@D)
	@sh src/sim/layers.sh $(1) $$< $$(CC) $$(filter-out -MMD -MP,$$(ALL_CFLAGS)) $$(EXTRA)
	$$(CC) $$(ALL_CFLAGS) $$(EXTRA) -c $$< -o $$@
endef
$(foreach l,$(SIM_APART),$(eval $(call apart_rule,$(l))))

$(B)/obj/%.o: src/%.S Makefile
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/obj/sim/engine/eras.o: private EXTRA = $(ERA_DEFS)
$(SIM_APART:%=$(B)/obj/sim/%/%.o): private INC = $(UAPI_INC)

# One relocatable object per era: its era.c, its overlay and its
# ancestors' (first definition wins: -z muldefs), the common tree; then
# every symbol but the era's descriptor is made local, so nine exit_mmap()
# coexist in one binary under their kernel name.
define era_rule
$(B)/eras/$(1).o: $(call era_desc,$(1)) $(call era_link_objs,$(1)) \
		$(COMMON_OBJS) src/sim/world/model.lds
	@mkdir -p $$(@D)
	ld -r -z muldefs -T src/sim/world/model.lds -o $$@.tmp \
		$(call era_desc,$(1)) $(call era_link_objs,$(1)) $(COMMON_OBJS)
	objcopy --redefine-sym era_descriptor=$(call era_sym,$(1)) \
		--redefine-sym __era_data_begin=$(call era_sym,$(1))_data_begin \
		--redefine-sym __era_data_end=$(call era_sym,$(1))_data_end \
		-G $(call era_sym,$(1)) -G $(call era_sym,$(1))_data_begin \
		-G $(call era_sym,$(1))_data_end $$@.tmp $$@
	@rm -f $$@.tmp
endef
$(foreach e,$(ERAS) $(MUTANTS) $(TEST_PROGS),$(eval $(call era_rule,$(e))))

$(B)/gen/sources.c: src/sim/render/gen_sources.sh $(MODEL_TREE) Makefile
	@mkdir -p $(@D)
	sh src/sim/render/gen_sources.sh $(MODEL_TREE) > $@

$(B)/obj/gen/sources.o: $(B)/gen/sources.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

SIM_ALL := $(SIM_OBJS) $(B)/obj/gen/sources.o $(ERA_OBJS)

$(B)/reaplab: $(SIM_ALL) $(CLI_OBJS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

# Parts of the build owned by their folders: the figures (make figures),
# the benchmarks (make bench), the book (make book), the labs (make grade)
# and the fuzzers (make fuzz) add their targets, their test
# prerequisites (CHECK_DEPS += ...) and Debian packages (DEB_PKGS += ...).
-include figures/figures.mk
-include src/bench/bench.mk
-include book/book.mk
-include exercises/exercises.mk
-include tests/fuzz/fuzz.mk
-include tests/mutate/mutate.mk

# --- tests ------------------------------------------------------------------

TEST_SRCS := $(sort $(wildcard tests/*.c))
TEST_OBJS := $(TEST_SRCS:tests/%.c=$(B)/obj/tests/%.o)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

MUTANT_OBJS := $(MUTANTS:%=$(B)/eras/%.o)
MUTANT_DEFS := -DTEST_MUTANTS='$(foreach e,$(MUTANTS),ERA($(call era_sym,$(e))))'
TEST_PROG_OBJS := $(TEST_PROGS:%=$(B)/eras/%.o)
TEST_PROG_DEFS := -DTEST_PROGRAMS='$(foreach e,$(TEST_PROGS),ERA($(call era_sym,$(e))))'

# The tests run the binaries of their own build mode, and only those:
# BIN is its reaplab, BUILD_DIR its folder (the labs' binaries), and
# SANITIZE_MODE what a make they run is told.
TEST_DEFS := -DBIN='"$(B)/reaplab"' -DBUILD_DIR='"$(B)"' \
	-DSANITIZE_MODE='"$(SANITIZE)"'

$(B)/obj/tests/%.o: tests/%.c Makefile
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(TEST_DEFS) $(EXTRA) -c $< -o $@

$(B)/obj/tests/check_mutants.o: private EXTRA = $(MUTANT_DEFS)
$(B)/obj/tests/testlib.o: private EXTRA += $(TEST_PROG_DEFS)
# (the folder's time changes when a program comes or goes)
$(B)/obj/tests/testlib.o: $(wildcard tests/programs)

$(B)/check_reaplab: $(TEST_OBJS) $(SIM_ALL) $(MUTANT_OBJS) $(TEST_PROG_OBJS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

# made-once OUT,COMMAND: a recipe's line that runs COMMAND once per build
# for the tests and the book: its output into OUT, its standard error into
# OUT's .log and its exit status into OUT's .rc (t_made(),
# tests/testlib.c, reads both); OUT appears only once COMMAND has ended.
define made-once
@rc=0; $(2) > $(1).tmp 2> $(basename $(1)).log || rc=$$?; \
	echo $$rc > $(basename $(1)).rc; mv $(1).tmp $(1)
endef

# The verdict table, computed once per build: the explore suite reads it
# (tests/check_explore.c) and the book shows it (book/fragments), so that
# make check searches every cell once.  Its exit status beside it.  (Not
# under TSan, whose suites leave the explorer out: tests/check_main.c.)
$(VERDICTS)/all.txt: $(B)/reaplab
	@mkdir -p $(@D)
	@echo "  EXPLORE --all > $@"
	$(call made-once,$@,$(B)/reaplab explore --all \
		--md-out $(VERDICTS)/all.md)
ifneq ($(SANITIZE),thread)
CHECK_DEPS += $(VERDICTS)/all.txt
endif

# make check: everything the tests need built (CHECK_DEPS), then the Check
# suites, each in a process of its own, beside the other checks
# (CHECK_STEPS)
# (CK_RUN_SUITE), all of it CHECK_JOBS at a time (default: one per CPU)
# whether or not make was given -j.  Each suite's output goes to
# $(B)/check/SUITE.log; tests/summary.sh prints a line per suite as the
# runner does, every failing suite's log whole, and the totals, and fails
# if a suite failed or one of the runner's suites is not listed here.
# The longest suites run in two shares (SUITE.0 and SUITE.1: CK_SHARE,
# tests/testlib.h), the rest whole, the longest first.
# `make check-serial` is the old way: one runner, every suite in turn.
CHECK_SUITES := labs.1 labs.0 explore mutants.1 mutants.0 book render \
	bench signals threads mutate eras cli layers determinism maple_tree \
	primitives
# Under TSan, only the suites that run threads (tests/check_main.c).
ifeq ($(SANITIZE),thread)
CHECK_SUITES := bench signals threads
endif
CHECK_JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
.PHONY: check-run check-serial $(CHECK_SUITES:%=check-suite-%)

check: $(B)/reaplab
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-run

# The steps come after the four longest suites and before the rest (make
# -j starts what is ready in this order): book/test.sh takes about 20 s,
# and last of all it ran alone on one core while the other had nothing
# left to do; the short suites fill the end instead.
CHECK_FIRST := $(wordlist 1,4,$(CHECK_SUITES))
CHECK_REST := $(filter-out $(CHECK_FIRST),$(CHECK_SUITES))
check-run: $(CHECK_FIRST:%=check-suite-%) $(CHECK_STEPS) \
		$(CHECK_REST:%=check-suite-%)
	@sh tests/summary.sh $(B)/check_reaplab $(B)/check $(CHECK_SUITES)

$(CHECK_SUITES:%=check-suite-%): check-suite-%: $(B)/reaplab \
		$(B)/check_reaplab $(CHECK_DEPS)
	@mkdir -p $(B)/check
	@rc=0; start=$$(date +%s); suite=$*; \
	case $$suite in *.*) share="$${suite#*.}/2";; *) share=0/1;; esac; \
	CK_RUN_SUITE=$${suite%.*} CK_SHARE=$$share $(B)/check_reaplab \
		> $(B)/check/$*.log 2>&1 || rc=$$?; \
	echo "$$rc $$(( $$(date +%s) - start ))" > $(B)/check/$*.rc; \
	sh tests/summary.sh --one $(B)/check $*

check-serial: $(B)/reaplab $(B)/check_reaplab $(CHECK_DEPS) $(CHECK_STEPS)
	$(B)/check_reaplab

# --- dependencies -------------------------------------------------------


deps:
	@missing=$$(for p in $(DEB_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q 'ok installed' || echo $$p; done | tr '\n' ' '); \
	if [ -z "$$missing" ]; then \
		echo "deps: all present ($(DEB_PKGS))"; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "deps: installing $$missing"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			$$missing || { apt-get update -q && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			$$missing; }; \
	else \
		echo "deps: missing packages; run:"; \
		echo "  sudo apt-get install -y $$missing"; \
		exit 1; \
	fi

demo: deps all
	$(B)/reaplab tour
	@$(MAKE) --no-print-directory book


clean:
	rm -rf $(B)

-include $(shell find $(B)/obj $(B)/labs -name '*.d' 2>/dev/null)
