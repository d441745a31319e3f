# SPDX-License-Identifier: GPL-2.0-only
#
# book/player.mk - make player: the model in WebAssembly, for the book's
# player page (book/player.md), one module per era
#
# Included by book/book.mk.  Needs Debian's emscripten (make deps BOOK=1
# installs it); without emcc `make player` says so, and make book installs
# the page without the modules: it then says how to get the player.
#
# The native per-era link (ld -r with src/sim/world/model.lds, objcopy renames,
# -z muldefs) has no wasm-ld equivalent, so each era is a module of its
# own: book/player_wrap.sh compiles every model file unchanged, its
# functions weak and its variables in one data segment, and the link puts
# the era's overlay first (first weak definition wins), bracketed by two
# markers, __start_model_data and __stop_model_data (player_marks.c).
# The simulator goes in without the threads engine, the turnstile
# substrate, the benchmarks, the labs and the command line.
#
# A function an era gives another signature (select_bad_process(),
# __oom_reap_task_mm()) would meet its older callers, dead in that era
# but linked, with a definition of the wrong type: wasm-ld warns "function
# signature mismatch" and makes such a call trap.  book/player_renames.py
# finds those functions in the native objects' debug information, and
# from the era that changed one on it is linked by a name of its own; the
# links are made with --fatal-warnings, so a new one fails the build.

EMCC ?= emcc
# Debian's emcc runs node with its acorn from here
export NODE_PATH := /usr/share/nodejs
PLAYER := $(B)/player
PLAYER_CFLAGS := -std=gnu11 -Wall -Wextra -Werror -Isrc/include -Isrc/include/uapi -O2 \
	-MMD -MP
PLAYER_SIM_SRCS := $(filter-out src/sim/world/threads.c src/sim/engine/turnstile.c \
	src/sim/render/source.c src/sim/engine/symbols.c,$(sort $(wildcard src/sim/*/*.c))) \
	$(ARCH_SRCS)
PLAYER_SIM_OBJS := $(PLAYER_SIM_SRCS:src/%.c=$(PLAYER)/obj/%.o) \
	$(PLAYER)/obj/sim/engine/symbols.o
PLAYER_EXPORTS := _player_load,_player_set,_player_step,_player_undo
PLAYER_EXPORTS := $(PLAYER_EXPORTS),_player_info,_player_out
PLAYER_LDFLAGS := -Wl,--fatal-warnings -O2 -sASYNCIFY -sASYNCIFY_STACK_SIZE=65536 -sSINGLE_FILE \
	-sMODULARIZE -sALLOW_MEMORY_GROWTH -sINITIAL_MEMORY=33554432 \
	-sEXPORTED_FUNCTIONS=$(PLAYER_EXPORTS) \
	-sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString -sENVIRONMENT=web,node
HAVE_EMCC := $(shell command -v $(EMCC) 2>/dev/null)

.PHONY: player
.SECONDARY: $(ERAS:%=$(PLAYER)/reaplab-%.js)
ifeq ($(HAVE_EMCC),)
player:
	@echo "player: emcc is missing: make deps BOOK=1 installs Debian's emscripten"
else
player: $(ERAS:%=$(PLAYER)/reaplab-%.js)
endif

# The simulator, as the native build has it (symbols.c without its ELF reader's use)
$(PLAYER)/obj/sim/%.o: src/sim/%.c book/player.mk
	@mkdir -p $(@D)
	$(EMCC) $(PLAYER_CFLAGS) -c $< -o $@

# The model's architecture, one for every era, as natively
$(PLAYER)/obj/arch/%.o: src/arch/%.c book/player.mk
	@mkdir -p $(@D)
	$(EMCC) $(PLAYER_CFLAGS) -c $< -o $@

# The functions an era gives a new signature, and their link names: the
# list is rewritten only when it changes, so that a change to one model
# file rewraps that file alone
$(PLAYER)/renames.txt: $(PLAYER)/renames.stamp ;
$(PLAYER)/renames.stamp: book/player_renames.py book/player.mk \
		$(COMMON_OBJS) $(foreach e,$(ERAS),$(call era_objs,$(e)))
	@mkdir -p $(@D)
	{ $(foreach e,$(ERAS),echo 'era $(e) $(or $(call era_parent,$(e)),-) \
		$(call era_files,$(e))';) echo 'common $(COMMON_SRCS)'; } | \
		$(BOOK_PYTHON) book/player_renames.py $(B) > $(PLAYER)/renames.tmp
	cmp -s $(PLAYER)/renames.tmp $(PLAYER)/renames.txt || \
		mv $(PLAYER)/renames.tmp $(PLAYER)/renames.txt
	rm -f $(PLAYER)/renames.tmp
	touch $@

# A model file: wrapped (player_wrap.sh) from its native object's names
$(PLAYER)/wrap/%.c: src/%.c $(B)/obj/%.o book/player_wrap.sh \
		$(PLAYER)/renames.txt
	@mkdir -p $(@D)
	sh book/player_wrap.sh $< $(B)/obj/$*.o $(PLAYER)/renames.txt > $@

$(PLAYER)/model/%.o: $(PLAYER)/wrap/%.c
	@mkdir -p $(@D)
	$(EMCC) $(PLAYER_CFLAGS) -iquote . -fmacro-prefix-map=./= -Wno-unknown-pragmas -finstrument-functions \
		-fno-zero-initialized-in-bss -c $< -o $@

$(PLAYER)/marks/start.c $(PLAYER)/marks/stop.c: book/player.mk
	@mkdir -p $(@D)
	printf '#pragma clang section data="model_data"\n__attribute__((aligned(16))) char __%s_model_data[16] = { 1 };\n' $(basename $(@F)) > $@

$(PLAYER)/marks/start.o $(PLAYER)/marks/stop.o: %.o: %.c
	$(EMCC) $(PLAYER_CFLAGS) -fno-zero-initialized-in-bss -c $< -o $@

# The list of eras is this module's one era, and its data is model_data
$(PLAYER)/obj/sim/engine/eras.o: src/sim/engine/eras.c book/player.mk
	@mkdir -p $(@D)
	$(EMCC) $(PLAYER_CFLAGS) -DSIM_ERAS='ERA(era_descriptor)' \
		-Dera_descriptor_data_begin=__start_model_data \
		-Dera_descriptor_data_end=__stop_model_data -c $< -o $@

player_model = $(patsubst src/%.c,$(PLAYER)/model/%.o,$(call era_desc_src,$(1)) \
	$(foreach e,$(call era_chain,$(1)),$(call era_files,$(e))) $(COMMON_SRCS))

define player_rule
$(PLAYER)/reaplab-$(1).js: $(PLAYER)/marks/start.o $(call player_model,$(1)) \
		$(PLAYER)/marks/stop.o $(PLAYER_SIM_OBJS)
	$(EMCC) $(PLAYER_LDFLAGS) -sEXPORT_NAME=reaplab_$(call era_sym,$(1)) \
		-o $$@ $$^
endef
$(foreach e,$(ERAS),$(eval $(call player_rule,$(e))))

-include $(shell find $(PLAYER) -name '*.d' 2>/dev/null)

# --- the page ---------------------------------------------------------------
# book/player.html becomes player/play.html in the book, with its script,
# the data book/player_data.sh makes from real runs, and the modules.  The
# folder goes with the HTML when Doxygen rebuilds it, and comes back.
PLAYER_PAGE := $(BOOK_OUT)/html/player/play.html
PLAYER_MODULES := $(if $(HAVE_EMCC),$(ERAS:%=$(PLAYER)/reaplab-%.js))

$(BOOK_OUT)/player-data.js: $(B)/reaplab book/player_data.sh $(BOOK_GEN)/.stamp
	@mkdir -p $(@D)
	sh book/player_data.sh $(B)/reaplab $(BOOK_GEN)/explore-all.md \
		> $@.tmp && mv $@.tmp $@

$(PLAYER_PAGE): $(BOOK_OUT)/html/index.html book/player.html book/player.js \
		$(BOOK_OUT)/player-data.js $(PLAYER_MODULES)
	@mkdir -p $(@D)
	cp book/player.js $(BOOK_OUT)/player-data.js $(PLAYER_MODULES) $(@D)/
	echo 'window.PLAYER_MODULES = $(if $(HAVE_EMCC),true,false);' \
		> $(@D)/modules.js
	cp book/player.html $@

.PHONY: player-book player-check
player-book: $(PLAYER_PAGE)

# The player driven in headless Chromium (book-check runs it)
player-check: $(PLAYER_PAGE) $(B)/reaplab
	$(BOOK_PYTHON) book/player_check.py $(BOOK_OUT)/html $(BOOK_OUT)/shots \
		$(B)/reaplab
