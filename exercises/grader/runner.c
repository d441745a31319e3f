// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/runner.c - `reaplab grade`: run a lab's tests, score them
 *
 * Simulator-only.  See DOC: Graders in grade.h.
 *
 * DOC: The grader's trust boundary
 *
 * The runner (this process) never runs a test's body.  Each test runs in
 * a process of its own, forked for it, which runs the student's code; the
 * runner decides the test's result from what it can check itself:
 *
 *   - the test process's report, on a pipe of its own: "pass", or "fail"
 *     and one line; written by the test's own code once its body has
 *     returned (grade_fail() writes the failure);
 *   - for a test the fix labs share (a proof, a reap, an exit that
 *     frees), the record its check wrote when it concluded ("proved
 *     proc-reader 1234", grade_record()), re-checked here against the
 *     test's own table and against the transcript: a pass needs the
 *     proof of the test's scenario, in the report and in the words the
 *     transcript shows ("lab/proc-reader: Never (DPOR, 1234 executions,
 *     complete)"); a scenario whose system call the era lacks ("na")
 *     counts only for a test whose table says it may (.na);
 *   - how the test process ended (a pass needs exit status 0 after a
 *     pass report, and the pipe closed);
 *   - what the runner measured: the time (a timeout kills), the memory
 *     (the resident size, read from /proc while the test runs: over
 *     GRADE_MEMORY_MB, it is killed), the signal that ended it.
 *
 * No memory is shared with the test process, and no exit status alone is
 * a pass: a submission that writes where it should not, or calls exit(0),
 * fails the test it runs in.  Before the body, the test process closes
 * every descriptor but its transcript and its report, takes its limits
 * (output size; address space when no sanitizer reserves it) and installs
 * its sandbox (sandbox.c: no new process, no signal to another, no file
 * written, no executable memory).  The runner is a child subreaper: when
 * the test ends, every process it left, in whatever session, is
 * re-parented to the runner, which kills them all before the next test.
 *
 * What a student's C can still do is bounded by what ran before it was
 * compiled and linked: the AST check against the lab's allow-list
 * (astcheck.py, DOC: What a lab's code is checked against: no address
 * computed, no function pointer, no cast between pointers and integers,
 * no asm, no attribute) and vet.sh's checks of the text and the object
 * (DOC: What a lab's code may be).  The re-check of a shared check's
 * record above is a second line for a report forged all the same.
 * exercises/README.md ("Trust") says what that leaves.
 *
 * CK_FORK=no runs the bodies in this process, without limits or sandbox,
 * for a debugger; one misbehaving submission then takes the grader down
 * with it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "grade.h"
#include "../../src/cli/cli.h"

#define GRADE_TIMEOUT		30.0
#define GRADE_FSIZE		(4UL << 20)
#define GRADE_MEMORY_MB		2048UL
#define GRADE_SHOW_LINES	200
/* The test process's report: this descriptor, in the test process. */
#define REPORT_FD		3

/* <sys/prctl.h> needs the host's <linux/types.h>: prctl(2) by number. */
#define PR_SET_PDEATHSIG	1
#define PR_SET_CHILD_SUBREAPER	36

static const char *sub_dir;
static char lab_dir[256];
static const char *self = "reaplab";
static const char *out_dir;
const char *grade_broken_log;
static const char *rejected_log;

/* What lab.conf says (exercises/NN-slug/lab.conf). */
static struct {
	char title[160], kind[32], chapter[64], difficulty[32];
	int points;
} conf;

/* In a test process: the test's body is running (grade_fail() ends it). */
static bool in_test;
/* In a test process: which test (grade_test_running()). */
static int running = -1;
/* CK_FORK=no: the body runs here; grade_fail() comes back through this. */
static bool forking = true;
static sigjmp_buf nofork_jmp;
static char nofork_msg[1024];
/* In the runner: Ctrl-C or SIGTERM asked it to stop. */
static volatile sig_atomic_t stop_asked;

const char *grade_sub(void)
{
	return sub_dir;
}

const char *grade_lab_dir(void)
{
	return lab_dir;
}

const char *grade_self(void)
{
	return self;
}

/*
 * The random seed of this grading's names, pids and order (DOC: Names,
 * pids and order from a random seed, in src/sim/world/scenario.c), for a lab whose student writes
 * an era: GRADE_SEED, else REAPLAB_SEED, else drawn now; 0 for the other
 * labs (a program's threads, a historical era's run, are as written).
 * Put in REAPLAB_SEED before any world is built, so that every test
 * process and every command a failure prints builds the same worlds.
 */
static unsigned long random_seed;

static void draw_seed(void)
{
	const struct era *e = sim_era_by_name("lab");
	const char *env = getenv("GRADE_SEED");
	char buf[32];

	if (!e || e->program)
		return;
	if (!env || !*env)
		env = getenv("REAPLAB_SEED");
	random_seed = env ? strtoul(env, NULL, 10) : 0;
	if (!random_seed) {
		int fd = open("/dev/urandom", O_RDONLY);
		unsigned int r = 0;

		if (fd < 0 || read(fd, &r, sizeof(r)) != sizeof(r))
			r = (unsigned int)time(NULL) ^ (unsigned int)getpid();
		if (fd >= 0)
			close(fd);
		random_seed = 1 + r % 999999;
	}
	snprintf(buf, sizeof(buf), "%lu", random_seed);
	setenv("REAPLAB_SEED", buf, 1);
}

const char *grade_seed_prefix(void)
{
	static char prefix[48];

	if (!getenv("REAPLAB_SEED") || !strtoul(getenv("REAPLAB_SEED"), NULL, 10))
		return "";
	snprintf(prefix, sizeof(prefix), "REAPLAB_SEED=%s ",
		 getenv("REAPLAB_SEED"));
	return prefix;
}

const struct grade_test *grade_test_running(void)
{
	return running >= 0 ? &grade_lab.tests[running] : NULL;
}

/* write(2) all of @s to @fd; async-signal-safe. */
static void put(int fd, const char *s)
{
	size_t n = strlen(s);

	while (n) {
		ssize_t w = write(fd, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= w;
	}
}

void grade_fail(const char *fmt, ...)
{
	char msg[1024], *nl;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fflush(stdout);
	fflush(stderr);
	if (!in_test) {
		/* --answer: no test to fail, one line to say why */
		fprintf(stderr, "reaplab: grade: %s\n", msg);
		exit(EXIT_USAGE);
	}
	while ((nl = strchr(msg, '\n')))
		*nl = ' ';
	if (!forking) {
		snprintf(nofork_msg, sizeof(nofork_msg), "%s", msg);
		siglongjmp(nofork_jmp, 1);
	}
	put(REPORT_FD, "fail ");
	put(REPORT_FD, msg);
	put(REPORT_FD, "\n");
	_exit(1);
}

void grade_record(const char *fmt, ...)
{
	char rec[256];
	va_list ap;

	if (!in_test || !forking)
		return;
	va_start(ap, fmt);
	vsnprintf(rec, sizeof(rec), fmt, ap);
	va_end(ap);
	put(REPORT_FD, "record ");
	put(REPORT_FD, rec);
	put(REPORT_FD, "\n");
}

static void strip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = 0;
}

static int read_conf(void)
{
	char path[300], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/lab.conf", lab_dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot read %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *v;

		if (line[0] == '#' || !colon)
			continue;
		*colon = 0;
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		strip(v);
		if (!strcmp(line, "title"))
			snprintf(conf.title, sizeof(conf.title), "%s", v);
		else if (!strcmp(line, "kind"))
			snprintf(conf.kind, sizeof(conf.kind), "%s", v);
		else if (!strcmp(line, "chapter"))
			snprintf(conf.chapter, sizeof(conf.chapter), "%s", v);
		else if (!strcmp(line, "difficulty"))
			snprintf(conf.difficulty, sizeof(conf.difficulty), "%s",
				 v);
		else if (!strcmp(line, "points"))
			conf.points = atoi(v);
	}
	fclose(f);
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void transcript_path(int i, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.out", out_dir, grade_lab.tests[i].name);
}

static unsigned long memory_mb(void)
{
	const char *env = getenv("GRADE_MEMORY_MB");
	unsigned long mb = env ? strtoul(env, NULL, 10) : 0;

	return mb ? mb : GRADE_MEMORY_MB;
}

static double timeout_of(const struct grade_test *t)
{
	const char *env = getenv("CK_TIMEOUT_MULTIPLIER");
	double m = env ? strtod(env, NULL) : 1.0;

	return (t->timeout > 0 ? t->timeout : GRADE_TIMEOUT) * (m > 0 ? m : 1.0);
}

/* --- in the test process ---------------------------------------------- */

/*
 * A fault, as the test process saw it: the signal, where the code was,
 * what it touched, and whether its address space was full (then the
 * fault is most likely a NULL from an allocation that failed).  Written
 * to the report before the process dies of it; if the coop engine makes
 * the fault a verdict instead, the test goes on and its result replaces
 * this line.
 */
static struct sigaction old_fault[32];

static void put_hex(int fd, uintptr_t x)
{
	char buf[2 + 2 * sizeof(x) + 1], *p = buf + sizeof(buf) - 1;

	*p = 0;
	do {
		*--p = "0123456789abcdef"[x & 15];
		x >>= 4;
	} while (x);
	*--p = 'x';
	*--p = '0';
	put(fd, p);
}

/* A full address space cannot give 64 MiB more; async-signal-safe. */
static bool address_space_full(void)
{
	void *probe = mmap(NULL, 64UL << 20, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (probe == MAP_FAILED)
		return true;
	munmap(probe, 64UL << 20);
	return false;
}

void grade_report_pc(uintptr_t pc)
{
	put(REPORT_FD, "pc ");
	put_hex(REPORT_FD, pc);
	put(REPORT_FD, "\n");
}

/*
 * exit() during a test: the code under test called it, or the simulator
 * did when an allocation failed.  Say which the address space suggests.
 */
static void on_exit_in_test(int status, void *arg)
{
	(void)arg;
	if (!in_test)
		return;
	put(REPORT_FD, address_space_full() ? "exit full\n" : "exit room\n");
	/*
	 * Nothing else is to run in this process: LeakSanitizer's check at
	 * exit cannot work in the sandbox (it would end the test with a
	 * fatal error of its own instead of the exit status).
	 */
	fflush(NULL);
	_exit(status);
}

static void on_fault(int sig, siginfo_t *si, void *ucp)
{
	uintptr_t pc = grade_fault_pc(ucp);
	char s[4] = { '0' + sig / 10, '0' + sig % 10, ' ', 0 };
	bool full = address_space_full();

	put(REPORT_FD, "fault ");
	put(REPORT_FD, s);
	put_hex(REPORT_FD, pc);
	put(REPORT_FD, " ");
	put_hex(REPORT_FD, (uintptr_t)si->si_addr);
	put(REPORT_FD, full ? " full\n" : " room\n");
	if (old_fault[sig].sa_flags & SA_SIGINFO) {
		old_fault[sig].sa_sigaction(sig, si, ucp);
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void watch_faults(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa;
	size_t i;

	/* the coop engine's handler first: ours reports, then calls it */
	sim_install_segv();
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, &old_fault[sigs[i]]);
}

/*
 * Every descriptor but 0, 1, 2, REPORT_FD and the line server's (DOC:
 * One line server for a grading, src/sim/engine/symbols.c) closed.
 */
static void close_others(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int fds[256], n = 0, i;

	if (!d) {
		for (i = REPORT_FD + 1; i < 1024; i++)
			close(i);
		return;
	}
	while ((e = readdir(d)) && n < 256) {
		int fd = atoi(e->d_name);

		if (e->d_name[0] != '.' && fd > REPORT_FD && fd != dirfd(d) &&
		    !sim_source_lines_fd(fd))
			fds[n++] = fd;
	}
	closedir(d);
	for (i = 0; i < n; i++)
		close(fds[i]);
}

/*
 * The test process, before the body: its own process group, death with
 * the runner, stdin from /dev/null, stdout and stderr into the
 * transcript, the report on REPORT_FD and nothing else open, its limits,
 * its fault reporter and its sandbox.
 */
static void child_setup(int i, int report)
{
	struct rlimit fsize = { GRADE_FSIZE, GRADE_FSIZE };
	struct rlimit core = { 0, 0 };
	const char *why;
	char path[512];
	int fd;

	setpgid(0, 0);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (report != REPORT_FD) {
		dup2(report, REPORT_FD);
		close(report);
	}
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0 && fd != 0) {
		dup2(fd, 0);
		close(fd);
	}
	setrlimit(RLIMIT_CORE, &core);
#if !defined(SIM_ASAN) && !defined(SIM_TSAN)
	{
		/* the sanitizers reserve terabytes of shadow up front */
		struct rlimit as;

		as.rlim_cur = as.rlim_max = memory_mb() << 20;
		setrlimit(RLIMIT_AS, &as);
	}
#endif
	transcript_path(i, path, sizeof(path));
	fflush(stdout);
	fflush(stderr);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	close_others();
	setrlimit(RLIMIT_FSIZE, &fsize);
	/* the default action of SIGXFSZ ends the process: nothing to catch */
	signal(SIGXFSZ, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	watch_faults();
	on_exit(on_exit_in_test, NULL);
	/*
	 * a race's report names its lines: addr2line, started while we may
	 * (the runner's, if it started one: then this does nothing)
	 */
	sim_source_lines_serve();
	why = getenv("GRADE_SANDBOX") && !strcmp(getenv("GRADE_SANDBOX"), "0") ?
	      NULL : grade_sandbox();
	if (why)
		printf("(no sandbox: %s)\n", why);
}

/* A test's body: its own, or one of the checks the fix labs share. */
static void run_body_once(const struct grade_test *t)
{
	switch (t->check) {
	case GRADE_PROVE:
		grade_prove("lab", t->scenario, t->params);
		break;
	case GRADE_REAPS:
		grade_reaper_reaps("lab", t->scenario, t->who);
		break;
	case GRADE_FREES:
		grade_exit_frees("lab", t->scenario, t->params);
		break;
	case GRADE_RUN:
		t->run();
		break;
	}
}

/*
 * DOC: A second size
 *
 * A fix or break lab's test runs twice: at the sizes its table names (the
 * scenario's own, as the book draws them), then with the victim's VMA
 * count changed to another of 2, 3 and 4, drawn from the grading's
 * random seed (GRADE_SEED replays it; every command a failure prints
 * carries the size in its -o).  Code can count the victim's VMAs (a walk
 * of its list or tree), so a fix done only for the count every scenario
 * has (red-team pass: v5.17's lock only for an mm of two VMAs, v5.15's
 * use-after-free for any other, had lab 10's 50/50; a walk down only from
 * three VMAs up, lab 12's 40/40) passes the first and fails the second.  Labs without a
 * random seed (programs, schedules, answers) run once: a schedule is a
 * size's.
 */
static void run_body(const struct grade_test *t)
{
	run_body_once(t);
	if (!random_seed)
		return;
	printf("\nAgain, with another number of VMAs in the victim, drawn from the random seed (the -o vmas= of the commands below):\n\n");
	fflush(stdout);
	grade_other_size = 1;
	run_body_once(t);
	grade_other_size = 0;
}

static __attribute__((noreturn)) void child_main(int i, int report)
{
	child_setup(i, report);
	running = i;
	in_test = true;
	run_body(&grade_lab.tests[i]);
	in_test = false;
	fflush(stdout);
	fflush(stderr);
	put(REPORT_FD, "pass\n");
	_exit(0);
}

/* --- in the runner ------------------------------------------------------ */

enum outcome { GRADE_PASS, GRADE_FAIL, GRADE_SKIP };

struct result {
	enum outcome outcome;
	int points;
	double seconds;
	char msg[1024];
};

/* The resident size of @pid in MiB, from /proc; 0 if it cannot be read. */
static unsigned long rss_mb(pid_t pid)
{
	char path[64], line[256];
	unsigned long kb = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %lu kB", &kb) == 1)
			break;
	fclose(f);
	return kb >> 10;
}

/*
 * Kill every process the test left: this runner is a child subreaper, so
 * each one, in whatever session, is re-parented to it once its parent is
 * gone.  Kill our children (but the line server, the next test's too),
 * reap them, look again, until none is left.
 */
static void kill_descendants(void)
{
	pid_t me = getpid();
	int round;

	for (round = 0; round < 10000; round++) {
		DIR *d = opendir("/proc");
		struct dirent *e;
		int found = 0;

		while (d && (e = readdir(d))) {
			char path[300], buf[512], *p;
			int pid = atoi(e->d_name), ppid;
			FILE *f;

			if (pid <= 0)
				continue;
			snprintf(path, sizeof(path), "/proc/%d/stat", pid);
			f = fopen(path, "r");
			if (!f)
				continue;
			p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
			fclose(f);
			if (p && sscanf(p + 1, " %*c %d", &ppid) == 1 &&
			    ppid == me && pid != sim_source_lines_pid()) {
				kill(pid, SIGKILL);
				found++;
			}
		}
		if (d)
			closedir(d);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!found)
			return;
		usleep(1000);
	}
}

static const char *signal_words(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "segmentation fault (SIGSEGV)";
	case SIGBUS:
		return "bus error (SIGBUS)";
	case SIGFPE:
		return "arithmetic fault (SIGFPE)";
	case SIGILL:
		return "illegal instruction (SIGILL)";
	case SIGABRT:
		return "abort() (SIGABRT)";
	case SIGSYS:
		return "a system call the sandbox forbids (SIGSYS)";
	default:
		return strsignal(sig);
	}
}

/* The fault line of a report ("fault SIG PC ADDR full|room"), in words. */
static void explain_fault(const char *fault, char *msg, size_t len)
{
	unsigned long pc = 0, addr = 0;
	char room[8] = "", where[600] = "", at[512];
	int sig = 0;
	size_t n;

	if (sscanf(fault, "fault %d %lx %lx %7s", &sig, &pc, &addr, room) != 4)
		return;
	if (!strcmp(room, "full"))
		n = snprintf(msg, len,
			     "out of memory: its address space reached the memory limit (%lu MiB, GRADE_MEMORY_MB), then it crashed: %s",
			     memory_mb(), signal_words(sig));
	else
		n = snprintf(msg, len, "crashed: %s", signal_words(sig));
	if (pc) {
		const char *fn = sim_symbol((void *)pc);

		if (strcmp(fn, "?"))
			snprintf(where, sizeof(where), " in %s()", fn);
		if (grade_source_line(pc, at, sizeof(at)))
			snprintf(where + strlen(where),
				 sizeof(where) - strlen(where), " at %s", at);
	}
	if (n < len)
		snprintf(msg + n, len - n, "%s%s", where,
			 sig == SIGSEGV || sig == SIGBUS ?
			 addr < 4096 ? ", reading or writing near NULL" :
			 ", at a bad address" : "");
}

/* " in FN() at FILE:LINE" of code address @pc, after @msg. */
static void append_where(char *msg, size_t len, unsigned long pc)
{
	const char *fn = sim_symbol((void *)pc);
	char at[512];
	size_t n = strlen(msg);

	if (!strcmp(fn, "?"))
		return;
	if (grade_source_line(pc, at, sizeof(at)))
		snprintf(msg + n, len - n, " in %s() at %s", fn, at);
	else
		snprintf(msg + n, len - n, " in %s()", fn);
}

static void on_stop(int sig)
{
	(void)sig;
	stop_asked = 1;
}

/* The test in this process: CK_FORK=no, for a debugger. */
static void run_here(int i, struct result *res)
{
	double start = now();

	running = i;
	if (!sigsetjmp(nofork_jmp, 1)) {
		in_test = true;
		run_body(&grade_lab.tests[i]);
		in_test = false;
		res->outcome = GRADE_PASS;
		res->points = grade_lab.tests[i].points;
	} else {
		in_test = false;
		res->outcome = GRADE_FAIL;
		res->points = 0;
		snprintf(res->msg, sizeof(res->msg), "%s", nofork_msg);
	}
	res->seconds = now() - start;
}

/* Does the transcript of test @i hold the line @want? */
static bool transcript_says(int i, const char *want)
{
	char path[512], line[512];
	bool found = false;
	FILE *f;

	transcript_path(i, path, sizeof(path));
	f = fopen(path, "r");
	while (f && !found && fgets(line, sizeof(line), f)) {
		strip(line);
		found = !strcmp(line, want);
	}
	if (f)
		fclose(f);
	return found;
}

/*
 * A pass of test @i, re-checked: what its check recorded (@records, one
 * a line) must be the conclusion its table asks for, on its scenario;
 * a proof must also be in the transcript, in the words grade_prove()
 * prints.  NULL if it is, else why not.
 */
static const char *recheck(int i, const char *records)
{
	const struct grade_test *t = &grade_lab.tests[i];
	char want[160], line[300];
	const char *r;
	unsigned long n;

	if (t->check == GRADE_RUN)
		return NULL;
	for (r = records; *r; r += strcspn(r, "\n") + (r[strcspn(r, "\n")] != 0)) {
		char scn[64] = "", who = 0;

		snprintf(line, sizeof(line), "%.*s", (int)strcspn(r, "\n"), r);
		switch (t->check) {
		case GRADE_PROVE:
			if (sscanf(line, "proved %63s %lu", scn, &n) == 2 &&
			    !strcmp(scn, t->scenario) && n > 0) {
				snprintf(want, sizeof(want),
					 "lab/%s: Never (DPOR, %lu executions, complete)",
					 scn, n);
				if (transcript_says(i, want))
					return NULL;
			}
			if (sscanf(line, "na %63s", scn) == 1 &&
			    !strcmp(scn, t->scenario) && t->na)
				return NULL;
			break;
		case GRADE_REAPS:
			if (sscanf(line, "reaped %63s %c", scn, &who) == 2 &&
			    !strcmp(scn, t->scenario) && who == t->who)
				return NULL;
			break;
		case GRADE_FREES:
			if (sscanf(line, "freed %63s", scn) == 1 &&
			    !strcmp(scn, t->scenario))
				return NULL;
			break;
		case GRADE_RUN:
			break;
		}
	}
	return t->check == GRADE_PROVE ?
	       "the test process reported a pass, but not the proof it rests on (no record of a complete DPOR proof of its scenario in its report and transcript): code under test that wrote the report itself?" :
	       "the test process reported a pass, but not the check it rests on (no record of it in its report): code under test that wrote the report itself?";
}

static void run_test(int i, struct result *res)
{
	const struct grade_test *t = &grade_lab.tests[i];
	double timeout = timeout_of(t), start;
	unsigned long limit = memory_mb(), mb = 0;
	char report[4096] = "", path[512];
	size_t got = 0;
	bool timed_out = false, too_big = false, ended = false, eof = false;
	double ended_at = 0;
	int status = 0, p[2];
	pid_t pid;

	/* no transcript of an earlier run may pass for this one's */
	transcript_path(i, path, sizeof(path));
	unlink(path);
	res->msg[0] = 0;
	res->outcome = GRADE_FAIL;
	res->points = 0;
	if (!forking) {
		run_here(i, res);
		return;
	}
	fflush(stdout);
	fflush(stderr);
	if (pipe(p)) {
		snprintf(res->msg, sizeof(res->msg), "the test did not run: pipe: %s",
			 strerror(errno));
		return;
	}
	start = now();
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		snprintf(res->msg, sizeof(res->msg), "the test did not run: fork: %s",
			 strerror(errno));
		return;
	}
	if (!pid) {
		close(p[0]);
		child_main(i, p[1]);
	}
	close(p[1]);
	/*
	 * Read the report until the pipe closes, watching the clock and the
	 * memory; once the test process has ended, whatever it left holding
	 * the pipe is killed (kill_descendants() below), so EOF comes.
	 */
	while (!eof) {
		struct pollfd pfd = { p[0], POLLIN, 0 };
		int r = poll(&pfd, 1, 50);

		if (r > 0) {
			ssize_t n = read(p[0], report + got,
					 sizeof(report) - 1 - got);

			if (n > 0)
				got += n;
			else if (n == 0 || errno != EINTR)
				eof = true;
			if (got == sizeof(report) - 1)
				got = 0;	/* a flood: only its end counts */
		}
		if (!ended && waitpid(pid, &status, WNOHANG) == pid) {
			ended = true;
			ended_at = now();
			kill_descendants();
		}
		/* no subreaper: what holds the pipe may not be ours to kill */
		if (ended && now() - ended_at > 5)
			break;
		if (!ended && !timed_out && !too_big) {
			mb = rss_mb(pid);
			if (mb > limit)
				too_big = true;
			else if (now() - start > timeout)
				timed_out = true;
			else if (!stop_asked)
				continue;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
	}
	close(p[0]);
	if (!ended)
		waitpid(pid, &status, 0);
	kill_descendants();
	res->seconds = now() - start;
	report[got] = 0;

	/* the last word of the report is the test's */
	{
		char *last = NULL, *fault = NULL, *l, *save = NULL;
		char records[2048] = "";
		bool full_at_exit = false;
		unsigned long pc = 0;
		const char *why;

		for (l = strtok_r(report, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			if (!strncmp(l, "record ", 7) &&
			    strlen(records) + strlen(l) + 2 < sizeof(records))
				strcat(strcat(records, l + 7), "\n");
			if (!strcmp(l, "pass") || !strncmp(l, "fail ", 5))
				last = l;
			else if (!strncmp(l, "fault ", 6))
				fault = l;
			else if (!strncmp(l, "pc ", 3))
				sscanf(l + 3, "%lx", &pc);
			else if (!strcmp(l, "exit full"))
				full_at_exit = true;
		}
		if (stop_asked) {
			snprintf(res->msg, sizeof(res->msg), "interrupted");
		} else if (timed_out) {
			snprintf(res->msg, sizeof(res->msg),
				 "timed out after %.0f s (CK_TIMEOUT_MULTIPLIER scales it): an endless loop, or a search that cannot end",
				 timeout);
		} else if (too_big) {
			snprintf(res->msg, sizeof(res->msg),
				 "killed: it went over the memory limit of %lu MiB (%lu MiB resident; GRADE_MEMORY_MB sets the limit): an allocation without end?",
				 limit, mb);
		} else if (last && !strcmp(last, "pass") && WIFEXITED(status) &&
			   !WEXITSTATUS(status) && (why = recheck(i, records))) {
			snprintf(res->msg, sizeof(res->msg), "%s", why);
		} else if (last && !strcmp(last, "pass") && WIFEXITED(status) &&
			   !WEXITSTATUS(status)) {
			res->outcome = GRADE_PASS;
			res->points = t->points;
		} else if (last && !strncmp(last, "fail ", 5) &&
			   WIFEXITED(status)) {
			snprintf(res->msg, sizeof(res->msg), "%s", last + 5);
			if (pc)
				append_where(res->msg, sizeof(res->msg), pc);
		} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
			snprintf(res->msg, sizeof(res->msg),
				 "killed: it printed more than %lu MiB (SIGXFSZ)",
				 GRADE_FSIZE >> 20);
		} else if (WIFSIGNALED(status) && fault &&
			   atoi(fault + 6) == WTERMSIG(status)) {
			explain_fault(fault, res->msg, sizeof(res->msg));
		} else if (WIFSIGNALED(status)) {
			snprintf(res->msg, sizeof(res->msg), "%s: %s",
				 WTERMSIG(status) == SIGKILL ? "killed" : "crashed",
				 signal_words(WTERMSIG(status)));
		} else if (full_at_exit) {
			snprintf(res->msg, sizeof(res->msg),
				 "out of memory: its address space reached the memory limit (%lu MiB, GRADE_MEMORY_MB), and the simulator, unable to allocate, exited (%d): an allocation without end?",
				 limit, WIFEXITED(status) ?
				 WEXITSTATUS(status) : -1);
		} else {
			snprintf(res->msg, sizeof(res->msg),
				 "the code under test called exit(%d) before the test was done: a kernel function must return",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		}
	}
}

/*
 * @s on @f with every control character made visible: a transcript, a
 * message, holds what the code under test printed, and may not move the
 * cursor, clear the screen or print over the score.  Tabs and valid UTF-8
 * pass; other C0 and C1 controls, DEL, bidirectional overrides and bytes
 * that are no UTF-8 are written as \xNN (or \u{NNNN}).
 */
void grade_print_safe(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned int c = *p, cp = 0;
		int n = 0, k;

		if (c == '\t' || (c >= 0x20 && c < 0x7f)) {
			fputc(c, f);
			p++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			n = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 3, cp = c & 0x07;
		for (k = 1; k <= n; k++) {
			if ((p[k] & 0xc0) != 0x80)
				break;
			cp = cp << 6 | (p[k] & 0x3f);
		}
		if (n && k > n && !(cp >= 0x80 && cp < 0xa0) &&
		    !(cp >= 0x202a && cp <= 0x202e) &&
		    !(cp >= 0x2066 && cp <= 0x2069) &&
		    !(n == 2 && cp < 0x800) && !(n == 3 && cp < 0x10000) &&
		    !(cp >= 0xd800 && cp <= 0xdfff) && cp <= 0x10ffff) {
			fwrite(p, 1, n + 1, f);
			p += n + 1;
			continue;
		}
		if (n && k > n)
			fprintf(f, "\\u{%04x}", cp), p += n + 1;
		else
			fprintf(f, "\\x%02x", c), p++;
	}
}

/* Print the transcript of a failed test, indented, and keep it. */
static void show_transcript(int i)
{
	char path[512], line[512];
	int n = 0, more = 0;
	FILE *f;

	transcript_path(i, path, sizeof(path));
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (n++ >= GRADE_SHOW_LINES) {
			more++;
			continue;
		}
		strip(line);
		fputs("    ", stdout);
		grade_print_safe(stdout, line);
		putchar('\n');
	}
	fclose(f);
	if (more)
		printf("    ... %d more lines in %s\n", more, path);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static const char *const outcome_names[] = { "pass", "fail", "skip" };

static void write_json(const char *path, const struct result *res, int n,
		       int score, int max, double seconds)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot write %s: %s\n", path,
			strerror(errno));
		return;
	}
	fprintf(f, "{\"lab\": ");
	json_str(f, grade_lab_id);
	fprintf(f, ", \"title\": ");
	json_str(f, conf.title);
	fprintf(f, ", \"kind\": ");
	json_str(f, conf.kind);
	fprintf(f, ", \"chapter\": ");
	json_str(f, conf.chapter);
	fprintf(f, ", \"score\": %d, \"max\": %d, \"seconds\": %.2f, \"random_seed\": %lu, \"tests\": [",
		score, max, seconds, random_seed);
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];

		if (res[i].outcome == GRADE_SKIP && !res[i].msg[0])
			continue;
		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		json_str(f, t->name);
		fprintf(f, ", \"title\": ");
		json_str(f, t->title);
		fprintf(f, ", \"points\": %d, \"max\": %d, \"status\": \"%s\", \"seconds\": %.2f, \"message\": ",
			res[i].points, t->points, outcome_names[res[i].outcome],
			res[i].seconds);
		json_str(f, res[i].msg);
		fputc('}', f);
	}
	fprintf(f, "\n]}\n");
	fclose(f);
}

/*
 * A test's output for a course platform: the failure's line, then its
 * transcript (at most GRADE_SHOW_LINES lines), control characters made
 * visible.
 */
static char *platform_output(int i, const struct result *r)
{
	char *buf = NULL, path[512], line[512];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len), *f;
	int n = 0;

	if (!m)
		return NULL;
	if (r->outcome != GRADE_PASS)
		grade_print_safe(m, r->msg), fputc('\n', m);
	transcript_path(i, path, sizeof(path));
	f = r->outcome == GRADE_FAIL ? fopen(path, "r") : NULL;
	while (f && fgets(line, sizeof(line), f) && n++ < GRADE_SHOW_LINES) {
		strip(line);
		grade_print_safe(m, line);
		fputc('\n', m);
	}
	if (f)
		fclose(f);
	fclose(m);
	return buf;
}

/*
 * Gradescope's autograder format, one lab's share: its tests, each
 * {"name", "score", "max_score", "status", "output", "visibility"},
 * comma-separated, for grade.sh to put in "tests": [...].
 */
static void write_gradescope(const char *path, const struct result *res,
			     int n)
{
	FILE *f = fopen(path, "w");
	const char *sep = "";
	char name[256];
	int i;

	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot write %s: %s\n", path,
			strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];
		char *o;

		if (res[i].outcome == GRADE_SKIP && !res[i].msg[0])
			continue;
		snprintf(name, sizeof(name), "%s: %s", grade_lab_id, t->title);
		fprintf(f, "%s{\"name\": ", sep);
		json_str(f, name);
		fprintf(f, ", \"score\": %d, \"max_score\": %d, \"status\": \"%s\", \"visibility\": \"visible\", \"output_format\": \"text\", \"output\": ",
			res[i].points, t->points,
			res[i].outcome == GRADE_PASS ? "passed" : "failed");
		o = platform_output(i, &res[i]);
		json_str(f, o ? o : "");
		free(o);
		fputc('}', f);
		sep = ",\n";
	}
	fputc('\n', f);
	fclose(f);
}

/*
 * TAP, one lab's share: "ok - LAB: title" or "not ok", the failure and
 * its transcript as diagnostics; grade.sh adds the plan.
 */
static void write_tap(const char *path, const struct result *res, int n)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot write %s: %s\n", path,
			strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];
		char *o, *l, *save = NULL;

		if (res[i].outcome == GRADE_SKIP && !res[i].msg[0])
			continue;
		fprintf(f, "%s - %s: ", res[i].outcome == GRADE_PASS ? "ok" :
			"not ok", grade_lab_id);
		/* '#' would start a directive */
		for (l = (char *)t->title; *l; l++)
			fputc(*l == '#' ? '-' : *l, f);
		fprintf(f, " (%d/%d)\n", res[i].points, t->points);
		o = res[i].outcome == GRADE_PASS ? NULL :
		    platform_output(i, &res[i]);
		for (l = o ? strtok_r(o, "\n", &save) : NULL; l;
		     l = strtok_r(NULL, "\n", &save))
			fprintf(f, "# %s\n", l);
		free(o);
	}
	fclose(f);
}

static int find_test(const char *name)
{
	int i;

	for (i = 0; grade_lab.tests[i].name; i++)
		if (!strcmp(grade_lab.tests[i].name, name))
			return i;
	return -1;
}

/*
 * The lab writer's table, checked before anything runs: a parent that is
 * no test, or a test with nothing to run, would otherwise be graded as
 * if the line were not there.
 */
static const char *table_error(void)
{
	static char why[160];
	const struct grade_test *t;

	for (t = grade_lab.tests; t->name; t++) {
		if (t->parent && find_test(t->parent) < 0)
			snprintf(why, sizeof(why), "test %s: its parent %s is no test",
				 t->name, t->parent);
		else if (t->check == GRADE_RUN ? !t->run : !t->scenario)
			snprintf(why, sizeof(why), "test %s: nothing to run (.run, or .check with .scenario)",
				 t->name);
		else if (t->check == GRADE_REAPS && !t->who)
			snprintf(why, sizeof(why), "test %s: GRADE_REAPS needs .who",
				 t->name);
		else
			continue;
		return why;
	}
	return NULL;
}

/*
 * The student's files were rejected before they were linked (vet.sh):
 * its lines, and no test runs.
 */
static bool rejected(char *msg, size_t len)
{
	char line[900];
	FILE *f;
	size_t n = 0;

	if (!rejected_log)
		return false;
	f = fopen(rejected_log, "r");
	msg[0] = 0;
	while (f && fgets(line, sizeof(line), f) && n + 2 < len) {
		strip(line);
		n += snprintf(msg + n, len - n, "%s%s", n ? "; " : "", line);
	}
	if (f)
		fclose(f);
	if (!msg[0])
		snprintf(msg, len, "your files break a rule of lab %s (see the build's messages)",
			 grade_lab_id);
	return true;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s grade [--sub DIR] [--only TEST] [--json FILE] [--out DIR]\n"
		"       %s grade --answer | --list\n\n"
		"Grades lab %s: one line per test with its points and time, then\n"
		"the score.  `make grade LAB=%s` builds this binary and runs it.\n\n"
		"Options:\n"
		"  --sub DIR     the files graded (default: %s, yours)\n"
		"  --only TEST   run one test (see --list)\n"
		"  --json FILE   write the results as JSON\n"
		"  --gradescope FILE  the tests in Gradescope's format (make grade\n"
		"                FORMAT=gradescope puts every lab's in one results.json)\n"
		"  --tap FILE    the tests as TAP lines (make grade FORMAT=tap)\n"
		"  --out DIR     where failed tests' transcripts go (default: next\n"
		"                to this binary)\n"
		"  --answer      the answers to the ungraded questions, computed now\n"
		"  --list        the tests: name, points, parent\n"
		"  --ungated     run every test, even those whose parent failed\n"
		"                (the grader's own tests use it; the score is then\n"
		"                not the lab's)\n"
		"  --broken LOG  the student's code did not compile (make grade says so)\n"
		"  --rejected FILE  the student's code broke a rule of the lab and was\n"
		"                not linked (make grade says so): every test scores 0\n\n"
		"Exit status: 0 full score, 1 not, 2 bad input.\n",
		self, self, grade_lab_id, grade_lab_id, lab_dir);
}

/**
 * grade_main() - `reaplab grade`, the lab binary's own command.
 * @argc: its arguments, "grade" first.
 * @argv: them.
 * @argv0: how this binary was called.
 *
 * Return: 0 on a full score, 1 otherwise, 2 on bad input.
 */
int grade_main(int argc, char **argv, const char *argv0)
{
	static char dflt_out[512], why_rejected[2048];
	struct result *res;
	const char *json = NULL, *only = NULL, *gs = NULL, *tap = NULL;
	double start = now();
	int i, n, score = 0, max = 0, only_i = -1;
	bool answer = false, list = false, ungated = false, reject;
	struct sigaction sa;
	char *slash;

	self = argv0;
	cli_self = argv0;
	snprintf(lab_dir, sizeof(lab_dir), "exercises/%s", grade_lab_id);
	sub_dir = lab_dir;
	snprintf(dflt_out, sizeof(dflt_out), "%s", argv0);
	slash = strrchr(dflt_out, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(dflt_out, sizeof(dflt_out), ".");
	out_dir = dflt_out;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];

		if (cli_is_help(o)) {
			usage(stdout);
			return EXIT_CLEAN;
		} else if (!strcmp(o, "--answer")) {
			answer = true;
		} else if (!strcmp(o, "--list")) {
			list = true;
		} else if (!strcmp(o, "--ungated")) {
			ungated = true;
		} else if (i + 1 < argc && !strcmp(o, "--sub")) {
			sub_dir = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--only")) {
			only = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--json")) {
			json = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--gradescope")) {
			gs = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--tap")) {
			tap = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--out")) {
			out_dir = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--broken")) {
			grade_broken_log = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--rejected")) {
			rejected_log = argv[++i];
		} else {
			return cli_error("grade: unknown option or missing value '%s' (try --help)",
					 o);
		}
	}
	if (read_conf())
		return EXIT_USAGE;
	draw_seed();
	for (n = 0; grade_lab.tests[n].name; n++)
		;
	if (table_error())
		return cli_error("grade: %s's grade.c: %s", grade_lab_id,
				 table_error());
	if (list) {
		for (i = 0; i < n; i++)
			printf("%-24s %3d  %-24s %s\n", grade_lab.tests[i].name,
			       grade_lab.tests[i].points,
			       grade_lab.tests[i].parent ?
			       grade_lab.tests[i].parent : "-",
			       grade_lab.tests[i].title);
		return EXIT_CLEAN;
	}
	if (answer) {
		if (!grade_lab.answer) {
			printf("%s: every question of this lab is graded; `make grade LAB=%s` checks them\n",
			       grade_lab_id, grade_lab_id);
			return EXIT_CLEAN;
		}
		grade_lab.answer(stdout);
		return EXIT_CLEAN;
	}
	if (only) {
		only_i = find_test(only);
		if (only_i < 0)
			return cli_error("grade: %s has no test '%s' (try --list)",
					 grade_lab_id, only);
	}
	forking = !getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no");
	if (forking &&
	    syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
		fprintf(stderr, "reaplab: grade: not a child subreaper (%s): a process the code under test leaves may outlive it\n",
			strerror(errno));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	mkdir(out_dir, 0755);
	res = calloc(n, sizeof(*res));
	if (!res)
		return cli_error("grade: out of memory");
	reject = rejected(why_rejected, sizeof(why_rejected));
	/*
	 * one source-line server for every test of this grading, which
	 * each test process inherits (DOC: One line server for a grading)
	 */
	if (forking && !reject)
		sim_source_lines_serve();
	printf("== %s: %s (%s, %s; book: %s) ==\n", grade_lab_id, conf.title,
	       conf.kind, conf.difficulty, conf.chapter);
	if (reject) {
		fputs("  Not graded: ", stdout);
		grade_print_safe(stdout, why_rejected);
		putchar('\n');
	}
	fflush(stdout);
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];
		int parent = t->parent ? find_test(t->parent) : -1;
		static const char *const word[] = { "OK", "FAIL", "SKIP" };

		if (only_i >= 0 && i != only_i) {
			res[i].outcome = GRADE_SKIP;
			continue;
		}
		max += t->points;
		if (reject) {
			res[i].outcome = GRADE_FAIL;
			snprintf(res[i].msg, sizeof(res[i].msg),
				 "not graded: %s", why_rejected);
			continue;
		}
		if (stop_asked) {
			res[i].outcome = GRADE_SKIP;
			snprintf(res[i].msg, sizeof(res[i].msg), "interrupted");
		} else if (only_i < 0 && !ungated && parent >= 0 &&
		    res[parent].outcome != GRADE_PASS) {
			res[i].outcome = GRADE_SKIP;
			snprintf(res[i].msg, sizeof(res[i].msg),
				 "parent failed: %s", t->parent);
		} else {
			run_test(i, &res[i]);
		}
		score += res[i].points;
		printf("  %-56s %-4s %3d/%-3d %5.1fs\n", t->title,
		       word[res[i].outcome], res[i].points, t->points,
		       res[i].seconds);
		if (res[i].outcome != GRADE_PASS) {
			fputs("    ", stdout);
			grade_print_safe(stdout, res[i].msg);
			putchar('\n');
		}
		if (res[i].outcome == GRADE_FAIL) {
			show_transcript(i);
		} else if (res[i].outcome == GRADE_PASS) {
			char path[512];

			transcript_path(i, path, sizeof(path));
			unlink(path);
		}
		fflush(stdout);
	}
	printf("  %s: %d/%d\n", grade_lab_id, score, max);
	/* what replays a failure: the random seed, when the worlds had one */
	if (random_seed && score < max)
		printf("  (this grading named, numbered and created the scenarios' tasks from random seed %lu: GRADE_SEED=%lu make grade LAB=%s grades again with the same)\n",
		       random_seed, random_seed, grade_lab_id);
	if (only_i < 0 && max != conf.points)
		printf("  (lab.conf says %d points, the tests add up to %d: fix one of them)\n",
		       conf.points, max);
	if (json)
		write_json(json, res, n, score, max, now() - start);
	if (gs)
		write_gradescope(gs, res, n);
	if (tap)
		write_tap(tap, res, n);
	free(res);
	if (stop_asked) {
		fprintf(stderr, "reaplab: grade: interrupted\n");
		return 130;
	}
	return score == max ? EXIT_CLEAN : EXIT_BUG;
}
