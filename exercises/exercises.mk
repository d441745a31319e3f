# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/exercises.mk - the graded labs
#
#   make grade                    grade every lab: your files in exercises/
#   make grade LAB=08-fix-v4.14   one lab
#   make grade SOLUTIONS=1        the reference solutions (exercises/solutions/)
#   make grade FORMAT=gradescope  also Gradescope's results.json (FORMAT=tap:
#                                 TAP, build/grade.tap)
#   make regrade SUBMISSION=DIR   a course's grading: only the lab's files
#                                 of DIR, in a fresh tree from the handout
#   make lab LAB=08-fix-v4.14     build the lab's own reaplab, with your code
#                                 in it: build/labs/08-fix-v4.14/reaplab
#   make handout                  the student tree without the solutions,
#                                 build/reaplab-handout.tar.gz
#
# Included by the top-level Makefile.  See exercises/README.md.
#
# Each lab is a folder exercises/NN-slug/ with a lab.conf (what the grader,
# the handout and the book know of it), a README.md, the files the student
# edits, and grade.c (its tests).  A lab may give programs (NAME.c, listed
# in lab.conf as `programs:`), each built as an era of its own; and a lab
# whose student writes C has an era.c: the student's .c files are then
# built as that era, called `lab`, with the machinery of src/eras/ (the
# top Makefile's era_rule: ld -r -z muldefs, the overlay first).
#
# A lab's binary, build/labs/LAB/reaplab, is reaplab plus the lab's eras
# and programs plus its grader: every command works on the student's code,
# and `grade` grades it.  Each submission (yours, the solution, the tests'
# variants) that holds C is its own era and binary; a student's compile
# error breaks only that binary, never build/reaplab.

# binutils: vet.sh reads objects (readelf, objdump, nm) and the grader
# names a crash's line (addr2line); clang and python3: vet.sh checks a
# student's C on clang's AST (astcheck.py); perl: prove reads `make grade
# FORMAT=tap` in make check.
DEB_PKGS += $(filter-out $(DEB_PKGS),binutils clang python3 perl)

LABS := $(patsubst exercises/%/lab.conf,%,$(sort $(wildcard \
	exercises/[0-9][0-9]-*/lab.conf)))
# What lab.conf says the build needs (files:, programs:), for every lab,
# read by one awk: make reads this file for every `make grade` and every
# sub-make, and a sed for each lab and key cost it 38 processes.  The
# words of each key's lines, in order, as `sed -n 's/^KEY:[ ]*//p'` reads
# them (LAB.KEY=WORD, remembered as lab_conf_LAB.KEY by memo_words).
LAB_CONF_WORDS := $(if $(LABS),$(shell awk '{ k = $$0; sub(/:.*/, "", k) } \
	(k == "files" || k == "programs") && index($$0, k ":") == 1 { \
	v = substr($$0, length(k) + 2); n = split(FILENAME, p, "/"); \
	m = split(v, w, /[[:space:]]+/); for (i = 1; i <= m; i++) \
	if (w[i] != "") print p[n - 1] "." k "=" w[i] }' \
	$(LABS:%=exercises/%/lab.conf)))
$(call memo_words,lab_conf_,$(LAB_CONF_WORDS))
lab_conf = $(strip $(lab_conf_$(1).$(2)))

LAB_GRADER_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(sort $(wildcard \
	exercises/grader/*.c)))
# Everything of reaplab but its main() and its list of eras.
LAB_BASE_OBJS := $(filter-out $(B)/obj/sim/engine/eras.o,$(SIM_OBJS)) \
	$(filter-out $(B)/obj/cli/reaplab.o,$(CLI_OBJS)) $(ERA_OBJS) \
	$(LAB_GRADER_OBJS)

# The labs' model code (eras, programs, the tests' variants) is built as
# the model is, every local variable a student declares starting at zero
# (what an uninitialized pointer held before, another function's data,
# is never the student's to follow); the graders as the simulator.
LAB_CFLAGS := $(MODEL_CFLAGS) $(shell $(CC) -ftrivial-auto-var-init=zero \
	-E -x c /dev/null > /dev/null 2>&1 && echo -ftrivial-auto-var-init=zero)
$(B)/obj/exercises/%.o: exercises/%.c Makefile exercises/exercises.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(EXTRA) -c $< -o $@
$(B)/obj/exercises/%.o: private EXTRA = $(LAB_CFLAGS) $(RACE_CFLAGS) -iquote src
# The grader's own submissions may include files of the whole tree (a
# historical era handed in as a fix: "eras/v4.14/mm/mmap.c", a skeleton:
# "exercises/08-fix-v4.14/mm/oom_kill.c").
$(B)/obj/tests/labs/%.o: private EXTRA = $(LAB_CFLAGS) $(RACE_CFLAGS) -iquote src -iquote .
$(B)/obj/exercises/grader/%.o: private EXTRA =

# --- one lab -------------------------------------------------------------

# $(call lab_vars,LAB): what lab.conf says the build needs, and its
# programs, each an era of its own named after its file.
define lab_vars
LAB_FILES_$(1) := $$(call lab_conf,$(1),files)
LAB_PROGS_$(1) := $$(call lab_conf,$(1),programs)
LAB_ERA_$(1) := $$(wildcard exercises/$(1)/era.c)
$(B)/obj/exercises/$(1)/grade.o: private EXTRA = -DGRADE_LAB_ID='"$(1)"'
$$(foreach p,$$(LAB_PROGS_$(1)),$$(eval ERA_DESC_$$(p) := exercises/$(1)/$$(p).c)\
	$$(eval ERA_FILES_$$(p) := exercises/$(1)/$$(p).c)\
	$$(eval $$(call era_rule,$$(p))))
endef
$(foreach l,$(LABS),$(eval $(call lab_vars,$(l))))

lab_prog_syms = $(foreach p,$(LAB_PROGS_$(1)),ERA($(call era_sym,$(p))))
lab_prog_objs = $(foreach p,$(LAB_PROGS_$(1)),$(B)/eras/$(p).o)
lab_prog_srcs = $(foreach p,$(LAB_PROGS_$(1)),\
	exercises/$(1)/$(p).c=src/eras/$(p)/$(p).c)

# $(call lab_binary,LAB,OUT,ERA,SOURCES): OUT/reaplab, with ERA (a make
# name, or nothing) among its eras and SOURCES (FILE=PATH: where `reaplab
# show` and `diff` say the file is) among its embedded sources.
define lab_binary
$(2)/eras.o: src/sim/engine/eras.c Makefile exercises/exercises.mk
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $$(ERA_DEFS) \
		-DSIM_LAB_ERAS='$(if $(3),ERA($(call era_sym,$(3))))$(call lab_prog_syms,$(1))' \
		-c $$< -o $$@

$(2)/sources.c: src/sim/render/gen_sources.sh $$(MODEL_TREE) $(foreach s,$(4),\
		$(firstword $(subst =, ,$(s)))) Makefile exercises/exercises.mk
	@mkdir -p $$(@D)
	sh src/sim/render/gen_sources.sh $$(MODEL_TREE) $(4) > $$@

$(2)/sources.o: $(2)/sources.c
	$$(CC) $$(ALL_CFLAGS) -iquote $(B)/gen -c $$< -o $$@

$(2)/reaplab: $$(LAB_BASE_OBJS) $(2)/eras.o $(2)/sources.o \
		$(if $(3),$(B)/eras/$(3).o) $(call lab_prog_objs,$(1)) \
		$(B)/obj/exercises/$(1)/grade.o
	$$(CC) $$(ALL_CFLAGS) -o $$@ $$^ $$(LDLIBS)
endef

# --- the student's C, checked before it is linked ---------------------------

# The era a lab's C overlays (`.parent` in its era.c), and the model's
# kernel API that overlay may use, derived from that era's own objects
# (exercises/grader/vet.sh, DOC: What a lab's code may be).
# (the Makefile's parent_of: read with every other descriptor's)
lab_parent = $(call parent_of,exercises/$(1)/era.c)
define api_rule
$(B)/labs/api/$(1).txt: $(B)/eras/$(1).o $(call era_desc,$(1)) \
		$(call era_objs,$(1)) $(COMMON_OBJS) exercises/grader/vet.sh
	@mkdir -p $$(@D)
	sh exercises/grader/vet.sh --api $$@ $(B)/eras/$(1).o \
		$(call era_desc,$(1)) $(call era_objs,$(1)) $(COMMON_OBJS)
endef
$(foreach p,$(sort $(foreach l,$(LABS),$(if $(LAB_ERA_$(l)),\
	$(call lab_parent,$(l))))),$(eval $(call api_rule,$(p))))

# The vet compiles the student's files once more, as the model is built
# but with no sanitizer (what it checks is the file's, not the
# instrumentation's), and the era object waits for its verdict.
VET_CFLAGS = $(filter-out -fsanitize=% -fno-sanitize-recover=%,$(ALL_CFLAGS)) \
	$(LAB_CFLAGS) -iquote src
# What clang is asked for the AST: the model's include path, the dialect,
# no warning (those are gcc's to give, with -Werror, when it compiles).
VET_CLANG = clang -std=gnu11 -Isrc/include -iquote src -w
# The AST check's python: Debian's, which make deps installs (it needs
# nothing else), not a version manager's shim found first on PATH (a
# pyenv shim cost 0.25 s a call, against 0.03 s, and a make check makes
# hundreds of calls).
export VET_PYTHON := $(firstword $(wildcard /usr/bin/python3) python3)

# $(call lab_vet,LAB,TAG,SUBDIR,OUT[,noast]): OUT/vetted once SUBDIR's C
# files keep to the rules; else OUT/rejected says which rule one broke.
# Their text and their AST are checked before anything compiles them
# (OUT/source-ok); with noast, the AST is not (the grader's own tests of
# the checks behind it).
define lab_vet
LAB_VET_OBJS_$(2) := $(patsubst %.c,$(4)/vet/%.o,$(filter %.c,$(LAB_FILES_$(1))))
$(4)/source-ok: $(addprefix $(3)/,$(filter %.c,$(LAB_FILES_$(1)))) \
		exercises/grader/vet.sh exercises/grader/astcheck.py \
		exercises/$(1)/lab.conf exercises/$(1)/allow.conf
	@mkdir -p $$(@D)
	VET_CPP='$$(CC) $$(filter-out -MMD -MP,$$(VET_CFLAGS))$(if $(filter tests/%,$(3)), -iquote .)' \
	VET_CLANG='$(if $(5),,$$(VET_CLANG)$(if $(filter tests/%,$(3)), -iquote .))' \
	VET_AST_CACHE=$(B)/labs/astcache \
	sh exercises/grader/vet.sh --lab $(1) --out $(4)/rejected --source \
		$(addprefix $(3)/,$(filter %.c,$(LAB_FILES_$(1))))
	@touch $$@
$(call obj_of,$(addprefix $(3)/,$(filter %.c,$(LAB_FILES_$(1))))): \
	$(4)/source-ok
$$(LAB_VET_OBJS_$(2)): $(4)/vet/%.o: $(3)/%.c $(4)/source-ok Makefile \
		exercises/exercises.mk
	@mkdir -p $$(@D)
	$$(CC) $$(VET_CFLAGS) $(if $(filter tests/%,$(3)),-iquote .) -c $$< -o $$@
$(4)/vetted: $$(LAB_VET_OBJS_$(2)) $(B)/labs/api/$(call lab_parent,$(1)).txt \
		exercises/grader/vet.sh exercises/$(1)/lab.conf
	sh exercises/grader/vet.sh --lab $(1) \
		--api $(B)/labs/api/$(call lab_parent,$(1)).txt \
		--out $(4)/rejected $(foreach f,$(filter %.c,$(LAB_FILES_$(1))),\
		$(3)/$(f)=$(4)/vet/$(f:.c=.o))
	@touch $$@
$(B)/eras/$(2).o: $(4)/vetted
endef

# $(call lab_submission,LAB,TAG,SUBDIR,OUT[,novet[,noast]]): the files of
# SUBDIR built as the lab's era (make name TAG, era id `lab`), into
# OUT/reaplab, once vet.sh has passed them (unless novet: the grader's own
# tests of what stops code that got past it; noast: past the AST check
# only); and OUT/broken/reaplab without them, for when they do not compile
# or break a rule.  That one holds nothing of the submission's, so it is
# linked once, for the student's folder (B/labs/LAB), and every other
# submission's is a hard link to it (its own path, for the tests that
# look for processes still running it).
define lab_submission
ERA_DESC_$(2) := exercises/$(1)/era.c
ERA_FILES_$(2) := $(addprefix $(3)/,$(filter %.c,$(LAB_FILES_$(1))))
$$(eval $$(call era_rule,$(2)))
$(if $(5),,$$(eval $$(call lab_vet,$(1),$(2),$(3),$(4),$(6))))
$$(eval $$(call lab_binary,$(1),$(4),$(2),exercises/$(1)/era.c=src/eras/lab/era.c \
	$(foreach f,$(filter %.c,$(LAB_FILES_$(1))),$(3)/$(f)=src/eras/lab/$(f)) \
	$(call lab_prog_srcs,$(1))))
ifeq ($(4),$(B)/labs/$(1))
$$(eval $$(call lab_binary,$(1),$(4)/broken,,$(call lab_prog_srcs,$(1))))
else
$(4)/broken/reaplab: $(B)/labs/$(1)/broken/reaplab
	@mkdir -p $$(@D)
	ln -f $$< $$@
endif
endef

LAB_VARIANTS := $(patsubst tests/labs/%/expect,%,$(sort $(wildcard \
	tests/labs/*/*/expect)))
# Variants that must not compile, or that vet.sh must reject: only their
# broken binary can be built.
LAB_NOCOMPILE := $(patsubst tests/labs/%/expect,%,$(if $(LAB_VARIANTS),\
	$(shell grep -l -E '^build: (fails|rejected)' \
	$(LAB_VARIANTS:%=tests/labs/%/expect))))
# Of those, the ones a rule of vet.sh must reject (`build: rejected`).
# The first of each lab is graded as `make grade` grades it, through
# grade.sh's own build (tests/check_labs.c); the rest are vetted here,
# all in one make (LAB_REJECTED_LOG), not a make, and a reading of this
# Makefile, each.
LAB_REJECTED := $(patsubst tests/labs/%/expect,%,$(if $(LAB_VARIANTS),\
	$(shell grep -l '^build: rejected' \
	$(LAB_VARIANTS:%=tests/labs/%/expect))))
LAB_REJECTED_BUILT := $(filter-out $(foreach l,$(LABS),$(firstword \
	$(filter $(l)/%,$(LAB_REJECTED)))),$(LAB_REJECTED))
# Variants graded as if vet.sh had let them through (`vet: off`): what
# stops their libc calls is the test process's sandbox and limits.
LAB_UNVETTED := $(patsubst tests/labs/%/expect,%,$(if $(LAB_VARIANTS),\
	$(shell grep -l '^vet: off' $(LAB_VARIANTS:%=tests/labs/%/expect))))
# Variants vetted without the AST check (`ast: off`): the checks of the
# text and of the object behind it, which must still refuse them; what
# the AST check says of the same files is their `ast-rejected:`, kept in
# B/labs/variants/V/source-verdict by the whole source step.
LAB_NOAST := $(patsubst tests/labs/%/expect,%,$(if $(LAB_VARIANTS),\
	$(shell grep -l '^ast: off' $(LAB_VARIANTS:%=tests/labs/%/expect))))
LAB_ASTSAYS := $(patsubst tests/labs/%/expect,%,$(if $(LAB_VARIANTS),\
	$(shell grep -l '^ast-rejected:' $(LAB_VARIANTS:%=tests/labs/%/expect))))
lab_of = $(firstword $(subst /, ,$(1)))
var_tag = var.$(subst /,.,$(1))

LAB_BINS :=
define lab_all
ifneq ($(LAB_ERA_$(1)),)
$$(eval $$(call lab_submission,$(1),lab.$(1),exercises/$(1),$(B)/labs/$(1)))
LAB_BINS += $(B)/labs/$(1)/reaplab
ifneq ($(wildcard exercises/solutions/$(1)),)
$$(eval $$(call lab_submission,$(1),sol.$(1),exercises/solutions/$(1),$(B)/labs/solutions/$(1)))
LAB_BINS += $(B)/labs/solutions/$(1)/reaplab
endif
else
$$(eval $$(call lab_binary,$(1),$(B)/labs/$(1),,$(call lab_prog_srcs,$(1))))
LAB_BINS += $(B)/labs/$(1)/reaplab
endif
endef
$(foreach l,$(LABS),$(eval $(call lab_all,$(l))))

define lab_variant
ifneq ($(LAB_ERA_$(call lab_of,$(1))),)
$$(eval $$(call lab_submission,$(call lab_of,$(1)),$(call var_tag,$(1)),tests/labs/$(1),$(B)/labs/variants/$(1),$(filter $(1),$(LAB_UNVETTED)),$(filter $(1),$(LAB_NOAST))))
LAB_BINS += $(B)/labs/variants/$(1)/$(if $(filter $(1),$(LAB_NOCOMPILE)),broken/)reaplab
endif
endef
$(foreach v,$(LAB_VARIANTS),$(eval $(call lab_variant,$(v))))

# What the whole source step (text, includes, AST) says of a variant
# vetted without its AST check: its expect file's `ast-rejected:`.
define lab_source_verdict
$(B)/labs/variants/$(1)/source-verdict: $(addprefix tests/labs/$(1)/,\
		$(filter %.c,$(LAB_FILES_$(call lab_of,$(1))))) \
		exercises/grader/vet.sh exercises/grader/astcheck.py \
		exercises/$(call lab_of,$(1))/allow.conf
	@mkdir -p $$(@D)
	@rm -f $$@.tmp
	@VET_CPP='$$(CC) $$(filter-out -MMD -MP,$$(VET_CFLAGS)) -iquote .' \
	VET_CLANG='$$(VET_CLANG) -iquote .' VET_AST_CACHE=$(B)/labs/astcache \
	sh exercises/grader/vet.sh --lab $(call lab_of,$(1)) --out $$@.tmp \
		--source $(addprefix tests/labs/$(1)/,$(filter %.c,\
		$(LAB_FILES_$(call lab_of,$(1))))) 2> /dev/null; [ $$$$? -le 1 ]
	@touch $$@.tmp && mv $$@.tmp $$@
LAB_VERDICTS += $(B)/labs/variants/$(1)/source-verdict
endef
$(foreach v,$(LAB_ASTSAYS),$(eval $(call lab_source_verdict,$(v))))

# grade.sh's stamp: made only if the lab's binary with the student's code
# was (exercises/grader/grade.sh builds it and the broken one at once).
$(B)/labs/%/built: $(B)/labs/%/reaplab
	@touch $@

# The submissions of LAB_REJECTED_BUILT, built as grade.sh builds each
# (the binary with the student's code and its stamp `built`, which the
# vet's rejection stops, its rule in OUT/rejected), by one make -k after
# every lab binary (which they share objects with) and every time (what
# is left of an earlier build is removed first: a stale binary would be
# graded).  Their names go to rejected.list beside it: the tests grade
# those with grade.sh --no-build (every other one with its build); a
# submission that was not rejected leaves its binary, and its test fails.
LAB_REJECTED_LOG := $(B)/labs/variants/rejected.log
.PHONY: lab-rejected-force
$(LAB_REJECTED_LOG): $(LAB_BINS) lab-rejected-force
	@mkdir -p $(@D)
	@echo "  VET   $(words $(LAB_REJECTED_BUILT)) submissions that must be rejected > $@"
	@rm -f $(@D)/rejected.list $(foreach v,$(LAB_REJECTED_BUILT),$(addprefix \
		$(B)/labs/variants/$(v)/,rejected built reaplab))
	@$(MAKE) -s -k --no-print-directory $(LAB_REJECTED_BUILT:%=$(B)/labs/variants/%/built) \
		> $@.tmp 2>&1 || true; mv $@.tmp $@
	@printf '%s\n' $(LAB_REJECTED_BUILT) > $(@D)/rejected.list

# The labs' tests (tests/check_labs.c) run every binary, and read those
# verdicts (not under TSan, which leaves that suite out: tests/check_main.c).
ifneq ($(SANITIZE),thread)
CHECK_DEPS += $(LAB_VERDICTS)
CHECK_DEPS += $(LAB_BINS)
CHECK_DEPS += $(if $(LAB_REJECTED_BUILT),$(LAB_REJECTED_LOG))
endif

# --- the targets -----------------------------------------------------------

.PHONY: grade regrade lab labs handout handout-check

# Not in `all`: the labs are built when asked for, one binary per lab.
labs: $(LAB_BINS)

lab_check = $(if $(filter $(LAB),$(LABS)),,$(error LAB=$(LAB) is not a lab \
	(labs: $(LABS))))

grade: $(B)/reaplab
	$(if $(LAB),$(lab_check))
	@MAKE="$(MAKE)" GRADE_BUILD=$(B) sh exercises/grader/grade.sh \
		$(if $(SOLUTIONS),--solutions) $(if $(FORMAT),--format $(FORMAT)) \
		$(or $(LAB),$(LABS))

# A course's grading: only the lab's files of SUBMISSION, in a fresh tree
# made from this one's handout (exercises/grader/regrade.sh).
regrade:
	$(if $(SUBMISSION),,$(error make regrade SUBMISSION=DIR [LAB=NN-slug] [FORMAT=gradescope|tap]))
	$(if $(LAB),$(lab_check))
	@MAKE="$(MAKE)" GRADE_BUILD=$(B) SANITIZE=$(SANITIZE) \
		sh exercises/grader/regrade.sh \
		$(if $(FORMAT),--format $(FORMAT)) '$(SUBMISSION)' \
		$(or $(LAB),$(LABS))

lab:
	$(if $(LAB),$(lab_check),$(error make lab LAB=NN-slug (labs: $(LABS))))
	@$(MAKE) --no-print-directory $(B)/labs/$(LAB)/reaplab
	@echo "built $(B)/labs/$(LAB)/reaplab: try $(B)/labs/$(LAB)/reaplab --help"

# A program of one's own (see "Programs" in exercises/README.md):
#   make program PROGRAM=exercises/NAME/FILE.c
# builds build/programs/FILE/reaplab, reaplab with that program in it.
ifneq ($(PROGRAM),)
PROG_TAG := prog.$(basename $(notdir $(PROGRAM)))
PROG_OUT := $(B)/programs/$(basename $(notdir $(PROGRAM)))
ERA_DESC_$(PROG_TAG) := $(PROGRAM)
ERA_FILES_$(PROG_TAG) := $(PROGRAM)
$(eval $(call era_rule,$(PROG_TAG)))

$(PROG_OUT)/eras.o: src/sim/engine/eras.c Makefile exercises/exercises.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ERA_DEFS) \
		-DSIM_LAB_ERAS='ERA($(call era_sym,$(PROG_TAG)))' -c $< -o $@

$(PROG_OUT)/sources.c: src/sim/render/gen_sources.sh $(MODEL_TREE) $(PROGRAM)
	@mkdir -p $(@D)
	sh src/sim/render/gen_sources.sh $(MODEL_TREE) \
		$(PROGRAM)=src/eras/$(basename $(notdir $(PROGRAM)))/$(notdir $(PROGRAM)) > $@

$(PROG_OUT)/sources.o: $(PROG_OUT)/sources.c
	$(CC) $(ALL_CFLAGS) -iquote $(B)/gen -c $< -o $@

$(PROG_OUT)/reaplab: $(filter-out $(B)/obj/sim/engine/eras.o,$(SIM_OBJS)) \
		$(CLI_OBJS) $(ERA_OBJS) $(B)/eras/$(PROG_TAG).o \
		$(PROG_OUT)/eras.o $(PROG_OUT)/sources.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)
endif

.PHONY: program
program:
	$(if $(filter exercises/%.c,$(PROGRAM)),,$(error make program \
		PROGRAM=exercises/.../NAME.c: a program's file lives under exercises/))
	@$(MAKE) --no-print-directory $(PROG_OUT)/reaplab
	@echo "built $(PROG_OUT)/reaplab: try $(PROG_OUT)/reaplab explore ID program (ID: the program's .id)"

# The student tree: everything but the solutions and the grader's own
# test submissions (exercises/grader/handout.sh).
HANDOUT := $(B)/reaplab-handout.tar.gz

handout:
	@sh exercises/grader/handout.sh $(HANDOUT)

# The handout, unpacked and tried as a student would: it builds, `make
# grade` runs and scores the skeletons, `make check` passes.  Slow (a
# whole build and test run): not part of `make check`.
handout-check: handout
	@d=$$(mktemp -d) && tar -xzf $(HANDOUT) -C $$d && cd $$d/reaplab && \
	$(MAKE) --no-print-directory -s && \
	{ $(MAKE) --no-print-directory -s grade; rc=$$?; \
	  test $$rc -ne 0 || { echo "handout-check: make grade scored full marks?"; exit 1; }; } && \
	$(MAKE) --no-print-directory -s check && \
	rm -rf $$d && \
	echo "handout-check: the handout builds, grades and passes make check"
