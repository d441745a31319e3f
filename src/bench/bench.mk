# SPDX-License-Identifier: GPL-2.0-only
#
# src/bench/bench.mk - make bench: every benchmark and real-kernel lab
#
# Included by the top-level Makefile.  `make bench` runs `reaplab bench all`
# (the model, on real threads) and the two labs of `reaplab kernel` on the
# host kernel, at their default sizes; each prints its table and writes it
# as CSV into $(BENCH_OUT), with SVG figures for reap-order and munmap.

# gnuplot draws the figures; the stats module needs libm.
DEB_PKGS += gnuplot-nox
LDLIBS += -lm

BENCH_OUT := $(B)/bench

.PHONY: bench
bench: $(B)/reaplab
	@mkdir -p $(BENCH_OUT)
	$(B)/reaplab bench all --out $(BENCH_OUT)
	$(B)/reaplab kernel mrelease --out $(BENCH_OUT)
	$(B)/reaplab kernel fork-exit --out $(BENCH_OUT)

# The explorer's benchmark at 1% of its budgets, run once per build: the
# bench suite checks it (tests/check_bench.c) and the book shows it
# (book/fragments, book/bench.sh built), so that make check runs it once.
# Its output, its tables (CSV and Markdown) and its exit status.
BENCH_QUICK := $(B)/bench-quick
BENCH_QUICK_EXPLORER := -n 1
$(BENCH_QUICK)/explorer.out: $(B)/reaplab src/bench/bench.mk
	@rm -rf $(BENCH_QUICK)/explorer
	@mkdir -p $(BENCH_QUICK)/explorer
	@echo "  BENCH explorer $(BENCH_QUICK_EXPLORER) > $@"
	$(call made-once,$@,$(B)/reaplab bench explorer \
		$(BENCH_QUICK_EXPLORER) --out $(BENCH_QUICK)/explorer --quiet)
CHECK_DEPS += $(BENCH_QUICK)/explorer.out
