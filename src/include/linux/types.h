/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/types.h - basic kernel types
 *
 * Models:  include/linux/types.h
 * CUSTOM:  built on the host's <stdbool.h>, <stddef.h> and <stdint.h>.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef unsigned int gfp_t;

/**
 * typedef atomic_t - an int that is only touched through atomic_*().
 * @counter: the value; read it with atomic_read(), never directly.
 */
typedef struct {
	int counter;
} atomic_t;

/**
 * typedef atomic_long_t - a long that is only touched through atomic_long_*().
 * @counter: the value.
 */
typedef struct {
	long counter;
} atomic_long_t;

struct list_head {
	struct list_head *next, *prev;
};

#endif /* _LINUX_TYPES_H */
