// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/arena.c - where model objects live, and how their deaths are
 *                   remembered
 *
 * Simulator-only.  Every kmem_cache_alloc()/kmalloc() of the model is a
 * bump allocation from one region whose address never changes, so that a
 * snapshot of the region is a snapshot of every object and pointer in it.
 * Objects are recorded in address order; a freed object is poisoned with
 * 0x6b (as the kernel's slab poisoning does) and never handed out again
 * during an execution, so a late access finds it dead, and a pointer read
 * from it is 0x6b6b6b6b6b6b6b6b, which faults (see the SIGSEGV handler in
 * coop.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "engine.h"

#ifdef __EMSCRIPTEN__
/* the player's linear memory grows by what it takes: a scenario's share */
#define ARENA_SIZE	(16UL << 20)
#else
#define ARENA_SIZE	(1UL << 30)
#endif
#define POISON_FREE	0x6b
#define MAX_TYPES	32

struct sim_obj {
	uintptr_t start;
	size_t size;
	const char *type;
	unsigned int index;
	unsigned int freed_step;	/* 0 while live */
	int freed_by;
	const struct seam_site *freed_at;
};

static char *arena_base;
/*
 * One byte per 16-byte granule of the arena, set where a freed object
 * lies: objects start on a granule, so each granule is one object's, and
 * whether an address is freed is one load, however many objects there
 * are (every operation asks, twice: sim_addr_freed(), engine.h, inline).
 */
#define GRANULE_SHIFT	SIM_ARENA_GRANULE_SHIFT
u8 *sim_arena_freed;
uintptr_t sim_arena_lo, sim_arena_len;
/* the end of what is allocated, from sim_arena_lo */
size_t sim_arena_top;
static struct sim_obj *objs;
static size_t nobjs, objs_cap;
static const char *type_name[MAX_TYPES];
static unsigned int type_count[MAX_TYPES];
static int ntypes;
static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
/*
 * Frees so far: while there are none (most of every execution), no
 * operation needs to look its object up to know it is alive.  Counted
 * before the free itself, so that a reader who finds 0 cannot have missed
 * one (both are seq_cst).
 */
unsigned long sim_arena_nfreed;

void sim_arena_init(void)
{
	if (arena_base)
		return;
	arena_base = mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (arena_base == MAP_FAILED) {
		perror("reaplab: mmap arena");
		exit(2);
	}
	sim_arena_freed = mmap(NULL, ARENA_SIZE >> GRANULE_SHIFT,
			 PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (sim_arena_freed == MAP_FAILED) {
		perror("reaplab: mmap arena");
		exit(2);
	}
	sim_arena_lo = (uintptr_t)arena_base;
	sim_arena_len = ARENA_SIZE;
}

/*
 * The granules of [@start, @start + @size) of the arena.  On real threads
 * an oracle on one may ask (sim_addr_freed()) while another frees: each
 * byte is stored atomically, as it is read.
 */
static void freed_mark(uintptr_t start, size_t size, u8 v)
{
	size_t g = (start - (uintptr_t)arena_base) >> GRANULE_SHIFT;
	size_t n = (size + (1 << GRANULE_SHIFT) - 1) >> GRANULE_SHIFT;
	size_t i;

	for (i = 0; i < (n ? n : 1); i++)
		__atomic_store_n(&sim_arena_freed[g + i], v, __ATOMIC_RELEASE);
}

void sim_arena_reset(void)
{
	memset(arena_base, 0, sim_arena_top);
	memset(sim_arena_freed, 0, (sim_arena_top >> GRANULE_SHIFT) + 1);
	sim_arena_top = 0;
	nobjs = 0;
	sim_arena_nfreed = 0;
	memset(type_count, 0, sizeof(type_count));
}

void *sim_arena_base(void)
{
	return arena_base;
}

size_t sim_arena_used(void)
{
	return sim_arena_top;
}

bool sim_arena_contains(const void *addr)
{
	return (const char *)addr >= arena_base &&
	       (const char *)addr < arena_base + sim_arena_top;
}

/* Is [@p, @p + @len) in the arena's reservation or in our own image? */
static bool known_mapping(uintptr_t p, size_t len)
{
	return (p >= (uintptr_t)arena_base &&
		p + len <= (uintptr_t)arena_base + ARENA_SIZE) ||
	       (p >= (uintptr_t)__executable_start &&
		p + len <= (uintptr_t)_end);
}

/* Does the kernel map the page of @p?  (mincore() fails on a hole.) */
static bool page_mapped(uintptr_t p)
{
#ifdef __EMSCRIPTEN__
	/* WebAssembly: linear memory is all there is, and all of it is there */
	extern char __heap_base[];

	return p >= (uintptr_t)__heap_base && p < (uintptr_t)sbrk(0);
#else
	static long page;
	unsigned char vec;

	if (!page)
		page = sysconf(_SC_PAGESIZE);
	return !mincore((void *)(p & ~(uintptr_t)(page - 1)), 1, &vec);
#endif
}

/**
 * sim_addr_mapped() - may the simulator read @len bytes at @addr?
 * @addr: an object's address, as the model handed it over.
 * @len: its size.
 *
 * True for the arena, our own image (the model's globals), a simulated
 * thread's stack, and anything else the kernel maps; false for the first
 * page (a NULL pointer plus a field's offset), a non-canonical address
 * (a pointer read from poisoned memory) and holes.  Only the arena and
 * the image are answered without a system call; they are where model
 * objects live.
 */
bool sim_addr_mapped(const void *addr, size_t len)
{
	uintptr_t p = (uintptr_t)addr;
	int i;

	if (!len)
		len = 1;
	if (p < 4096 || p + len < p || ((u64)p >> 47) ||
	    ((u64)(p + len - 1) >> 47))
		return false;
	if (known_mapping(p, len))
		return true;
	for (i = 0; sim && i < sim->nthreads; i++) {
		uintptr_t s = (uintptr_t)sim->threads[i].stack;

		if (s && p >= s && p + len <= s + SIM_STACK_SIZE)
			return true;
	}
	return page_mapped(p) && page_mapped(p + len - 1);
}

/*
 * The slot of @type: the same literal is the same pointer nearly always,
 * so every slot's pointer is compared before any string is.
 */
static int type_find(const char *type)
{
	int i;

	for (i = 0; i < ntypes; i++)
		if (type_name[i] == type)
			return i;
	for (i = 0; i < ntypes; i++)
		if (!strcmp(type_name[i], type))
			return i;
	return -1;
}

static int type_slot(const char *type)
{
	int i = type_find(type);

	if (i >= 0)
		return i;
	if (ntypes == MAX_TYPES)
		return MAX_TYPES - 1;
	type_name[ntypes] = type;
	return ntypes++;
}

void *sim_arena_alloc(size_t size, const char *type)
{
	size_t start;
	struct sim_obj *o;
	int slot;

	pthread_mutex_lock(&arena_lock);
	start = (sim_arena_top + 15) & ~15UL;
	if (start + size > ARENA_SIZE) {
		pthread_mutex_unlock(&arena_lock);
		return NULL;
	}
	if (nobjs == objs_cap) {
		objs_cap = objs_cap ? 2 * objs_cap : 256;
		objs = realloc(objs, objs_cap * sizeof(*objs));
		if (!objs) {
			perror("reaplab: arena objects");
			exit(2);
		}
	}
	slot = type_slot(type);
	o = &objs[nobjs++];
	o->start = (uintptr_t)arena_base + start;
	o->size = size;
	o->type = type_name[slot];
	o->index = type_count[slot]++;
	o->freed_step = 0;
	o->freed_by = -1;
	o->freed_at = NULL;
	sim_arena_top = start + size;
	memset(arena_base + start, 0, size);
	pthread_mutex_unlock(&arena_lock);
	return arena_base + start;
}

const struct sim_obj *sim_obj_of(const void *addr)
{
	/*
	 * Every operation asks (is its object freed?), and the same few
	 * hundred objects are asked about again and again: a small cache of
	 * indices, direct-mapped by address.  An index is only a hint,
	 * checked before use, so a reset or a realloc of objs[] cannot make
	 * it lie.
	 */
	static __thread unsigned int hint[256];
	uintptr_t a = (uintptr_t)addr;
	size_t lo = 0, hi = nobjs, h = (a >> 4) & 255;

	if (!sim_arena_contains(addr))
		return NULL;
	lo = hint[h];
	if (lo < nobjs && objs[lo].start <= a &&
	    a < objs[lo].start + objs[lo].size)
		return &objs[lo];
	lo = 0;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (objs[mid].start + objs[mid].size <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < nobjs && objs[lo].start <= a) {
		hint[h] = lo;
		return &objs[lo];
	}
	return NULL;
}

const char *sim_obj_type(const struct sim_obj *o)
{
	return o->type;
}

void sim_obj_range(const struct sim_obj *o, uintptr_t *start, size_t *len)
{
	*start = o->start;
	*len = o->size;
}

bool sim_obj_freed(const struct sim_obj *o)
{
	return o && __atomic_load_n(&o->freed_step, __ATOMIC_ACQUIRE);
}

/*
 * sim_obj_free() - kill the object at @addr.
 * Return: 0, 1 if it was dead already (a double free), -1 if @addr is not
 * the start of an arena object.
 */
int sim_obj_free(const void *addr, int tid, unsigned int step,
		 const struct seam_site *site)
{
	struct sim_obj *o = (struct sim_obj *)sim_obj_of(addr);
	unsigned int zero = 0;

	if (!o || o->start != (uintptr_t)addr)
		return -1;
	__atomic_add_fetch(&sim_arena_nfreed, 1, __ATOMIC_SEQ_CST);
	if (!__atomic_compare_exchange_n(&o->freed_step, &zero, step ? step : 1,
					 false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE))
		return 1;
	/*
	 * Who freed it is written after freed_step is: a reader on another
	 * thread may see the object dead before it sees who killed it, and
	 * says less (sim_obj_describe_free()).  Atomics, relaxed (plain
	 * moves on x86), so that reading them early is not a data race.
	 */
	__atomic_store_n(&o->freed_by, tid, __ATOMIC_RELAXED);
	__atomic_store_n(&o->freed_at, site, __ATOMIC_RELAXED);
	freed_mark(o->start, o->size, 1);
	SIM_MODELLED_RACE_WRITE("a use-after-free: the reader is the bug",
				memset((void *)o->start, POISON_FREE, o->size));
	return 0;
}

void sim_obj_describe(const void *addr, char *buf, size_t len)
{
	const struct sim_obj *o = sim_obj_of(addr);

	if (!o) {
		snprintf(buf, len, "%p", addr);
		return;
	}
	if ((uintptr_t)addr == o->start) {
		snprintf(buf, len, "%s#%u", o->type, o->index);
	} else {
		/* the field, not the byte: offsets differ in wasm32 */
		char field[64];

		sim_world_ops->field_name(o->type, (uintptr_t)addr - o->start, field,
			       sizeof(field));
		snprintf(buf, len, "%s#%u%s", o->type, o->index, field);
	}
}

void sim_obj_describe_free(const void *addr, char *buf, size_t len)
{
	const struct sim_obj *o = sim_obj_of(addr);
	const struct seam_site *freed_at;
	unsigned int step;
	char name[64];
	int freed_by;

	sim_obj_describe(addr, name, sizeof(name));
	if (!o || !__atomic_load_n(&o->freed_step, __ATOMIC_ACQUIRE)) {
		snprintf(buf, len, "%s", name);
		return;
	}
	freed_at = __atomic_load_n(&o->freed_at, __ATOMIC_RELAXED);
	freed_by = __atomic_load_n(&o->freed_by, __ATOMIC_RELAXED);
	step = __atomic_load_n(&o->freed_step, __ATOMIC_ACQUIRE);
	if (freed_at)
		snprintf(buf, len, "%s, freed at step %u by %c in %s (%s:%d)",
			 name, step,
			 freed_by >= 0 && sim ? sim->threads[freed_by].letter :
			 '?', freed_at->fn, freed_at->file, freed_at->line);
	else
		snprintf(buf, len, "%s, freed at step %u", name, step);
}

/* Objects allocated so far (live or freed): a cursor for sim_arena_next(). */
size_t sim_arena_nobjs(void)
{
	return nobjs;
}

/*
 * The arena's own copy of the type name @type, which every object of that
 * type points to (type_slot()), or NULL if none was ever allocated: the
 * walks below compare pointers, not strings.
 */
static const char *type_known(const char *type)
{
	int i = type_find(type);

	return i >= 0 ? type_name[i] : NULL;
}

size_t sim_arena_live(const char *type)
{
	const char *t = type_known(type);
	size_t i, n = 0;

	for (i = 0; t && i < nobjs; i++)
		if (!objs[i].freed_step && objs[i].type == t)
			n++;
	return n;
}

const void *sim_arena_next(const char *type, size_t *cursor)
{
	const char *t = type_known(type);

	while (t && *cursor < nobjs) {
		const struct sim_obj *o = &objs[(*cursor)++];

		if (!o->freed_step && o->type == t)
			return (const void *)o->start;
	}
	return NULL;
}

/* The freed map's bytes that cover @len bytes of the arena. */
static size_t map_len(size_t len)
{
	return (len >> GRANULE_SHIFT) + 1;
}

/**
 * sim_room() - room for @len bytes at *@buf, which has room for *@cap:
 * grown (at least twice), or kept; exits when there is no memory.
 * @buf: the buffer, NULL at first.
 * @cap: its room.
 * @len: the room needed.
 *
 * Return: *@buf.
 */
void *sim_room(void **buf, size_t *cap, size_t len)
{
	if (len > *cap || !*buf) {
		size_t n = len > 2 * *cap ? len : 2 * *cap;
		void *p = realloc(*buf, n ? n : 1);

		if (!p) {
			perror("reaplab: checkpoint");
			exit(2);
		}
		*buf = p;
		*cap = n;
	}
	return *buf;
}

/*
 * sim_arena_save() - keep the arena as it is in @s: the world's state
 * after boot, or a checkpoint's (ckpt.c), taken again and again into the
 * buffers @s already has where they are large enough.
 */
void sim_arena_save(struct sim_snapshot *s)
{
	s->arena_len = sim_arena_top;
	s->nobjs = nobjs;
	sim_room(&s->arena, &s->arena_cap, sim_arena_top);
	sim_room(&s->objs, &s->objs_cap, nobjs * sizeof(*objs));
	sim_room((void **)&s->freed, &s->freed_cap, map_len(sim_arena_top));
	if (sim_arena_top)
		memcpy(s->arena, arena_base, sim_arena_top);
	if (nobjs)
		memcpy(s->objs, objs, nobjs * sizeof(*objs));
	memcpy(s->freed, sim_arena_freed, map_len(sim_arena_top));
	memcpy(s->type_count, type_count, sizeof(type_count));
	s->nfreed = sim_arena_nfreed;
}

void sim_arena_restore(const struct sim_snapshot *s)
{
	if (sim_arena_top > s->arena_len) {
		memset(arena_base + s->arena_len, 0, sim_arena_top - s->arena_len);
		memset(sim_arena_freed + map_len(s->arena_len), 0,
		       map_len(sim_arena_top) - map_len(s->arena_len));
	}
	if (s->arena_len)
		memcpy(arena_base, s->arena, s->arena_len);
	/* nothing was freed yet after a boot that freed nothing: skip it */
	if (s->nfreed || sim_arena_nfreed)
		memcpy(sim_arena_freed, s->freed, map_len(s->arena_len));
	sim_arena_top = s->arena_len;
	if (s->nobjs)
		memcpy(objs, s->objs, s->nobjs * sizeof(*objs));
	nobjs = s->nobjs;
	memcpy(type_count, s->type_count, sizeof(type_count));
	sim_arena_nfreed = s->nfreed;
}

void sim_arena_snapshot_free(struct sim_snapshot *s)
{
	free(s->arena);
	free(s->objs);
	free(s->freed);
	free(s->model_data);
	memset(s, 0, sizeof(*s));
}

/*
 * The model's global variables: every era object file's .data and .bss go
 * into one section, model_data (see the Makefile), bounded by symbols the
 * linker provides.
 */
extern char __start_model_data[], __stop_model_data[];
static void *model_data_pristine;

#ifdef SIM_ASAN
/*
 * Under ASan the section also holds the redzones ASan puts between
 * globals, which no one may read: a save or a restore copies only the
 * bytes the variables occupy, the runs of addressable bytes ASan's shadow
 * shows, found once.  The normal build copies the section whole.
 */
static struct { char *begin, *end; } *data_runs;
static size_t nr_data_runs;

static void find_data_runs(void)
{
	char *p = __start_model_data, *end = __stop_model_data;
	size_t cap = 0;

	while (p < end) {
		char *q;

		while (p < end && __asan_address_is_poisoned(p))
			p++;
		if (p == end)
			break;
		q = __asan_region_is_poisoned(p, end - p);
		if (!q)
			q = end;
		if (nr_data_runs == cap) {
			cap = cap ? 2 * cap : 1024;
			data_runs = realloc(data_runs, cap * sizeof(*data_runs));
			if (!data_runs) {
				perror("reaplab: model data");
				exit(2);
			}
		}
		data_runs[nr_data_runs].begin = p;
		data_runs[nr_data_runs++].end = q;
		p = q;
	}
}

/* Copy [@begin, @end) of the section to (@save) or from @buf, variables only. */
static void copy_data(char *buf, char *begin, char *end, bool save)
{
	size_t lo = 0, hi = nr_data_runs;

	while (lo < hi) {		/* the first run ending after @begin */
		size_t mid = (lo + hi) / 2;

		if (data_runs[mid].end <= begin)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < nr_data_runs && data_runs[lo].begin < end; lo++) {
		char *a = data_runs[lo].begin > begin ? data_runs[lo].begin :
							begin;
		char *b = data_runs[lo].end < end ? data_runs[lo].end : end;
		char *copy = buf + (a - __start_model_data);

		if (save)
			memcpy(copy, a, b - a);
		else
			memcpy(a, copy, b - a);
	}
}
#else
static void copy_data(char *buf, char *begin, char *end, bool save)
{
	char *copy = buf + (begin - __start_model_data);

	if (save)
		memcpy(copy, begin, end - begin);
	else
		memcpy(begin, copy, end - begin);
}
#endif

void sim_model_data_init(void)
{
	size_t len = __stop_model_data - __start_model_data;

	if (model_data_pristine)
		return;
#ifdef SIM_ASAN
	find_data_runs();
#endif
	model_data_pristine = calloc(1, len ? len : 1);
	if (!model_data_pristine) {
		perror("reaplab: model data");
		exit(2);
	}
	copy_data(model_data_pristine, __start_model_data, __stop_model_data,
		  true);
}

void sim_model_data_save(void **buf)
{
	sim_model_data_save_range(buf, __start_model_data, __stop_model_data);
}

void sim_model_data_restore(const void *buf)
{
	copy_data((char *)(buf ? buf : model_data_pristine),
		  __start_model_data, __stop_model_data, false);
}

/* Save [@begin, @end) of the model's data into a full-size *@buf. */
void sim_model_data_save_range(void **buf, char *begin, char *end)
{
	size_t len = __stop_model_data - __start_model_data;

	if (!*buf)
		*buf = calloc(1, len ? len : 1);
	if (!*buf) {
		perror("reaplab: model data");
		exit(2);
	}
	copy_data(*buf, begin, end, true);
}

/* Restore [@begin, @end) of the model's data from a full save @buf. */
void sim_model_data_restore_range(const void *buf, char *begin, char *end)
{
	copy_data((char *)buf, begin, end, false);
}
