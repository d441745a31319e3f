// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/emit.c - one entry point for every way to draw a trace
 *
 * Simulator-only.  The command line (trace, replay --emit, and explore's
 * counterexamples) names a format; this table maps it to its renderer.
 */
#include <string.h>
#include "../engine/engine.h"
#include "render.h"

static void emit_ascii(const struct sim_world *w, FILE *f)
{
	sim_render_changelog(w, f);
	fputc('\n', f);
	sim_render_verdict(w, f);
}

static const struct {
	const char *name;
	void (*render)(const struct sim_world *w, FILE *f);
} formats[] = {
	{ "ascii", emit_ascii },
	{ "dot", sim_render_dot },
	{ "msc", sim_render_msc },
	{ "json", sim_render_json },
};

/**
 * sim_render_format_known() - is @format one sim_render_emit() draws?
 * @format: "ascii", "dot", "msc" or "json" (SIM_RENDER_FORMATS).
 *
 * Return: true if it is.
 */
bool sim_render_format_known(const char *format)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(format, formats[i].name))
			return true;
	return false;
}

/**
 * sim_render_emit() - draw @w's last run in @format.
 * @w: the world after a run; traced with frames (w->trace_frames) for
 *     nested calls, with text (w->trace_text) for pr_*() messages.
 * @format: one of SIM_RENDER_FORMATS: "ascii" the changelog diagram and
 *	    the verdict, "dot" a Graphviz sequence diagram, "msc" an mscgen
 *	    chart for Doxygen, "json" Chrome trace-event JSON.
 * @f: where to write.
 *
 * Return: 0, or -1 (and nothing written) for an unknown format.
 */
int sim_render_emit(const struct sim_world *w, const char *format, FILE *f)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(format, formats[i].name)) {
			formats[i].render(w, f);
			return 0;
		}
	return -1;
}
