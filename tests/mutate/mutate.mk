# SPDX-License-Identifier: GPL-2.0-only
#
# tests/mutate/mutate.mk - make mutate: how many planted bugs the checker
# catches
#
# Included by the top-level Makefile.
#
#   make mutate            every mutant of the model's code (src/mm,
#                          src/kernel, src/fs, src/eras) through `explore
#                          --all`: the kill rate, every survivor, in
#                          $(B)/mutate/report.md (tests/mutate/README.md)
#   make mutate-sample     one mutant per operator, each must be killed and
#                          the tree must pass the same cells: part of
#                          make check (the plain build only)
#
# Knobs: MUTATE_JOBS (mutants at once, default 2), MUTATE_BUDGET (seconds
# of wall time for the mutants, default 1500: above it a random sample
# runs), MUTATE_SEED (the random seed of the sample), MUTATE_ONLY (a pattern: only the
# mutants whose id contains it), MUTATE_IDS (a file: exactly the mutants
# whose ids it lists, one a line).

MUTATE_B := $(B)/mutate
MUTATE_SRCS := $(sort $(wildcard src/mm/*.c src/kernel/*.c \
	src/kernel/time/*.c src/fs/*.c src/fs/proc/*.c) \
	$(shell find src/eras -name '*.c' ! -name era.c))
MUTATE_JOBS ?= 2
MUTATE_BUDGET ?= 1500
MUTATE_SEED ?= 1
MUTATE_ONLY ?=
MUTATE_IDS ?=

.PHONY: mutate mutate-sample FORCE
FORCE:

$(MUTATE_B)/mutate: tests/mutate/mutate.c Makefile
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $<

# What the runner needs to build a mutant as the Makefile builds an era:
# the compiler, the model's flags and the link's (the Makefile's, without
# the data-race oracle's -fsanitize=thread), each era's sources in link order
# (era.c, its overlay and its ancestors', the common tree), and the rest
# of the binary.  One line per setting, tab separated.  Written at every
# make and replaced only when it changed: a source file added to the tree
# changes the link line without changing a Makefile.
$(MUTATE_B)/config.tsv: FORCE Makefile tests/mutate/mutate.mk \
		$(ERAS:%=$(B)/eras/%.o)
	@mkdir -p $(@D)
	@{ printf 'b\t%s\n' '$(B)'; \
	  printf 'cc\t%s\n' '$(CC)'; \
	  printf 'cflags\t%s\n' '$(filter-out -MMD -MP,$(ALL_CFLAGS)) $(MODEL_CFLAGS) $(RACE_CFLAGS)'; \
	  printf 'lflags\t%s\n' '$(filter-out -MMD -MP,$(ALL_CFLAGS))'; \
	  printf 'link\t%s\n' '$(SIM_OBJS) $(B)/obj/gen/sources.o'; \
	  printf 'cli\t%s\n' '$(CLI_OBJS)'; \
	  printf 'ldlibs\t%s\n' '$(LDLIBS)'; \
	  $(foreach e,$(ERAS),printf 'era\t%s\t%s\t%s\n' '$(e)' \
		'$(call era_sym,$(e))' \
		'$(call era_desc_src,$(e)) $(foreach x,$(call era_chain,$(e)),$(call era_files,$(x))) $(COMMON_SRCS)';) \
	} > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

MUTATE_DEPS := $(B)/reaplab $(MUTATE_B)/mutate $(MUTATE_B)/config.tsv

mutate: $(MUTATE_DEPS)
	MUTATE_JOBS=$(MUTATE_JOBS) MUTATE_BUDGET=$(MUTATE_BUDGET) \
	MUTATE_SEED=$(MUTATE_SEED) MUTATE_ONLY='$(MUTATE_ONLY)' \
	MUTATE_IDS='$(MUTATE_IDS)' \
		sh tests/mutate/mutate.sh all $(MUTATE_B) $(MUTATE_SRCS)

mutate-sample: $(MUTATE_DEPS)
	MUTATE_JOBS=$(MUTATE_JOBS) \
		sh tests/mutate/mutate.sh sample $(MUTATE_B) $(MUTATE_SRCS)

# The tool's own tests (tests/check_mutate.c) run the generator.
$(B)/obj/tests/check_mutate.o: private EXTRA = -DMUTATE_TOOL='"$(MUTATE_B)/mutate"'
ifneq ($(SANITIZE),thread)
CHECK_DEPS += $(MUTATE_B)/mutate
endif
ifeq ($(SANITIZE),)
CHECK_STEPS += mutate-sample
endif
