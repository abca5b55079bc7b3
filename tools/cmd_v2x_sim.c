/*
 * `pqsig v2x sim ...`: runs pqsig-v2x-sim, the ns-3 802.11p scenario with
 * real SPDUs (sim/, docs/sim.md), with the same arguments.  The simulator
 * is a separate program because it links ns-3 (C++), which the pqsig CLI
 * does not; it is built beside pqsig when ns-3 is installed.
 * `pqsig v2x sim sweep ...` runs the report's sweeps instead (report_sim.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "report.h"

#define SIM_PROGRAM "pqsig-v2x-sim"

int report_sim_program(char *buf, size_t cap)
{
	const char *env = getenv("PQSIG_V2X_SIM");
	if (env && *env) {
		if (strlen(env) >= cap)
			return -1;
		strcpy(buf, env);
		return access(buf, X_OK) == 0 ? 0 : -1;
	}
	/* beside this executable: the build directory, or the installed bin directory */
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return -1;
	self[n] = '\0';
	char *slash = strrchr(self, '/');
	if (!slash)
		return -1;
	slash[1] = '\0';
	if (snprintf(buf, cap, "%s%s", self, SIM_PROGRAM) >= (int)cap)
		return -1;
	return access(buf, X_OK) == 0 ? 0 : -1;
}

int cmd_v2x_sim(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "sweep") == 0)
		return report_sim_sweep(argc, argv);
	char path[PATH_MAX];
	if (report_sim_program(path, sizeof path) != 0)
		return cli_error("v2x sim: %s is not built: ns-3 was not found when pqsig was configured "
				 "(scripts/deps.sh sim, then rebuild), or PQSIG_V2X_SIM names no program",
				 SIM_PROGRAM);
	fflush(NULL);
	argv[0] = path; /* argv[1..argc-1] pass through; argv[argc] is NULL */
	(void)argc;
	execv(path, argv);
	return cli_error("v2x sim: cannot run %s: %s", path, strerror(errno));
}
