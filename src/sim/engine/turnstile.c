// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/turnstile.c - replaying a schedule on real pthreads
 *
 * Simulator-only.  The coop engine with a different way of switching: each
 * simulated thread is a real pthread, and exactly one of them (or the
 * driver) runs at any time, holding the baton.  A switch posts the next
 * thread's semaphore and waits on one's own.  Everything else, the policy,
 * the operations, the trace, is the coop engine's, so a schedule replays
 * identically, but now every simulated thread has its own OS thread: gdb
 * shows them as threads, and ThreadSanitizer sees real threads handing off.
 */
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include "turnstile.h"

struct ts_thread {
	pthread_t pth;
	sem_t baton;
	bool started;
	volatile bool dead;
};

static sem_t ts_main;
static bool ts_main_init;
static struct ts_thread ts[SIM_MAX_THREADS];
static struct sim_world *ts_world;


static void ts_wait(sem_t *s)
{
	while (sem_wait(s))
		;
}

static void *ts_thread_main(void *arg)
{
	struct sim_thread *t = arg;
	struct ts_thread *me = &ts[t->tid];

	ts_wait(&me->baton);
	if (me->dead)
		return NULL;
	sim_self_set(t);
	switch (sigsetjmp(t->abort_jmp, 1)) {
	case 0:
		sim_coop_thread_body(t);
		break;
	case 2:
		sim_thread_fault_report(sim, t);
		break;
	}
	/* crashed (SIGSEGV) or abandoned: hand the baton back for good */
	sem_post(&ts_main);
	for (;;) {
		ts_wait(&me->baton);
		if (me->dead)
			return NULL;
	}
}

void sim_turnstile_start(struct sim_world *w)
{
	int i;

	if (!ts_main_init) {
		sem_init(&ts_main, 0, 0);
		ts_main_init = true;
	}
	ts_world = w;
	for (i = 0; i < w->nthreads; i++) {
		sem_init(&ts[i].baton, 0, 0);
		ts[i].dead = false;
		ts[i].started = true;
		if (pthread_create(&ts[i].pth, NULL, ts_thread_main,
				   &w->threads[i])) {
			perror("reaplab: pthread_create");
			exit(2);
		}
	}
}

void sim_turnstile_switch(struct sim_thread *from, struct sim_thread *to)
{
	struct ts_thread *me = from ? &ts[from->tid] : NULL;

	sem_post(to ? &ts[to->tid].baton : &ts_main);
	ts_wait(me ? &me->baton : &ts_main);
	if (me && me->dead)
		pthread_exit(NULL);
}

void sim_turnstile_stop(struct sim_world *w)
{
	int i;

	for (i = 0; i < w->nthreads; i++) {
		if (!ts[i].started)
			continue;
		ts[i].dead = true;
		sem_post(&ts[i].baton);
		pthread_join(ts[i].pth, NULL);
		sem_destroy(&ts[i].baton);
		ts[i].started = false;
	}
	ts_world = NULL;
}
