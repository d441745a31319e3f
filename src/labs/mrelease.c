// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/labs/mrelease.c - kernel mrelease: how long the host kernel takes to
 *                       free a killed process's memory, with and without
 *                       process_mrelease()
 *
 * Not the model: the host kernel.  The question of zhongjinji's 2025
 * thread and of
 * process_mrelease() itself (884a7e5964e0, v5.15): once a process is
 * killed, how soon is its memory back, and does reaping it from outside,
 * as lmkd does, make that sooner?
 *
 * DOC: kernel mrelease: what is timed
 *
 * A child maps N MiB of anonymous memory, writes to every page, tells the
 * parent and waits in pause().  The parent opens a pidfd for it, and the
 * clock starts: pidfd_send_signal(SIGKILL), then, in the process_mrelease
 * variant, process_mrelease(pidfd, 0) at once; the clock stops when
 * waitpid() has reaped the child, which is after its exit_mmap() is done.
 * With process_mrelease() the parent zaps the child's memory while the
 * child's own exit does too (since v6.1 under the read lock, from opposite
 * ends since v6.18).
 *
 * The timed runs alternate between the variants (ABBA) after one warm-up
 * run.  Then one more run of each is sampled: a thread reads the child's
 * RSS (/proc/<pid>/statm) and the machine's count of freed pages
 * (pgfree in /proc/vmstat, summed over the CPUs when read) every
 * millisecond.  The child's RSS reads 0 as soon as exit_mm() detaches the
 * mm, long before the memory is freed, so pgfree is what shows the
 * teardown (MemFree would not: pages freed to the per-CPU lists are not
 * counted free, and on this kind of virtual machine it hardly moves).
 * Sampling takes CPU time from the teardown it watches, which is why the
 * sampled runs are not the timed ones.
 *
 * DOC: kernel mrelease: calling process_mrelease() in time
 *
 * process_mrelease() works only between the kill and the victim's
 * exit_mm(): before the kill the victim is not dying (EINVAL), after
 * exit_mm() it has no mm left (ESRCH).  pidfd_send_signal() makes it
 * dying at once, so the call comes right after, with nothing in between
 * (the clock is read after it).  What remains is where the victim runs:
 * woken by SIGKILL on the caller's own CPU, it may preempt the caller and
 * be through exit_mm() before the caller makes its next system call,
 * which is how 2 runs in 5 got ESRCH.  So the child runs on another CPU
 * than the parent, both pinned, wherever there are two CPUs to use; the
 * table gives the ESRCH rate that is left.
 */
#define _GNU_SOURCE		/* CPU affinity */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "labs.h"

/*
 * <sys/prctl.h> needs the host's <linux/types.h>, which the model's
 * shadows: prctl(2) by number, its option from <linux/prctl.h>.
 */
#define PR_SET_PDEATHSIG	1

#define MAX_RSS_SAMPLES	20000
#define NR_VARIANTS	2

/* One timed run. */
struct mr_run {
	double ms;		/* kill to reaped */
	double call_ms;		/* the process_mrelease() call */
	int err;		/* its errno, or 0 */
};

/* The sampled run's curve. */
struct mr_curve {
	pid_t pid;
	u64 t0;
	int stop;		/* atomic: the sampler reads it */
	long pgfree0;		/* pages freed on the machine, before */
	long rss0;		/* kB: the child's RSS right before it */
	double reaped_ms;	/* when waitpid() returned */
	unsigned int n;
	double t_ms[MAX_RSS_SAMPLES];
	long rss_kib[MAX_RSS_SAMPLES];	/* -1: no longer readable */
	long freed_kib[MAX_RSS_SAMPLES];	/* freed since the kill */
};

static struct mr_curve curves[NR_VARIANTS];

/* A whole small file into @buf; returns bytes read, or -1. */
static ssize_t read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n >= 0)
		buf[n] = 0;
	return n;
}

/* A field of /proc/meminfo ("MemAvailable:"), in kB, or -1. */
static long meminfo(const char *field)
{
	char buf[8192], *p;

	if (read_small("/proc/meminfo", buf, sizeof(buf)) <= 0)
		return -1;
	p = strstr(buf, field);
	return p ? strtol(p + strlen(field), NULL, 10) : -1;
}

/* Pages freed on the machine since boot (pgfree), or -1. */
static long pgfree(void)
{
	char buf[16384], *p;

	if (read_small("/proc/vmstat", buf, sizeof(buf)) <= 0)
		return -1;
	p = strstr(buf, "\npgfree ");
	return p ? strtol(p + 8, NULL, 10) : -1;
}

/* The child's resident set, kB, or -1 once it cannot be read. */
static long child_rss(pid_t pid)
{
	char path[64], buf[256];
	long size, resident;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	if (read_small(path, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%ld %ld", &size, &resident) != 2)
		return -1;
	return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static void *sampler(void *arg)
{
	struct mr_curve *c = arg;
	struct timespec ms = { 0, 1000000 };

	while (!__atomic_load_n(&c->stop, __ATOMIC_ACQUIRE) &&
	       c->n < MAX_RSS_SAMPLES) {
		unsigned int i = c->n;

		c->t_ms[i] = (bench_now_ns() - c->t0) / 1e6;
		c->rss_kib[i] = child_rss(c->pid);
		c->freed_kib[i] = (pgfree() - c->pgfree0) *
				  (sysconf(_SC_PAGESIZE) / 1024);
		c->n = i + 1;
		nanosleep(&ms, NULL);
	}
	return NULL;
}

/*
 * The CPUs the parent and the child run on (DOC: kernel mrelease: calling
 * process_mrelease() in time); -1: not pinned (one CPU, or no affinity).
 */
static int parent_cpu = -1, child_cpu = -1;
static cpu_set_t allowed;

static void pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* Choose two CPUs the process may use and pin the parent to the first. */
static void pin_parent(void)
{
	int cpu, n = 0;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) ||
	    CPU_COUNT(&allowed) < 2)
		return;
	for (cpu = 0; cpu < CPU_SETSIZE && n < 2; cpu++) {
		if (!CPU_ISSET(cpu, &allowed))
			continue;
		if (n++)
			child_cpu = cpu;
		else
			parent_cpu = cpu;
	}
	pin(parent_cpu);
}

static void unpin_parent(void)
{
	if (parent_cpu >= 0)
		sched_setaffinity(0, sizeof(allowed), &allowed);
	parent_cpu = child_cpu = -1;
}

/* The child: touch @bytes of memory, say so, and wait to be killed. */
static void __attribute__((noreturn)) child(int ready, size_t bytes)
{
	size_t i;
	char *p;

	/* if reaplab dies, so does the child and its memory */
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL);
	pin(child_cpu);
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		_exit(1);
	for (i = 0; i < bytes; i += 4096)
		p[i] = 1;
	if (write(ready, "r", 1) != 1)
		_exit(1);
	for (;;)
		pause();
}

/* waitpid() through Ctrl-C, which only interrupts the wait. */
static void reap(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
}

//! [kernel-mrelease-run]
/*
 * one_run() - fork, touch, kill, (process_mrelease,) reap.  @curve, if
 * not NULL, is sampled meanwhile.  Returns 0, or -1 with a message.
 */
static int one_run(const struct lab_opts *o, bool mrelease,
		   struct mr_curve *curve, struct mr_run *r)
{
	size_t bytes = o->mib << 20;
	pthread_t th;
	int fds[2], pidfd, status, sent;
	ssize_t n;
	u64 t0, t1, call;
	pid_t pid;
	char c;

	memset(r, 0, sizeof(*r));
	if (pipe(fds))
		return perror("reaplab: pipe"), -1;
	pid = lab_fork();
	if (pid < 0) {
		perror("reaplab: fork");
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		close(fds[0]);
		child(fds[1], bytes);
	}
	close(fds[1]);
	while ((n = read(fds[0], &c, 1)) < 0 && errno == EINTR &&
	       !sim_interrupted)
		;
	if (n != 1) {
		/* it failed, or Ctrl-C came first: either way it goes */
		close(fds[0]);
		kill(pid, SIGKILL);
		reap(pid, &status);
		if (sim_interrupted)
			return -1;
		fprintf(stderr, "reaplab: kernel mrelease: the child could not map %lu MiB\n",
			o->mib);
		return -1;
	}
	close(fds[0]);
	pidfd = lab_pidfd_open(pid, 0);
	if (pidfd < 0) {
		perror("reaplab: pidfd_open");
		kill(pid, SIGKILL);
		reap(pid, &status);
		return -1;
	}
	if (curve) {
		memset(curve, 0, sizeof(*curve));
		curve->pid = pid;
		curve->rss0 = child_rss(pid);
		curve->pgfree0 = pgfree();
		curve->t0 = bench_now_ns();
		if (pthread_create(&th, NULL, sampler, curve))
			curve = NULL;
	}

	t0 = bench_now_ns();
	sent = lab_pidfd_send_signal(pidfd, SIGKILL, 0);
	if (mrelease && !sent) {
		/* at once: see DOC: kernel mrelease: calling ... in time */
		if (lab_process_mrelease(pidfd, 0))
			r->err = errno;
		call = bench_now_ns();
		r->call_ms = (call - t0) / 1e6;
	}
	if (sent) {
		perror("reaplab: pidfd_send_signal");
		kill(pid, SIGKILL);
	}
	reap(pid, &status);
	t1 = bench_now_ns();
	r->ms = (t1 - t0) / 1e6;

	if (curve) {
		curve->reaped_ms = r->ms;
		/* a few more samples: the memory may still be on its way */
		struct timespec ms = { 0, 20000000 };

		nanosleep(&ms, NULL);
		__atomic_store_n(&curve->stop, 1, __ATOMIC_RELEASE);
		pthread_join(th, NULL);
	}
	close(pidfd);
	return 0;
}
//! [kernel-mrelease-run]

/* First sample time at which @frac of the child's memory was freed. */
static double regained(const struct mr_curve *c, double frac, double kib)
{
	unsigned int i;

	for (i = 0; i < c->n; i++)
		if (c->freed_kib[i] >= frac * kib)
			return c->t_ms[i];
	return -1;
}

/* Last sample time at which the child's RSS still read above 0. */
static double rss_seen(const struct mr_curve *c)
{
	double t = -1;
	unsigned int i;

	for (i = 0; i < c->n; i++)
		if (c->rss_kib[i] > 0)
			t = c->t_ms[i];
	return t;
}

/* MiB freed by the last sample before the child was reaped. */
static double freed_at_reap(const struct mr_curve *c)
{
	long freed = 0;
	unsigned int i;

	for (i = 0; i < c->n && c->t_ms[i] <= c->reaped_ms; i++)
		freed = c->freed_kib[i];
	return freed / 1024.0;
}

static void thp_mode(char *buf, size_t len)
{
	char raw[256], *a, *b;

	snprintf(buf, len, "unknown");
	if (read_small("/sys/kernel/mm/transparent_hugepage/enabled", raw,
		       sizeof(raw)) <= 0)
		return;
	a = strchr(raw, '[');
	b = a ? strchr(a, ']') : NULL;
	if (a && b)
		snprintf(buf, len, "%.*s", (int)(b - a - 1), a + 1);
}

static const char *const variant_name[NR_VARIANTS] = {
	"plain", "process_mrelease"
};

static void report(const struct lab_opts *o, struct bench_samples *ms,
		   struct bench_samples *call, const unsigned long *failed,
		   int last_err, bool have_mrelease, bool sampled, bool pinned)
{
	static const char *const head[] = {
		"variant", "kill->reaped p50", "min", "max",
		"kill+process_mrelease() p50", "ESRCH", "runs",
	};
	static const char *const curve_head[] = {
		"variant (sampled run)", "RSS at kill", "RSS last read > 0",
		"50% freed", "90% freed", "reaped", "freed by then",
	};
	double kib = o->mib * 1024.0;
	struct bench_table t;
	char rel[128], thp[32], r[32];
	int i, row;
	FILE *f;

	lab_kernel_release(rel, sizeof(rel));
	thp_mode(thp, sizeof(thp));
	bench_say("kernel mrelease (after zhongjinji, 2025): SIGKILL through a pidfd to a child owning %lu MiB, until waitpid() has reaped it\n",
	       o->mib);
	bench_say("  Linux %s; %lu timed runs per variant, interleaved, ms; transparent hugepages: %s\n",
	       rel, o->runs, thp);
	bench_table_init(&t, head, 7);
	for (i = 0; i < NR_VARIANTS; i++) {
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", variant_name[i]);
		if (i && !have_mrelease) {
			bench_table_set(&t, row, 1, "skipped (ENOSYS)");
			continue;
		}
		bench_table_set(&t, row, 1, "%.1f",
				bench_percentile(&ms[i], 50));
		bench_table_set(&t, row, 2, "%.1f",
				bench_percentile(&ms[i], 0));
		bench_table_set(&t, row, 3, "%.1f",
				bench_percentile(&ms[i], 100));
		bench_table_set(&t, row, 4, "%s", i ? "" : "-");
		bench_table_set(&t, row, 5, "%s", i ? "" : "-");
		if (i) {
			bench_table_set(&t, row, 4, "%.1f",
					bench_percentile(&call[i], 50));
			bench_table_set(&t, row, 5, "%lu/%zu (%.0f%%)",
					failed[i], ms[i].n, ms[i].n ?
					100.0 * failed[i] / ms[i].n : 0.0);
		}
		bench_table_set(&t, row, 6, "%zu", ms[i].n);
	}
	bench_table_print(&t, stdout);
	if (have_mrelease) {
		bench_say("plain / process_mrelease at p50: %s\n",
		       bench_ratio(r, sizeof(r), bench_percentile(&ms[0], 50),
				   bench_percentile(&ms[1], 50)));
		if (failed[1])
			bench_say("process_mrelease() failed in %lu run(s): %s (ESRCH: the child had detached its mm first)\n",
			       failed[1], strerror(last_err));
		printf("process_mrelease() called right after pidfd_send_signal(); the child %s\n",
		       pinned ? "on a CPU of its own, the parent pinned to another" :
		       "and the parent unpinned (fewer than two CPUs)");
	}
	if (!sampled)
		return;
	bench_table_init(&t, curve_head, 7);
	for (i = 0; i < NR_VARIANTS; i++) {
		const struct mr_curve *c = &curves[i];

		if (i && !have_mrelease)
			continue;
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", variant_name[i]);
		bench_table_set(&t, row, 1, "%.0f MiB", c->rss0 / 1024.0);
		bench_table_set(&t, row, 2, "%.1f ms", rss_seen(c));
		bench_table_set(&t, row, 3, "%.1f ms", regained(c, 0.5, kib));
		bench_table_set(&t, row, 4, "%.1f ms", regained(c, 0.9, kib));
		bench_table_set(&t, row, 5, "%.1f ms", c->reaped_ms);
		bench_table_set(&t, row, 6, "%.0f MiB", freed_at_reap(c));
	}
	bench_say("teardown, sampled every ms in one more run per variant (-1: never seen; the child's RSS\n"
	       "reads 0 once exit_mm() has detached its mm; pages freed on the machine, /proc/vmstat pgfree,\n"
	       "show the memory coming back):\n");
	bench_table_print(&t, stdout);

	f = bench_csv_open(&o->out, "kernel-mrelease-rss",
			   "variant,t_ms,child_rss_kib,freed_kib");
	for (i = 0; f && i < NR_VARIANTS; i++) {
		unsigned int k;

		for (k = 0; k < curves[i].n; k++)
			fprintf(f, "%s,%.3f,%ld,%ld\n", variant_name[i],
				curves[i].t_ms[k], curves[i].rss_kib[k],
				curves[i].freed_kib[k]);
	}
	bench_csv_close(&o->out, f, "kernel-mrelease-rss");
}

static int run(const struct lab *l, const struct lab_opts *opts)
{
	struct lab_opts o = *opts;
	struct bench_samples ms[NR_VARIANTS] = { 0 };
	struct bench_samples call[NR_VARIANTS] = { 0 };
	unsigned long failed[NR_VARIANTS] = { 0 }, k;
	bool have_mrelease = true, pinned;
	int last_err = 0;
	struct mr_run r;
	long avail;
	FILE *f;
	int i, j, rc = 0;

	if (!o.mib)
		o.mib = l->mib;
	if (!o.runs)
		o.runs = l->runs;
	if (lab_probe("fork") == ENOSYS) {
		lab_skipped("fork", "kernel mrelease");
		return 0;
	}
	if (lab_probe("pidfd_open") == ENOSYS) {
		lab_skipped("pidfd_open", "kernel mrelease");
		return 0;
	}
	if (lab_probe("pidfd_send_signal") == ENOSYS) {
		lab_skipped("pidfd_send_signal", "kernel mrelease");
		return 0;
	}
	if (lab_probe("process_mrelease") == ENOSYS) {
		lab_skipped("process_mrelease", "kernel mrelease: the process_mrelease variant");
		have_mrelease = false;
	}
	avail = meminfo("MemAvailable:");
	if (avail > 0 && (long)(o.mib * 1024) > avail / 10 * 8) {
		fprintf(stderr, "reaplab: kernel mrelease: %lu MiB is more than 80%% of the %ld MiB available\n",
			o.mib, avail / 1024);
		return 2;
	}

	f = bench_csv_open(&o.out, "kernel-mrelease",
			   "variant,run,kill_to_reaped_ms,process_mrelease_ms,process_mrelease_errno");
	pin_parent();
	pinned = parent_cpu >= 0;
	/* a warm-up run, not counted */
	if (one_run(&o, false, NULL, &r))
		rc = !sim_interrupted;
	for (k = 0; k < o.runs && !rc && !sim_interrupted; k++) {
		for (j = 0; j < NR_VARIANTS && !rc; j++) {
			i = k % 2 ? NR_VARIANTS - 1 - j : j;
			if (i && !have_mrelease)
				continue;
			if (one_run(&o, i, NULL, &r)) {
				rc = !sim_interrupted;
				break;
			}
			bench_samples_add(&ms[i], r.ms);
			if (i) {
				bench_samples_add(&call[i], r.call_ms);
				if (r.err) {
					failed[i]++;
					last_err = r.err;
				}
			}
			if (f)
				fprintf(f, "%s,%lu,%.3f,%.3f,%d\n",
					variant_name[i], k, r.ms,
					i ? r.call_ms : 0.0, r.err);
		}
		bench_progress(&o.out, "kernel mrelease: %lu of %lu runs",
			       k + 1, o.runs);
	}
	bench_csv_close(&o.out, f, "kernel-mrelease");
	for (i = 0; i < NR_VARIANTS && !rc && !sim_interrupted; i++)
		if ((!i || have_mrelease) &&
		    one_run(&o, i, &curves[i], &r))
			rc = !sim_interrupted;
	unpin_parent();
	/* Ctrl-C: the runs done so far, without the sampled ones */
	if (!rc && ms[0].n)
		report(&o, ms, call, failed, last_err, have_mrelease,
		       !sim_interrupted, pinned);
	for (i = 0; i < NR_VARIANTS; i++) {
		bench_samples_free(&ms[i]);
		bench_samples_free(&call[i]);
	}
	return rc;
}

const struct lab lab_mrelease = {
	.name = "mrelease",
	.source = "zhongjinji, 2025",
	.summary = "kill a child owning N MiB through a pidfd; time until reaped, with and without process_mrelease",
	.mib = 2048,
	.runs = 5,
	.run = run,
};
