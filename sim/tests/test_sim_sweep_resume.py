#!/usr/bin/env python3
"""test_sim_sweep_resume.py PQSIG: `pqsig v2x sim sweep --resume` (docs/sim.md).

The quick sweep's 24 runs go to a stand-in simulator (PQSIG_V2X_SIM), a script that logs its
arguments and writes a small run JSON at once, so that the test needs no ns-3 and takes seconds:
  - a first sweep whose runs at 150 vehicles fail keeps the 16 others (a stopped session);
  - --resume starts exactly the 8 missing runs, keeps the 16 runs' JSON byte for byte, and ends
    with a complete file;
  - a file from another simulator (the script changed), of another sweep, without the simulator's
    identity, or holding a run outside the grid is refused with exit 2 and one clear line, and
    stays as it was;
  - --resume without a file starts a whole sweep; --resume with --force is refused.
Prints "N passed, N failed" and exits non-zero on a failure.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from checks import check, finish

PQSIG = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="pqsig-sweep-resume-")

FAKE_SIM = r'''#!/bin/sh
# stand-in for pqsig-v2x-sim: logs its arguments (all "--option value" pairs), writes a small run JSON
echo "$*" >> "$FAKE_SIM_LOG"
while [ $# -gt 1 ]; do
  case "$1" in
    --profile) p=$2 ;; --policy) q=$2 ;; --vehicles) v=$2 ;; --duration) d=$2 ;; --warmup) w=$2 ;; -o) o=$2 ;;
  esac
  shift 2
done
[ "$v" -gt "${FAKE_SIM_FAIL_ABOVE:-100000}" ] && exit 2
printf '{\n  "profile": "%s",\n  "policy": "%s",\n  "scenario": "highway",\n  "vehicles": %s,\n  "seed": 1,\n  "duration_s": %s,\n  "warmup_s": %s,\n  "pdr": 0.9,\n  "pdr_within_300m": 0.95,\n  "awareness_100m": 0.97,\n  "awareness_300m": 0.9,\n  "cbr": 0.1,\n  "latency_ms": { "count": 1, "p50": 0.5, "p99": 1.0 },\n  "wall_s": 0.01\n}\n' "$p" "$q" "$v" "$d" "$w" > "$o"
'''


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


def sweep(sim, args, fail_above=None, which="--quick"):
    env = dict(os.environ, PQSIG_V2X_SIM=sim, FAKE_SIM_LOG=LOG)
    env.pop("FAKE_SIM_FAIL_ABOVE", None)
    if fail_above is not None:
        env["FAKE_SIM_FAIL_ABOVE"] = str(fail_above)
    p = subprocess.run([PQSIG, "v2x", "sim", "sweep", which, "--jobs", "2"] + args, capture_output=True,
                       text=True, env=env)
    return p.returncode, p.stderr


def logged():
    return [l.split() for l in read(LOG).splitlines()] if os.path.exists(LOG) else []


def run_objects(text):
    """Each run object of a sweep file as its exact text, keyed by (profile, policy, vehicles)."""
    runs = {}
    for obj in re.findall(r'\n\{ "run_cpu_s": .*?\n\}', text, re.S):
        r = json.loads(obj)
        runs[(r["profile"], r["policy"], r["vehicles"])] = obj
    return runs


SIM = os.path.join(TMP, "fake-sim")
write(SIM, FAKE_SIM)
os.chmod(SIM, 0o755)
LOG = os.path.join(TMP, "runs.log")
OUT = os.path.join(TMP, "sweep.json")

# a session that ended with the runs at 150 vehicles unfinished
rc, err = sweep(SIM, ["-o", OUT], fail_above=100)
first = json.loads(read(OUT))
check(rc == 2, "first sweep exit %d (its failed runs), want 2" % rc)
check(len(logged()) == 24 and first["runs_planned"] == 24 and first["runs_done"] == 16 and not first["complete"],
      "first sweep: %d runs started, %s of %s done" % (len(logged()), first["runs_done"], first["runs_planned"]))
check(first["program"].startswith("pqsig ") and "pqsig-v2x-sim sha256 " in first["program"] and
      first["resumed"] == 0, "program %s, resumed %s" % (first["program"], first["resumed"]))
kept_before = run_objects(read(OUT))
check(len(kept_before) == 16, "%d runs in the first file" % len(kept_before))

# without --resume or --force an existing file is refused
rc, err = sweep(SIM, ["-o", OUT])
check(rc == 2 and "--resume" in err and len(logged()) == 24, "existing file: exit %d, %s" % (rc, err.strip()))

# --resume runs exactly the 8 missing ones and keeps the others byte for byte
rc, err = sweep(SIM, ["-o", OUT, "--resume"])
new = logged()[24:]
check(rc == 0, "resume exit %d: %s" % (rc, err.strip()))
check(len(new) == 8 and all(l[l.index("--vehicles") + 1] == "150" for l in new),
      "resume started %d runs: %s" % (len(new), [l[l.index("--vehicles") + 1] for l in new]))
done = json.loads(read(OUT))
after = run_objects(read(OUT))
check(done["complete"] and done["runs_done"] == 24 and done["resumed"] == 1 and len(after) == 24,
      "after resume: %s of 24 done, complete %s, resumed %s" % (done["runs_done"], done["complete"], done["resumed"]))
check(all(after[k] == v for k, v in kept_before.items()), "a kept run's JSON changed")
check(done["started_utc"] == first["started_utc"], "start %s, first %s" % (done["started_utc"], first["started_utc"]))

# a complete file resumed again: nothing to run
rc, err = sweep(SIM, ["-o", OUT, "--resume"])
check(rc == 0 and len(logged()) == 32 and run_objects(read(OUT)) == after, "complete resume: exit %d, %d runs" %
      (rc, len(logged()) - 32))


def refused(path, which, sim, want, what):
    before = read(path)
    rc, err = sweep(sim, ["-o", path, "--resume"], which=which)
    lines = err.strip().splitlines()
    check(rc == 2 and len(lines) == 1 and want in lines[0], "%s: exit %d, %s" % (what, rc, err.strip()))
    check(read(path) == before, "%s: the file changed" % what)


# another simulator: the same script with one more line
OTHER = os.path.join(TMP, "other-sim")
write(OTHER, FAKE_SIM + "# changed\n")
os.chmod(OTHER, 0o755)
n = len(logged())
refused(OUT, "--quick", OTHER, "made by another simulator", "another simulator")
# another sweep: a quick file resumed as the full sweep
refused(OUT, "--full", SIM, "is not a --full sweep", "another sweep")
# a file without the simulator's identity (as sweeps wrote before --resume existed)
OLD = os.path.join(TMP, "old.json")
write(OLD, re.sub(r'  "program": "[^"]*",\n', "", read(OUT)))
refused(OLD, "--quick", SIM, "does not say which simulator", "no identity")
# a run outside the grid (21 vehicles)
ODD = os.path.join(TMP, "odd.json")
write(ODD, read(OUT).replace('"vehicles": 20,', '"vehicles": 21,', 1))
refused(ODD, "--quick", SIM, "is not a run of the --quick sweep", "a run outside the grid")
check(len(logged()) == n, "a refused resume started %d runs" % (len(logged()) - n))

rc, err = sweep(SIM, ["-o", OUT, "--resume", "--force"])
check(rc == 2 and "not both" in err, "--resume --force: exit %d, %s" % (rc, err.strip()))

# --resume without a file: a whole sweep
FRESH = os.path.join(TMP, "fresh.json")
rc, err = sweep(SIM, ["-o", FRESH, "--resume"])
check(rc == 0 and json.loads(read(FRESH))["runs_done"] == 24 and len(logged()) == n + 24,
      "fresh resume: exit %d, %d runs" % (rc, len(logged()) - n))

finish()
