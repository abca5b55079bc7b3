/*
 * The paired-slice estimator of bench/bench.c (issue 16, item 1;
 * docs/performance.md, "How the ratios are taken"), on made-up slice pairs
 * where the right answer is known:
 * - the pairs kept are those of ALL pairs (not of each round) where the
 *   yardstick ran within 15 % of its rate at the top 5 %: a burst of load
 *   that slows the yardstick in the second half of the run leaves no pair
 *   of that half in any round;
 * - however small a share of the run the fast state covered, only its
 *   pairs count (the fastest half would mix in the slow state's);
 * - the kept pairs are cut in time order into equal groups, one per round;
 * - a group's ratio is its calls over its CPU time converted at each pair's
 *   own yardstick rate (a ratio of mean rates), not a mean of per-pair ratios;
 * - with fewer pairs than twice the rounds, every round still gets a pair;
 * and on real calls through bench_paired: the measured calls are numbered
 * 1, 2, ... across all rounds without a gap or a repeat (bench sig draws key
 * i from call number i), warm-up calls are numbered 0.
 */
#include <math.h>
#include <string.h>

#include "bench.h"
#include "testutil.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-12 * (1 + fabs(b));
}

static void check_global_threshold_and_time_order(void)
{
	/* 40 pairs: the yardstick at 1 call/us in the first 20, slowed to 0.6 by a burst in the last 20. */
	bench_slice_pair pairs[40];
	for (size_t i = 0; i < 40; i++) {
		int burst = i >= 20;
		/* before the burst, the operation's rate in pair i is that of its time quarter (1, 2, 3, 4 calls/us);
		 * in the burst 100 calls/us, which would show in any ratio that kept one of those pairs */
		pairs[i] = (bench_slice_pair){ .op_calls = burst ? 100 : (double)(i / 5 + 1),
					       .op_cpu_us = 1,
					       .yard_calls = burst ? 60 : 100,
					       .yard_cpu_us = 100 };
	}
	/* with a threshold per round, rounds 3 and 4 (pairs 20-39) would be all burst */
	double r[4] = { 0 };
	TU_CHECK(bench_pair_ratios(pairs, 40, 4, r) == 0, "40 pairs, 4 rounds");
	for (int k = 0; k < 4; k++)
		TU_CHECK(near(r[k], k + 1), "round %d of the kept pairs in time order: ratio %g, want %d", k + 1, r[k],
			 k + 1);
}

static void check_mean_rates(void)
{
	/* one round of two kept pairs (and two slower-yardstick pairs left out): 1 call in 1 us and 1 call in
	 * 3 us beside a yardstick at 1 call/us are 2 calls in 4 yardstick calls' time, 0.5, not the mean 0.667
	 * of the per-pair ratios 1 and 1/3 */
	bench_slice_pair pairs[4] = {
		{ .op_calls = 1, .op_cpu_us = 1, .yard_calls = 10, .yard_cpu_us = 10 },
		{ .op_calls = 50, .op_cpu_us = 1, .yard_calls = 1, .yard_cpu_us = 10 },
		{ .op_calls = 1, .op_cpu_us = 3, .yard_calls = 10, .yard_cpu_us = 10 },
		{ .op_calls = 50, .op_cpu_us = 1, .yard_calls = 2, .yard_cpu_us = 10 },
	};
	double r[1] = { 0 };
	TU_CHECK(bench_pair_ratios(pairs, 4, 1, r) == 0 && near(r[0], 0.5), "ratio of mean rates %g, want 0.5", r[0]);
	/* each slice's time converted at its own yardstick's rate: 3 calls in 1 us beside a yardstick at 4
	 * calls/us and 1 call in 3 us beside one at 3.6 calls/us are 4 calls in 4 + 10.8 yardstick calls' time,
	 * 4 / 14.8 (at the pooled yardstick rate, 3.8 calls/us, it would be 4 / 15.2); two slower-yardstick
	 * pairs left out */
	bench_slice_pair mixed[4] = {
		{ .op_calls = 3, .op_cpu_us = 1, .yard_calls = 40, .yard_cpu_us = 10 },
		{ .op_calls = 50, .op_cpu_us = 1, .yard_calls = 1, .yard_cpu_us = 10 },
		{ .op_calls = 1, .op_cpu_us = 3, .yard_calls = 36, .yard_cpu_us = 10 },
		{ .op_calls = 50, .op_cpu_us = 1, .yard_calls = 1, .yard_cpu_us = 10 },
	};
	TU_CHECK(bench_pair_ratios(mixed, 4, 1, r) == 0 && near(r[0], 4 / 14.8), "own-rate conversion %g, want %g",
		 r[0], 4 / 14.8);
}

static void check_fast_state_minority(void)
{
	/*
	 * 100 pairs, the machine in its fast state in only 20 of them (every fifth): the yardstick at 36
	 * calls/ms there and the operation at 1.5 x that; in the slow state the yardstick at 23.5 and the
	 * operation at 46/56 of its fast rate (the two states measured on this machine kind).  Whatever the
	 * fast state's share, the ratio is its 1.5 in every round; the fastest half of the pairs would mix
	 * in 30 slow pairs and read about 1.7.  Per-slice jitter of up to 4 % in both states.
	 */
	bench_slice_pair pairs[100];
	for (size_t i = 0; i < 100; i++) {
		double jitter = 1 - 0.01 * (double)(i % 5 == 0 ? i % 4 : i % 3);
		double yard = i % 5 == 0 ? 36 : 23.5, op = i % 5 == 0 ? 54 : 54 * 46.0 / 56;
		pairs[i] = (bench_slice_pair){
			.op_calls = op * 2, .op_cpu_us = 2000, .yard_calls = yard * 2 * jitter, .yard_cpu_us = 2000
		};
	}
	double r[4] = { 0 };
	TU_CHECK(bench_pair_ratios(pairs, 100, 4, r) == 0, "100 pairs, 4 rounds");
	for (int k = 0; k < 4; k++) {
		/* the fast pairs of group k: jitter 1 - 0.01 * (i % 4) over i = 0, 5, ..., the group's five */
		double calls = 0, equivalent = 0;
		for (size_t i = (size_t)k * 25; i < (size_t)k * 25 + 25; i += 5) {
			calls += pairs[i].op_calls;
			equivalent += pairs[i].op_cpu_us * pairs[i].yard_calls / pairs[i].yard_cpu_us;
		}
		TU_CHECK(near(r[k], calls / equivalent) && fabs(r[k] - 1.5) < 0.05, "round %d: %g, the fast state's %g",
			 k + 1, r[k], calls / equivalent);
	}
	unsigned char kept[100];
	size_t nkept = 0, slow_kept = 0;
	TU_CHECK(bench_pair_select(pairs, 100, 4, kept) == 0, "select");
	for (size_t i = 0; i < 100; i++) {
		nkept += kept[i];
		slow_kept += kept[i] && i % 5 != 0;
	}
	TU_CHECK(nkept == 20 && slow_kept == 0, "kept the 20 fast-state pairs (%zu, %zu slow)", nkept, slow_kept);
}

static void check_few_pairs(void)
{
	/* 5 pairs and 5 rounds (a slow operation: one pair per round): every pair is kept, one per round */
	bench_slice_pair pairs[5];
	for (size_t i = 0; i < 5; i++)
		pairs[i] = (bench_slice_pair){
			.op_calls = (double)(i + 1), .op_cpu_us = 1, .yard_calls = (double)(5 - i), .yard_cpu_us = 1
		};
	double r[5] = { 0 };
	TU_CHECK(bench_pair_ratios(pairs, 5, 5, r) == 0, "5 pairs, 5 rounds");
	for (size_t i = 0; i < 5; i++)
		TU_CHECK(near(r[i], (double)(i + 1) / (double)(5 - i)), "round %zu: %g", i + 1, r[i]);
}

/* Records the call numbers it is given: measured ones must run 1, 2, ... and warm-up ones be 0. */
typedef struct {
	size_t last, warm, measured, out_of_order;
} numbering;

static int numbered_op(void *arg, size_t i)
{
	numbering *c = arg;
	if (i == 0) {
		c->warm++;
		return 0;
	}
	c->out_of_order += i != c->last + 1;
	c->last = i;
	c->measured++;
	return 0;
}

static int yardstick_op(void *arg, size_t i)
{
	(void)i;
	(*(volatile size_t *)arg)++;
	return 0;
}

static void check_call_numbers(void)
{
	numbering c = { 0 };
	size_t yard_calls = 0;
	bench_paired p;
	bench_paired_init(&p, "numbering", numbered_op, &c, yardstick_op, &yard_calls);
	const bench_plan plan = { .rounds = 3, .seconds = 0.001, .min_calls = 5 };
	int ret = 0;
	for (size_t r = 0; r < plan.rounds && ret == 0; r++)
		ret = bench_paired_round(&p, &plan);
	bench_stats ours, yard;
	bench_spread spread;
	TU_CHECK(ret == 0 && bench_paired_finish(&p, NULL, &ours, &yard, &spread) == 0, "3 rounds measured");
	TU_CHECK(c.out_of_order == 0 && c.measured == c.last && c.measured == ours.n && c.measured >= 15,
		 "measured calls numbered 1..%zu in order (%zu out of order, %zu samples)", c.last, c.out_of_order,
		 ours.n);
	TU_CHECK(c.warm >= 3, "warm-up calls numbered 0 in every round (%zu)", c.warm);
	TU_CHECK(spread.rounds == 3 && spread.pairs >= 3 && spread.min > 0 && spread.min <= spread.median &&
			 spread.median <= spread.max,
		 "3 rounds, %zu pairs, %g <= %g <= %g", spread.pairs, spread.min, spread.median, spread.max);
	bench_paired_free(&p);
}

int main(void)
{
	check_global_threshold_and_time_order();
	check_mean_rates();
	check_fast_state_minority();
	check_few_pairs();
	check_call_numbers();
	return tu_finish("test_bench_pairs");
}
