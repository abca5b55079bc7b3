/*
 * Stand-in for libFuzzer's main in ordinary builds: runs the target's
 * LLVMFuzzerTestOneInput on the empty input and on every file of the
 * directories (or files) given, so the target's checks run on its seed
 * corpus in `make test` and under ASan.  A check that fails aborts, as
 * under libFuzzer.  Fails if no file was found: every target has seeds.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			uint8_t *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	fclose(f);
	if (!buf)
		return -1;
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long files = 0;
	LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
	for (int a = 1; a < argc; a++) {
		struct stat st;
		if (stat(argv[a], &st) != 0) {
			fprintf(stderr, "%s: no seed corpus %s\n", argv[0], argv[a]);
			return 1;
		}
		if (!S_ISDIR(st.st_mode)) {
			files += run_file(argv[a]) == 0;
			continue;
		}
		DIR *d = opendir(argv[a]);
		struct dirent *e;
		while (d && (e = readdir(d)) != NULL) {
			char path[4096];
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				if (run_file(path) != 0) {
					fprintf(stderr, "%s: cannot read %s\n", argv[0], path);
					return 1;
				}
				files++;
			}
		}
		if (d)
			closedir(d);
	}
	printf("%s: %lu seed(s) replayed\n", argv[0], files);
	return files ? 0 : 1;
}
