// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/player.c - the book's player: the coop engine stepped by hand
 *
 * Simulator-only.  A small C API the player page (book/player.md) calls
 * in the WebAssembly build, one module per era (book/player.mk); the
 * native build compiles it too, unused by the command line.
 *
 * DOC: The player's position is a list of steps
 *
 * The page's position is the list of threads that ran, one per step.
 * Every call replays that list from the start (sim_run_coop()) under a
 * policy that follows it and then, for a click, runs the clicked thread
 * once more (or on to its next sleep or block), and then ends the run
 * (SIM_STOP_POLICY) with every coroutine where it is: the state the page
 * shows is the live world.  Undo is the list without its last step: the
 * engine is deterministic, so no state is kept between clicks.  When no
 * thread can run any more the run ends as `reaplab replay`'s does (the
 * lost-wake-up probe, the end-of-run oracles) and the page shows what
 * the command prints, byte for byte.
 *
 * Resetting between runs restores the model's globals from the
 * model_data bounds (sim_world_reset(), arena.c: the two markers
 * book/player.mk links around the model's data segment) inside one
 * instance, rather than making a fresh instance per replay.  Measured
 * under node 20 on the v4.9 module (2026-12, two busy cores): a whole
 * click, restore and replay of about 200 steps included, 15 ms; a fresh
 * instance alone, before any replay, 22.5 ms (the single file's module
 * decoded and compiled again, a 32 MiB linear memory zeroed, its data
 * segments copied, the constructors run), and booting the world in it
 * another 2 ms.  The restore copies a few kilobytes of globals and the
 * arena's used part; a new instance pays per megabyte.  book-check prints
 * the per-click times Chromium gives (a few milliseconds).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/maple_tree.h>
#include <linux/mm_types.h>
#include <reaplab/era.h>
#include "kernel.h"
#include "../render/render.h"
#include "../engine/schedule.h"

#define PLAYER_MAX_STEPS	4096
#define PLAYER_OUT		(256 * 1024)

static struct sim_world player_world;
static const struct era *player_era;
static const struct sim_scenario *player_scn;
static unsigned char steps[PLAYER_MAX_STEPS];
static unsigned int nsteps;
static char *out;
static size_t out_len;
/* why a schedule given to player_set() stopped before its end */
static char note[512];

/* What a replay is asked to do beyond the recorded steps. */
static struct {
	unsigned int at;	/* steps followed so far */
	int extend;		/* thread to run on, or -1 */
	bool to_block;		/* on to its next sleep or block */
	unsigned int extended;
} play;

static void outf(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!out)
		out = malloc(PLAYER_OUT);
	if (!out)
		return;
	va_start(ap, fmt);
	n = vsnprintf(out + out_len, PLAYER_OUT - out_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_len += (size_t)n < PLAYER_OUT - out_len ? (size_t)n :
			   PLAYER_OUT - out_len - 1;
}

/* @s as a JSON string's contents. */
static void out_json(const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			outf("\\%c", c);
		else if (c == '\n')
			outf("\\n");
		else if (c < 0x20)
			outf("\\u%04x", c);
		else
			outf("%c", c);
	}
}

static int player_pick(struct sim_world *w, void *data)
{
	unsigned int mask = sim_enabled_mask(w);

	(void)data;
	if (play.at < nsteps) {
		int tid = steps[play.at];

		if (!(mask & (1u << tid))) {
			w->stop = SIM_STOP_DIVERGED;
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "step %u: %c cannot run", play.at + 1,
				 w->threads[tid].letter);
			return -1;
		}
		play.at++;
		return tid;
	}
	if (play.extend >= 0 && (mask & (1u << play.extend)) &&
	    nsteps < PLAYER_MAX_STEPS &&
	    (!play.extended || (play.to_block && !w->last_yield))) {
		steps[nsteps++] = play.extend;
		play.at++;
		play.extended++;
		return play.extend;
	}
	if (!mask)
		return -1;	/* the end: as replay's run ends */
	/* a pause: leave everyone where they are */
	w->stop = SIM_STOP_POLICY;
	return -1;
}

static void run(int extend, bool to_block)
{
	struct sim_world *w = &player_world;

	play.at = 0;
	play.extend = extend;
	play.to_block = to_block;
	play.extended = 0;
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ player_pick, NULL });
}

/* The schedule string of the steps so far, as replay takes it. */
static void schedule_string(char *buf, size_t len)
{
	unsigned int i, j;
	size_t n = 0;

	buf[0] = 0;
	for (i = 0; i < nsteps; i = j) {
		for (j = i; j < nsteps && steps[j] == steps[i]; j++)
			;
		n += snprintf(buf + n, n < len ? len - n : 0, "%s%c%u",
			      i ? " " : "",
			      player_world.threads[steps[i]].letter, j - i);
		if (n >= len)
			break;
	}
}

static bool poisoned(const void *p, size_t len)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < len; i++)
		if (c[i] != 0x6b)
			return false;
	return true;
}

static const struct {
	int bit;
	const char *name;
} mmf[] = {
	{ MMF_OOM_SKIP, "MMF_OOM_SKIP" },
	{ MMF_UNSTABLE, "MMF_UNSTABLE" },
	{ MMF_OOM_VICTIM, "MMF_OOM_VICTIM" },
	{ MMF_OOM_REAP_QUEUED, "MMF_OOM_REAP_QUEUED" },
};

/*
 * Where the era keeps its VMAs: the list, mm->mmap, until v6.1's
 * 763ecb035029 ("mm: remove the vma linked list", Liam Howlett), the
 * maple tree, mm->mm_mt, from then on.  The common tree keeps both up to
 * date so that every era finds the same VMAs; the panel shows the one the
 * era's code reads.  Told by the era's kernel version, because a module
 * holds one era and not its ancestors (a version that is not a release,
 * as the 2017 proposals, is older).
 */
static bool era_uses_maple(const struct era *era)
{
	int major, minor;

	if (!era->version || sscanf(era->version, "v%d.%d", &major,
				    &minor) != 2)
		return false;
	return major > 6 || (major == 6 && minor >= 1);
}

static void vma_line(const struct vm_area_struct *vma, char *buf,
		     size_t len, size_t *n)
{
	char name[64];

	sim_obj_describe(vma, name, sizeof(name));
	if (!sim_arena_contains(vma) || sim_addr_freed(vma) ||
	    poisoned(&vma->vm_start, sizeof(vma->vm_start))) {
		*n += snprintf(buf + *n, *n < len ? len - *n : 0,
			       "    %s: freed\n", name);
		return;
	}
	*n += snprintf(buf + *n, *n < len ? len - *n : 0,
		       "    %s [%#lx, %#lx)\n", name, vma->vm_start,
		       vma->vm_end);
}

/*
 * The VMA list, mm->mmap, as far as it is readable: a freed VMA ends it,
 * as it would end the kernel's walk with an oops.
 */
static void vma_list(struct mm_struct *mm, char *buf, size_t len, size_t *n)
{
	struct vm_area_struct *vma = mm->mmap;
	int i;

	*n += snprintf(buf + *n, *n < len ? len - *n : 0,
		       "  VMA list, mm->mmap:%s\n", vma ? "" : " empty");
	for (i = 0; vma && i < 16; i++, vma = vma->vm_next) {
		vma_line(vma, buf, len, n);
		if (!sim_arena_contains(vma) || sim_addr_freed(vma))
			return;
	}
}

/*
 * The maple tree, mm->mm_mt, read as memory (its reader API is model
 * code, which runs on a model thread only): the model's tree is one node,
 * whose slots are the VMAs in address order.  After remove_vma() its
 * slots point at freed VMAs until __mt_destroy() empties it.
 */
static void vma_tree(struct mm_struct *mm, char *buf, size_t len, size_t *n)
{
	const struct maple_node *node = mm->mm_mt.ma_root;
	unsigned int i;

#define TPUT(...) (*n += snprintf(buf + *n, *n < len ? len - *n : 0, \
				  __VA_ARGS__))
	TPUT("  maple tree, mm->mm_mt:");
	if (!node) {
		TPUT(" empty\n");
		return;
	}
	if (!sim_arena_contains(node) || sim_addr_freed(node)) {
		TPUT(" its node is freed\n");
		return;
	}
	TPUT("%s\n", node->nr ? "" : " empty");
	if (sim_addr_freed(node->slot)) {
		TPUT("    its slots are freed\n");
		return;
	}
	for (i = 0; i < node->nr && i < 16; i++)
		vma_line(node->slot[i], buf, len, n);
#undef TPUT
}

/* The state panel: what the model's objects hold now. */
static void state_text(char *buf, size_t len)
{
	struct sim_world *w = &player_world;
	size_t n = 0;
	int i, j, held;

#define PUT(...) (n += snprintf(buf + n, n < len ? len - n : 0, __VA_ARGS__))
	buf[0] = 0;
	for (i = 0; i < w->k->nmms; i++) {
		struct mm_struct *mm = w->k->mms[i];
		unsigned long flags;

		PUT("mm of %s:", w->k->mm_owner[i]);
		if (poisoned(&mm->mm_users, sizeof(mm->mm_users))) {
			PUT(" freed\n");
			continue;
		}
		flags = mm->flags;
		PUT(" mm_users %d, mm_count %d\n",
		    __atomic_load_n(&mm->mm_users.counter, __ATOMIC_RELAXED),
		    __atomic_load_n(&mm->mm_count.counter, __ATOMIC_RELAXED));
		PUT("  flags:");
		for (j = 0; j < (int)(sizeof(mmf) / sizeof(mmf[0])); j++)
			if (flags & (1UL << mmf[j].bit))
				PUT(" %s", mmf[j].name);
		if (!(flags & ((1UL << MMF_OOM_SKIP) | (1UL << MMF_UNSTABLE) |
			       (1UL << MMF_OOM_VICTIM) |
			       (1UL << MMF_OOM_REAP_QUEUED))))
			PUT(" none");
		PUT("\n  %d VMA%s of %lu page%s, %ld mapped\n", mm->map_count,
		    mm->map_count == 1 ? "" : "s", mm->total_vm,
		    mm->total_vm == 1 ? "" : "s", sim_mm_rss(mm));
		if (era_uses_maple(w->era))
			vma_tree(mm, buf, len, &n);
		else
			vma_list(mm, buf, len, &n);
	}
	PUT("locks:");
	held = 0;
	for (i = 0; i < w->nthreads; i++) {
		const struct sim_thread *t = &w->threads[i];

		for (j = 0; j < t->nheld && j < SIM_MAX_HELD; j++, held++)
			PUT("\n  %c holds %s%s", t->letter,
			    t->held[j].site ? t->held[j].site->what : "?",
			    t->held[j].read ? " (read)" : "");
	}
	PUT("%s\n", held ? "" : " none held");
#undef PUT
}

static void thread_json(int i, unsigned int mask)
{
	struct sim_world *w = &player_world;
	const struct sim_thread *t = &w->threads[i];
	char why[256];

	why[0] = 0;
	if (!(mask & (1u << i))) {
		if (t->run != SIM_T_READY)
			snprintf(why, sizeof(why), "finished");
		else if (!t->has_op)
			snprintf(why, sizeof(why), "not started");
		else
			sim_describe_blocked(w, i, why, sizeof(why));
	}
	outf("{\"letter\":\"%c\",\"name\":\"", t->letter);
	out_json(t->name);
	outf("\",\"can\":%s,\"why\":\"", (mask & (1u << i)) ? "true" : "false");
	out_json(why);
	outf("\",\"next\":\"");
	if (mask & (1u << i) && t->op.site) {
		outf("%s: ", t->op.site->fn);
		out_json(t->op.site->what);
	}
	outf("\"}");
}

/* The page's whole view, as JSON, after a run. */
static const char *view(void)
{
	struct sim_world *w = &player_world;
	bool paused = w->stop == SIM_STOP_POLICY;
	unsigned int mask = paused ? sim_enabled_mask(w) : 0;
	static char sched[8192], state[8192];
	char *text = NULL;
	size_t text_len = 0;
	FILE *f = open_memstream(&text, &text_len);
	int i, o;

	out_len = 0;
	if (f) {
		sim_render_changelog(w, f);
		fputc('\n', f);
		if (!paused) {
			char numeric[4096], labelled[4096];
			int preempt;

			sim_render_verdict(w, f);
			if (w->stop != SIM_STOP_DIVERGED &&
			    w->stop != SIM_STOP_LIMIT) {
				preempt = sim_schedule_from_trace(w, false,
						numeric, sizeof(numeric));
				sim_schedule_labelled(w, labelled,
						      sizeof(labelled));
				fprintf(f, "Schedule: %s   (%u steps, %d preemption%s)\n",
					numeric, w->run_steps, preempt,
					preempt == 1 ? "" : "s");
				fprintf(f, "Labelled: %s\n", labelled);
			}
		}
		fclose(f);
	}
	schedule_string(sched, sizeof(sched));
	state_text(state, sizeof(state));
	outf("{\"era\":\"%s\",\"scenario\":\"%s\",\"steps\":%u,\"schedule\":\"",
	     w->era->id, player_scn->name, nsteps);
	out_json(sched);
	outf("\",\"done\":%s,\"threads\":[", paused ? "false" : "true");
	for (i = 0; i < w->nthreads; i++) {
		if (i)
			outf(",");
		thread_json(i, mask);
	}
	outf("],\"oracles\":[");
	for (o = 0, i = 0; o < ORACLE_NR; o++) {
		if (!(w->verdict.fired & (1u << o)))
			continue;
		outf("%s{\"name\":\"%s\",\"step\":%u,\"msg\":\"",
		     i++ ? "," : "", sim_oracle_name(o),
		     w->verdict.hit[o].step);
		out_json(w->verdict.hit[o].msg);
		outf("\"}");
	}
	outf("],\"stop\":\"");
	if (w->stop == SIM_STOP_DIVERGED || w->stop == SIM_STOP_LIMIT)
		out_json(w->stop_msg);
	outf("\",\"note\":\"");
	out_json(note);
	note[0] = 0;
	outf("\",\"state\":\"");
	out_json(state);
	outf("\",\"text\":\"");
	out_json(text);
	outf("\"}");
	free(text);
	return out ? out : "{}";
}

/* A call that failed: its answer is JSON null. */
static const char *fail(void)
{
	out_len = 0;
	outf("null");
	return out;
}

/**
 * player_out() - the answer of the last call.
 *
 * The calls below swap fibers, which -sASYNCIFY does by unwinding to
 * JavaScript and rewinding: the value a call returns is lost on the way,
 * so the page reads it here, from a call that never swaps.
 *
 * Return: the text.
 */
const char *player_out(void)
{
	return out ? out : "null";
}

/**
 * player_load() - build @era_id's world for scenario @scn_name, no steps.
 * @era_id: an era of this build.
 * @scn_name: a scenario.
 *
 * Return: the view (JSON), or NULL if either is unknown or the build failed.
 */
const char *player_load(const char *era_id, const char *scn_name)
{
	const struct era *era = sim_era_by_name(era_id);
	const struct sim_scenario *scn = sim_scenario_by_name(scn_name);
	char err[256];

	if (!era || !scn)
		return fail();
	if (player_world.built)
		sim_world_free(&player_world);
	memset(&player_world, 0, sizeof(player_world));
	if (sim_world_build(&player_world, era, scn, &scn->defaults, err,
			    sizeof(err)))
		return fail();
	player_era = era;
	player_scn = scn;
	nsteps = 0;
	run(-1, false);
	return view();
}

/* replay's policy, recording its steps, until the string ends */
static int set_pick(struct sim_world *w, void *data)
{
	struct sim_replay *r = data;
	int tid = sim_replay_pick(w, r);

	if (r->seg >= r->sched.nsegs) {
		if (!w->stop)
			w->stop = SIM_STOP_POLICY;
		return -1;
	}
	if (tid >= 0 && nsteps < PLAYER_MAX_STEPS)
		steps[nsteps++] = tid;
	return tid;
}

/**
 * player_set() - go to the position @sched (replay syntax) reaches.
 * @sched: a schedule string; "" for the start.
 *
 * The string is followed as `reaplab replay` follows it, and the steps
 * it took become the position (paused where the string ends).
 *
 * Return: the view, or NULL if @sched does not parse.
 */
const char *player_set(const char *sched)
{
	static struct sim_replay replay;
	struct sim_world *w = &player_world;
	struct sim_schedule parsed;
	char err[256];

	if (!player_era)
		return fail();
	nsteps = 0;
	note[0] = 0;
	if (*sched) {
		if (sim_schedule_parse(w, sched, &parsed, err, sizeof(err)))
			return fail();
		/* once, to learn the steps: replay's own policy */
		sim_replay_init(&replay, &parsed, false);
		w->trace_frames = false;
		w->trace_text = false;
		sim_run_coop(w, (struct sim_policy){ set_pick, &replay });
		if (w->stop == SIM_STOP_DIVERGED || w->stop == SIM_STOP_LIMIT)
			snprintf(note, sizeof(note), "%.*s",
				 (int)sizeof(note) - 1, w->stop_msg);
	}
	run(-1, false);
	return view();
}

/**
 * player_step() - run thread @tid one operation, or on to its next sleep
 * or block.
 * @tid: the thread.
 * @to_block: run on while it can, until it sleeps or blocks.
 *
 * Return: the view.
 */
const char *player_step(int tid, int to_block)
{
	if (!player_era || tid < 0 || tid >= player_world.nthreads)
		return fail();
	run(tid, to_block);
	return view();
}

/**
 * player_undo() - take back the last step.
 *
 * Return: the view.
 */
const char *player_undo(void)
{
	if (!player_era)
		return fail();
	if (nsteps)
		nsteps--;
	run(-1, false);
	return view();
}

/**
 * player_info() - the eras and scenarios of this build, and the schedules
 * each era ships, as JSON.
 *
 * Return: the text.
 */
const char *player_info(void)
{
	int i, s;

	out_len = 0;
	outf("{\"eras\":[");
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_schedule *sc;

		outf("%s{\"id\":\"%s\",\"schedules\":[", i ? "," : "",
		     sim_eras[i]->id);
		for (s = 0, sc = sim_eras[i]->schedules; sc && sc->name;
		     sc++, s++) {
			outf("%s{\"name\":\"%s\",\"scenario\":\"%s\",\"schedule\":\"",
			     s ? "," : "", sc->name,
			     sim_scenarios[sc->scenario]->name);
			out_json(sc->schedule);
			outf("\",\"what\":\"");
			out_json(sc->what);
			outf("\"}");
		}
		outf("]}");
	}
	outf("],\"scenarios\":[");
	for (s = 0; s < SCN_NR; s++)
		outf("%s\"%s\"", s ? "," : "", sim_scenarios[s]->name);
	outf("]}");
	return out ? out : "{}";
}
