/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/slab.h - kmem_cache, kmalloc and kfree
 *
 * Models:  include/linux/slab.h
 * CUSTOM:  the simulator's arena.  Allocation is private to the caller and
 *          is not a scheduling point.  Freeing is: it is a write to the
 *          whole object, which the simulator then poisons (0x6b, as
 *          SLAB_POISON does) and never reuses during the run, so any later
 *          seam operation on it is reported as a use-after-free.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/types.h>

#define GFP_KERNEL	0x0cc0u

/**
 * struct kmem_cache - a cache of objects of one type.
 * @name: type name for the trace, e.g. "vm_area_struct".
 * @size: object size in bytes.
 */
struct kmem_cache {
	const char *name;
	size_t size;
};

struct kmem_cache *kmem_cache_create(const char *name, size_t size);
void *kmem_cache_alloc(struct kmem_cache *cachep, gfp_t flags);
void *kmem_cache_zalloc(struct kmem_cache *cachep, gfp_t flags);
void *__kmalloc_named(size_t size, const char *name);

#define kmalloc(size, flags)	((void)(flags), __kmalloc_named(size, "kmalloc"))
#define kzalloc(size, flags)	kmalloc(size, flags)

#define kmem_cache_free(cachep, obj)					\
	((void)(cachep), (void)SEAM(SEAM_FREE, obj, 0, 0, 0,		\
				    "kmem_cache_free", #obj))
#define kfree(obj)							\
	((void)SEAM(SEAM_FREE, obj, 0, 0, 0, "kfree", #obj))

#endif /* _LINUX_SLAB_H */
