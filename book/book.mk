# SPDX-License-Identifier: GPL-2.0-only
#
# book/book.mk - make book: the tutorial, built by Doxygen from book/*.md
#
# Included by the top-level Makefile.
#
#   make book        run every command of book/fragments (build/book/gen/),
#                    check the code the chapters quote (book/lint.sh), the
#                    assertions about runs (book/asserts.sh), the sources
#                    (book/refs.sh) and the claims ledger (book/claims.sh),
#                    and build build/book/html/ with Doxygen; any warning
#                    fails
#   make book-check  open every page of the built book in headless Chromium
#                    and fail on what a reader would trip over; screenshots
#                    in build/book/shots/ (needs `make deps BOOK=1`)
#   make deps BOOK=1 also installs what book-check needs (chromium,
#                    chromium-driver, python3-selenium); a plain `make deps`
#                    does not, so a student's `make demo` stays light
#
# `make check` builds the book and runs book/test.sh (CHECK_STEPS), so a
# broken snippet or a stale chapter fails the tests.  Under SANITIZE it
# does not: the sanitizer suites are about the code, which the Check suites
# run, and a sanitized reaplab would spend many minutes drawing the same
# pages again (explore --all alone, under TSan).  `make bench` before
# `make book` puts the full-size measurements in the book instead of the
# quick ones it measures itself (book/bench.sh).

DEB_PKGS += $(filter-out $(DEB_PKGS),doxygen graphviz)
ifeq ($(BOOK),1)
DEB_PKGS += chromium chromium-driver python3-selenium emscripten node-acorn \
	gdb
endif
ifeq ($(SANITIZE),)
CHECK_STEPS += book-test
endif

BOOK_OUT := $(B)/book
BOOK_GEN := $(BOOK_OUT)/gen
# The chapters, in reading order: book/chapters (page id, file) is the list
BOOK_CHAPTERS := $(addprefix book/,$(shell sed -e 's/\#.*//' book/chapters | \
	awk 'NF >= 2 { print $$2 }'))
BOOK_TOOLS := book/Doxyfile book/book.css book/navfilter.sh book/lint.sh \
	book/labs.sh book/gather.sh book/asserts.sh book/chapters \
	book/refs.sh book/references book/glossary.sh book/glossary \
	book/claims.sh $(wildcard book/claims/*.claims)
# The labs: each one's handout is a page of the book (book/labs.sh), and
# each chapter lists its labs (navfilter.sh); a lab added or taken away
# rebuilds the book, as a changed one does.
BOOK_LABS := $(sort $(wildcard exercises/[0-9][0-9]-*/lab.conf \
	exercises/[0-9][0-9]-*/README.md))
BOOK_QUOTED := $(shell find src -name '*.[ch]') $(wildcard figures/*.dot)
# python3-selenium is Debian's: its python, not one of a virtualenv's.
BOOK_PYTHON := $(firstword $(wildcard /usr/bin/python3) python3)

.PHONY: book book-test book-check book-force
book-force:

# book/glossary is a source, not a program: without a rule of its own,
# make's built-in one (%: %.sh) would overwrite it with book/glossary.sh
book/glossary: ;

book: $(BOOK_OUT)/html/index.html $(BOOK_OUT)/html/player/play.html
	@echo "book: open file://$(abspath $(BOOK_OUT)/html/index.html)"

# The full-size measurements of make bench the book may use: the list is
# rewritten only when it changes, so that a report appearing or going away
# reruns the fragments, as a newer one does.
BOOK_BENCH := $(sort $(wildcard $(B)/bench/*.md))
$(BOOK_OUT)/.bench-list: book-force
	@mkdir -p $(@D)
	@echo '$(BOOK_BENCH)' | cmp -s - $@ || echo '$(BOOK_BENCH)' > $@

# The planted bugs of tests/mutants/, for the chapters that show one as
# history had it (v5.17 without f798a1d4f94d, v6.18's lost `!`): reaplab
# with every mutant as an era of its own (id mutant-NAME), sources
# embedded under src/eras/mutant-NAME/ so that `show` and `diff` read
# them.  Built as a lab's binary is; build/reaplab never lists them.
BOOK_MUT := $(BOOK_OUT)/mutants
BOOK_MUT_SRCS := $(sort $(wildcard tests/mutants/*/*.c tests/mutants/*/*/*.c))

# The list of mutants, rewritten only when it changes: a mutant added or
# removed rebuilds the table of eras.
$(BOOK_MUT)/.list: book-force
	@mkdir -p $(@D)
	@echo '$(MUTANTS)' | cmp -s - $@ || echo '$(MUTANTS)' > $@

$(BOOK_MUT)/eras.o: src/sim/engine/eras.c Makefile book/book.mk \
		$(BOOK_MUT)/.list
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ERA_DEFS) \
		-DSIM_LAB_ERAS='$(foreach e,$(MUTANTS),ERA($(call era_sym,$(e))))' \
		-c $< -o $@

$(BOOK_MUT)/sources.c: src/sim/render/gen_sources.sh $(MODEL_TREE) $(BOOK_MUT_SRCS) \
		Makefile book/book.mk
	@mkdir -p $(@D)
	sh src/sim/render/gen_sources.sh $(MODEL_TREE) $(foreach f,$(BOOK_MUT_SRCS),\
		$(f)=$(patsubst tests/mutants/%,src/eras/mutant-%,$(f))) > $@

$(BOOK_MUT)/sources.o: $(BOOK_MUT)/sources.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BOOK_MUT)/reaplab: $(filter-out $(B)/obj/sim/engine/eras.o,$(SIM_OBJS)) \
		$(CLI_OBJS) $(ERA_OBJS) $(MUTANTS:%=$(B)/eras/%.o) \
		$(BOOK_MUT)/eras.o $(BOOK_MUT)/sources.o
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)


$(BOOK_OUT)/.labs-list: book-force
	@mkdir -p $(@D)
	@echo '$(BOOK_LABS)' | cmp -s - $@ || echo '$(BOOK_LABS)' > $@


# The fragments: rerun when a binary, the list or a full-size
# measurement (make bench) changes.
$(BOOK_GEN)/.stamp: $(B)/reaplab $(BOOK_MUT)/reaplab $(VERDICTS)/all.txt \
		$(BENCH_QUICK)/explorer.out \
		book/fragments book/gen.sh book/bench.sh book/row.sh \
		book/columns.sh \
		$(BOOK_OUT)/.bench-list $(BOOK_BENCH)
	@command -v dot >/dev/null 2>&1 || { \
		echo "book: Graphviz (dot) is missing: run make deps" >&2; exit 1; }
	sh book/gen.sh $(B)/reaplab book/fragments $(BOOK_GEN)
	@touch $@

$(BOOK_OUT)/html/index.html: $(BOOK_GEN)/.stamp $(BOOK_CHAPTERS) \
		$(BOOK_TOOLS) $(BOOK_QUOTED) $(BOOK_OUT)/.labs-list $(BOOK_LABS)
	@command -v doxygen >/dev/null 2>&1 || { \
		echo "book: doxygen is missing: run make deps" >&2; exit 1; }
	sh book/lint.sh $(BOOK_CHAPTERS)
	G=$(BOOK_GEN) sh book/asserts.sh $(BOOK_CHAPTERS) \
		$(filter %/README.md,$(BOOK_LABS))
	rm -rf $(BOOK_OUT)/html
	labs=$$(sh book/labs.sh pages $(BOOK_GEN)/labs) && \
	sh book/glossary.sh check && \
	G=$(BOOK_GEN) sh book/refs.sh check $(BOOK_CHAPTERS) $$labs book/glossary && \
	G=$(BOOK_GEN) sh book/claims.sh check && \
	BOOK_INPUT="$(BOOK_CHAPTERS) $$(echo $$labs)" BOOK_OUT=$(BOOK_OUT) \
		BOOK_GEN=$(BOOK_GEN) doxygen book/Doxyfile || { \
		rm -rf $(BOOK_OUT)/html; exit 1; }

# book/test.sh, told that the HTML was just built, by the recipe above,
# whose lint.sh and asserts.sh it then does not run again (BOOK_BUILT)
book-test: $(B)/reaplab $(BOOK_OUT)/html/index.html
	BOOK_BUILT=1 sh book/test.sh

book-check: $(BOOK_OUT)/html/index.html $(BOOK_OUT)/html/player/play.html
	$(BOOK_PYTHON) book/browser_check.py --self-test
	$(BOOK_PYTHON) book/browser_check.py $(BOOK_OUT)/html $(BOOK_OUT)/shots $(BOOK_GEN)
	$(BOOK_PYTHON) book/player_check.py $(BOOK_OUT)/html $(BOOK_OUT)/shots \
		$(B)/reaplab

# The player: the model in WebAssembly (make player)
-include book/player.mk
