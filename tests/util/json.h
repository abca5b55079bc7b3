/*
 * A small JSON reader for test vectors (ACVP, Wycheproof, project JSON).
 * Parses a whole document into a tree of tu_json nodes (one malloc'd
 * arena per document).  Strings are unescaped (\uXXXX outside ASCII is
 * kept as UTF-8).  Not for untrusted production input.
 */
#ifndef PQSIG_TEST_JSON_H
#define PQSIG_TEST_JSON_H

#include <stddef.h>

typedef enum { TU_JSON_NULL, TU_JSON_BOOL, TU_JSON_NUMBER, TU_JSON_STRING, TU_JSON_ARRAY, TU_JSON_OBJECT } tu_json_type;

typedef struct tu_json_ tu_json;
struct tu_json_ {
	tu_json_type type;
	const char *key;     /* member name when inside an object */
	const char *str;     /* string value, or the number's literal text */
	double num;
	int boolean;
	size_t len;          /* number of children (array/object) */
	tu_json *child;      /* first child */
	tu_json *next;       /* next sibling */
};

/* Parse text; returns the root or NULL (and prints the error offset). Free with tu_json_free. */
tu_json *tu_json_parse(const char *text);
/* Parse a file (gunzips *.gz). */
tu_json *tu_json_load(const char *path);
void tu_json_free(tu_json *root);

/* Member of an object by key, or NULL. */
const tu_json *tu_json_get(const tu_json *obj, const char *key);
/* i-th element of an array/object, or NULL. */
const tu_json *tu_json_at(const tu_json *arr, size_t i);
/* Typed accessors with defaults when missing or of another type. */
const char *tu_json_str(const tu_json *obj, const char *key);          /* NULL if absent */
long long tu_json_int(const tu_json *obj, const char *key, long long dflt);
int tu_json_bool(const tu_json *obj, const char *key, int dflt);

#define TU_JSON_FOREACH(it, arr) for (const tu_json *it = (arr) ? (arr)->child : NULL; it; it = it->next)

#endif
