/*
 * QEMU TCG plugin (plugin API version 1, QEMU 7.2): counts guest
 * instructions exactly and writes the running count to the QEMU log each
 * time the first instruction at the marker address executes.
 *   qemu-system-arm ... -plugin ./libm7_insn_count.so,marker=0xADDR -d plugin -D log
 * The log then holds one "mark <count>" line per marker call; the cost of
 * the code between two marker calls is the difference (scripts/m7.sh).
 * Debian ships no qemu-plugin.h, so the few entry points used are declared
 * here as QEMU's include/qemu/qemu-plugin.h (v7.2) documents them; QEMU
 * checks qemu_plugin_version before calling qemu_plugin_install.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the subset of the QEMU plugin API v1 this plugin uses --- */
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	} u;
} qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
	void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
	enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

#define EXPORT __attribute__((visibility("default")))
EXPORT extern const int qemu_plugin_version;
EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv);
EXPORT const int qemu_plugin_version = 1;
/* --- end of the API subset --- */

/* One vCPU (mps2-an500 has one): a plain counter updated by inline TCG ops. */
static uint64_t insn_count;
static uint64_t marker_addr;

static void on_marker(unsigned int vcpu_index, void *userdata)
{
	char line[48];

	(void)vcpu_index;
	(void)userdata;
	snprintf(line, sizeof line, "mark %" PRIu64 "\n", insn_count);
	qemu_plugin_outs(line);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		/* Per instruction, not per block: a block left early by an exception
		 * must not be counted whole. */
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &insn_count, 1);
		if (qemu_plugin_insn_vaddr(insn) == marker_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

static void on_qemu_exit(qemu_plugin_id_t id, void *userdata)
{
	char line[48];

	(void)id;
	(void)userdata;
	snprintf(line, sizeof line, "total %" PRIu64 "\n", insn_count);
	qemu_plugin_outs(line);
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "marker=", 7) == 0) {
			/* Thumb function symbols carry bit 0; instruction addresses do not. */
			marker_addr = strtoull(argv[i] + 7, NULL, 0) & ~(uint64_t)1;
		}
	}
	if (marker_addr == 0) {
		fprintf(stderr, "m7_insn_count: needs marker=0xADDR\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_qemu_exit, NULL);
	return 0;
}
