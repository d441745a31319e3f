# SPDX-License-Identifier: GPL-2.0-only
#
# figures/figures.mk - make figures: the book's pictures, from real runs
#
# Included by the top-level Makefile.
#
#   make figures   regenerate figures/generated/ (DOT and mscgen sources,
#                  committed, and their index README.md) by replaying every
#                  schedule the eras ship (`reaplab trace --figures`), then
#                  render every DOT figure, hand-drawn (figures/*.dot) and
#                  generated, to build/figures/; a Graphviz warning fails
#                  the build, as an error would
#
# The tests (tests/check_render.c) run dot on the same figures and
# Doxygen's built-in mscgen on the charts, so both tools are needed by
# `make check` too.

DEB_PKGS += graphviz doxygen
CHECK_DEPS += figures-tools

FIG_GEN := figures/generated
FIG_OUT := $(B)/figures

.PHONY: figures figures-tools

figures-tools:
	@command -v dot >/dev/null 2>&1 || { \
		echo "figures: Graphviz (dot) is missing: run make deps" >&2; \
		exit 1; }
	@command -v doxygen >/dev/null 2>&1 || { \
		echo "figures: doxygen is missing (its mscgen checks the charts): run make deps" >&2; \
		exit 1; }

figures: $(B)/reaplab figures-tools
	@mkdir -p $(FIG_GEN) $(FIG_OUT)/generated
	rm -f $(FIG_GEN)/*.dot $(FIG_GEN)/*.msc
	$(B)/reaplab trace --figures $(FIG_GEN)
	@set -e; for src in figures/*.dot $(FIG_GEN)/*.dot; do \
		svg=$(FIG_OUT)/$${src#figures/}; svg=$${svg%.dot}.svg; \
		dot -Tsvg -o $$svg $$src 2>$$svg.log || { cat $$svg.log >&2; exit 1; }; \
		if [ -s $$svg.log ]; then \
			echo "figures: dot warns about $$src:" >&2; \
			cat $$svg.log >&2; rm -f $$svg.log $$svg; exit 1; \
		fi; \
		rm -f $$svg.log; echo "  DOT  $$svg"; \
	done
