/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/engine/schedule.h - schedule strings (see DOC: Schedule strings)
 *
 * Simulator-only.
 */
#ifndef _SIM_SCHEDULE_H
#define _SIM_SCHEDULE_H

#include "engine.h"

#define SIM_MAX_SEGS	256

enum sim_seg_kind {
	SIM_SEG_COUNT,		/* X21 */
	SIM_SEG_STAR,		/* X* or X */
	SIM_SEG_LABEL,		/* X@label#k */
};

struct sim_seg {
	int tid;
	enum sim_seg_kind kind;
	unsigned int count;	/* steps, or k for a label */
	char label[64];
};

struct sim_schedule {
	int nsegs;
	struct sim_seg seg[SIM_MAX_SEGS];
};

/**
 * struct sim_replay - the state of the replay policy.
 * @sched: the schedule.
 * @seg: the segment being followed.
 * @used: steps taken in it.
 * @hits: label matches in it.
 * @lenient: skip a segment whose thread cannot run instead of diverging.
 */
struct sim_replay {
	struct sim_schedule sched;
	int seg;
	unsigned int used;
	unsigned int hits;
	bool lenient;
};

int sim_schedule_parse(const struct sim_world *w, const char *s,
		       struct sim_schedule *out, char *err, size_t errlen);
void sim_replay_init(struct sim_replay *r, const struct sim_schedule *s,
		     bool lenient);
int sim_replay_pick(struct sim_world *w, void *data);
int sim_schedule_from_trace(const struct sim_world *w, bool full, char *buf,
			    size_t len);
void sim_schedule_labelled(const struct sim_world *w, char *buf, size_t len);

#endif /* _SIM_SCHEDULE_H */
