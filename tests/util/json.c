#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/*
 * Nodes and strings live in one growing list of blocks; the root's first
 * block pointer is stored in front of the root node so tu_json_free can
 * release everything.
 */
typedef struct block_ {
	struct block_ *next;
	size_t used, cap;
	unsigned char data[];
} block;

typedef struct {
	const char *p;
	const char *start;
	block *blocks;
	int error;
} parser;

static void *arena_alloc(parser *ps, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (!ps->blocks || ps->blocks->cap - ps->blocks->used < n) {
		size_t cap = n > (1u << 20) ? n : (1u << 20);
		block *b = malloc(sizeof(block) + cap);
		if (!b) {
			ps->error = 1;
			return NULL;
		}
		b->next = ps->blocks;
		b->used = 0;
		b->cap = cap;
		ps->blocks = b;
	}
	void *r = ps->blocks->data + ps->blocks->used;
	ps->blocks->used += n;
	return r;
}

static void skip_ws(parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static tu_json *parse_value(parser *ps);

static int hex4(const char *s, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static char *parse_string(parser *ps)
{
	if (*ps->p != '"') {
		ps->error = 1;
		return NULL;
	}
	ps->p++;
	const char *s = ps->p;
	size_t n = 0;
	while (s[n] && s[n] != '"') {
		if (s[n] == '\\' && s[n + 1])
			n++;
		n++;
	}
	if (!s[n]) {
		ps->error = 1;
		return NULL;
	}
	char *out = arena_alloc(ps, n + 1);
	if (!out)
		return NULL;
	size_t o = 0;
	while (*ps->p != '"') {
		char c = *ps->p++;
		if (c != '\\') {
			out[o++] = c;
			continue;
		}
		c = *ps->p++;
		switch (c) {
		case 'n': out[o++] = '\n'; break;
		case 't': out[o++] = '\t'; break;
		case 'r': out[o++] = '\r'; break;
		case 'b': out[o++] = '\b'; break;
		case 'f': out[o++] = '\f'; break;
		case 'u': {
			unsigned cp;
			if (hex4(ps->p, &cp)) {
				ps->error = 1;
				return NULL;
			}
			ps->p += 4;
			/* \uXXXX is at most 6 source bytes and encodes to at most 3 UTF-8 bytes. */
			if (cp < 0x80) {
				out[o++] = (char)cp;
			} else if (cp < 0x800) {
				out[o++] = (char)(0xC0 | cp >> 6);
				out[o++] = (char)(0x80 | (cp & 0x3F));
			} else {
				out[o++] = (char)(0xE0 | cp >> 12);
				out[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
				out[o++] = (char)(0x80 | (cp & 0x3F));
			}
			break;
		}
		default: out[o++] = c; break;
		}
	}
	ps->p++;
	out[o] = 0;
	return out;
}

static tu_json *new_node(parser *ps, tu_json_type t)
{
	tu_json *n = arena_alloc(ps, sizeof *n);
	if (n) {
		memset(n, 0, sizeof *n);
		n->type = t;
	}
	return n;
}

static tu_json *parse_container(parser *ps, int is_object)
{
	tu_json *node = new_node(ps, is_object ? TU_JSON_OBJECT : TU_JSON_ARRAY);
	if (!node)
		return NULL;
	ps->p++;
	skip_ws(ps);
	char close = is_object ? '}' : ']';
	tu_json **tail = &node->child;
	if (*ps->p == close) {
		ps->p++;
		return node;
	}
	for (;;) {
		skip_ws(ps);
		const char *key = NULL;
		if (is_object) {
			key = parse_string(ps);
			if (!key)
				return NULL;
			skip_ws(ps);
			if (*ps->p != ':') {
				ps->error = 1;
				return NULL;
			}
			ps->p++;
		}
		tu_json *v = parse_value(ps);
		if (!v)
			return NULL;
		v->key = key;
		*tail = v;
		tail = &v->next;
		node->len++;
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == close) {
			ps->p++;
			return node;
		}
		ps->error = 1;
		return NULL;
	}
}

static tu_json *parse_value(parser *ps)
{
	skip_ws(ps);
	char c = *ps->p;
	if (c == '{' || c == '[')
		return parse_container(ps, c == '{');
	if (c == '"') {
		tu_json *n = new_node(ps, TU_JSON_STRING);
		if (n && !(n->str = parse_string(ps)))
			return NULL;
		if (n)
			n->len = strlen(n->str);
		return n;
	}
	if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "false", 5) == 0) {
		tu_json *n = new_node(ps, TU_JSON_BOOL);
		if (n)
			n->boolean = c == 't';
		ps->p += c == 't' ? 4 : 5;
		return n;
	}
	if (strncmp(ps->p, "null", 4) == 0) {
		ps->p += 4;
		return new_node(ps, TU_JSON_NULL);
	}
	if (c == '-' || (c >= '0' && c <= '9')) {
		tu_json *n = new_node(ps, TU_JSON_NUMBER);
		if (!n)
			return NULL;
		char *end;
		n->num = strtod(ps->p, &end);
		size_t len = (size_t)(end - ps->p);
		char *lit = arena_alloc(ps, len + 1);
		if (!lit)
			return NULL;
		memcpy(lit, ps->p, len);
		lit[len] = 0;
		n->str = lit;
		ps->p = end;
		return n;
	}
	ps->error = 1;
	return NULL;
}

/* The root is preceded by a hidden header holding the block list. */
typedef struct {
	block *blocks;
	tu_json root;
} doc_header;

tu_json *tu_json_parse(const char *text)
{
	parser ps = { text, text, NULL, 0 };
	doc_header *hdr = arena_alloc(&ps, sizeof *hdr);
	tu_json *v = hdr ? parse_value(&ps) : NULL;
	if (v) {
		skip_ws(&ps);
		if (*ps.p)
			ps.error = 1;
	}
	if (!v || ps.error) {
		fprintf(stderr, "json: parse error at offset %zu\n", (size_t)(ps.p - text));
		while (ps.blocks) {
			block *n = ps.blocks->next;
			free(ps.blocks);
			ps.blocks = n;
		}
		return NULL;
	}
	hdr->root = *v;
	hdr->blocks = ps.blocks;
	return &hdr->root;
}

tu_json *tu_json_load(const char *path)
{
	char *text = (char *)tu_read_file(path, NULL);
	if (!text) {
		fprintf(stderr, "json: cannot read %s\n", path);
		return NULL;
	}
	tu_json *r = tu_json_parse(text);
	free(text);
	return r;
}

void tu_json_free(tu_json *root)
{
	if (!root)
		return;
	doc_header *hdr = (doc_header *)((char *)root - offsetof(doc_header, root));
	block *b = hdr->blocks;
	while (b) {
		block *n = b->next;
		free(b);
		b = n;
	}
}

const tu_json *tu_json_get(const tu_json *obj, const char *key)
{
	if (!obj || obj->type != TU_JSON_OBJECT)
		return NULL;
	for (const tu_json *c = obj->child; c; c = c->next)
		if (c->key && strcmp(c->key, key) == 0)
			return c;
	return NULL;
}

const tu_json *tu_json_at(const tu_json *arr, size_t i)
{
	if (!arr)
		return NULL;
	const tu_json *c = arr->child;
	while (c && i--)
		c = c->next;
	return c;
}

const char *tu_json_str(const tu_json *obj, const char *key)
{
	const tu_json *v = tu_json_get(obj, key);
	return v && v->type == TU_JSON_STRING ? v->str : NULL;
}

long long tu_json_int(const tu_json *obj, const char *key, long long dflt)
{
	const tu_json *v = tu_json_get(obj, key);
	return v && v->type == TU_JSON_NUMBER ? strtoll(v->str, NULL, 10) : dflt;
}

int tu_json_bool(const tu_json *obj, const char *key, int dflt)
{
	const tu_json *v = tu_json_get(obj, key);
	return v && v->type == TU_JSON_BOOL ? v->boolean : dflt;
}
