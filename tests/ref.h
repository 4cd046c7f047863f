/*
** ref.h
** Plain recursive reference implementations the table-driven core is
** checked against. Slow on purpose: no tables, no tricks.
*/
#ifndef HULE_TEST_REF_H
#define HULE_TEST_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"
#include "shape.h"

/*
** Can the tiles of kinds lo..hi-1 (counts c), plus w wilds, be split
** into exactly m melds and p pairs of those kinds, no kind used more than
** 4 times? (Chows only inside a numbered suit.)
*/
bool ref_complete(const uint8_t *c, int lo, int hi, int w, int m, int p);

/* Is the view a win in one of cfg's shapes? */
bool ref_is_win(const mj_tileview *v, const mj_shape_cfg *cfg);

/* Shanten of the view by search (standard and the special shapes). */
int ref_shanten(const mj_tileview *v, const mj_shape_cfg *cfg);

/*
** Every distinct standard / seven-pairs decomposition of h as canonical
** strings (sorted groups, then what the wilds stand for), written into
** out (each up to 96 bytes). Returns the number, at most max.
*/
int ref_decompose(const mj_hand *h, const mj_shape_cfg *cfg, mj_tileset wild,
                  char (*out)[96], int max);

/* Canonical string of a decomposition, in the format of ref_decompose. */
void ref_decomp_key(const mj_decomp *d, char *buf);

/* Count-vector helpers for tests. */
const char *ref_counts_str(const uint8_t *c, int n, char *buf);

#endif
