#!/usr/bin/env python3
"""Tests of pqsig-v2x-sim (issue 19, docs/sim.md): test_sim.py SIM CASE.

Cases:
  e2e         5 vehicles deliver and verify real SPDUs end to end (every receiver verifies for real)
  fragment    dropping one fragment at one receiver loses exactly that SPDU there, nothing else
  determinism the same seed gives the same output byte for byte; another seed does not
  airtime     one sender, no contention: ns-3's TX time of every WSM against the 802.11p OFDM formula
  rsu         two roadside units receive and send their own SPDUs; vehicle metrics stay the vehicles'
  sumo        mobility from a SUMO trace (sim/sumo/make-trace.sh: sumo, then traceExporter.py to ns-2)
  p2pcd       digest-only SPDUs, no certificate beforehand: a newcomer's certificate is learnt over the air
  p2pcd_separate  the same with P2PCD's separate flavour: p2pcdLearningRequest in the BSMs, the
              certificates in Peer2Peer PDUs (PSID 0x88, fragmented by our 1609.3 layer)

Each prints "N passed, N failed" and exits non-zero on a failure.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

from checks import check, finish

SIM = sys.argv[1]
CASE = sys.argv[2]
TMP = tempfile.mkdtemp(prefix="pqsig-sim-")

# Fixed CPU times make outputs independent of this machine's load (determinism, trace diffs).
FIXED_CPU = ["--sign-us", "100", "--verify-cold-us", "200", "--verify-warm-us", "100"]
# Five vehicles within 40 m, no fading: every frame is decodable, losses only from collisions.
SMALL = ["--vehicles", "5", "--duration", "2", "--road-length", "40", "--no-fading"]


def run(args, name="out"):
    out = os.path.join(TMP, name + ".json")
    p = subprocess.run([SIM] + args + ["-o", out], capture_output=True, text=True)
    if p.returncode != 0:
        print("FAIL: pqsig-v2x-sim %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr.strip()))
        sys.exit(1)
    with open(out) as f:
        text = f.read()
    return json.loads(text), text


def read_lines(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def case_e2e():
    # (profile, policy, which SPDU's fragment count to check, WSMs it takes at the 1400-byte limit)
    for profile, policy, kind, frags in (("ECDSA/FN-DSA-512", "j2945", "cert", 1), ("FN-DSA-512", "cert", "cert", 2),
                                         ("ML-DSA-44", "j2945", "cert", 5), ("ECDSA+FN-DSA-512", "digest", "digest", 1)):
        r, _ = run(SMALL + ["--profile", profile, "--policy", policy, "--real-verifiers", "5"])
        tag = "%s %s" % (profile, policy)
        # 5 vehicles, 10 Hz, 2 s: 20 BSMs each, every one signed for real
        check(r["bsms_sent"] == 100, "%s: %d BSMs sent, want 100" % (tag, r["bsms_sent"]))
        got = r["wsms_per_spdu_" + kind]
        check(got == frags, "%s: %d WSMs per %s SPDU, want %d" % (tag, got, kind, frags))
        rv = r["real_verification"]
        # every receiver is a real verifier: each reassembled SPDU was verified by pqs_v2x_spdu_verify
        check(rv["receivers"] == 5, "%s: %d real verifiers" % (tag, rv["receivers"]))
        check(rv["verified"] + rv["unknown_signer"] + rv["failed"] == r["spdus_reassembled"],
              "%s: real verdicts %s for %d SPDUs" % (tag, rv, r["spdus_reassembled"]))
        check(rv["verified"] == r["spdus_verified"], "%s: real %d, model %d" % (tag, rv["verified"], r["spdus_verified"]))
        check(rv["failed"] == 0 and rv["model_mismatches"] == 0, "%s: %s" % (tag, rv))
        check(r["wsm_decode_errors"] == 0, "%s: %d WSM decode errors" % (tag, r["wsm_decode_errors"]))
        # 4 receivers per BSM; a few may collide, most must arrive
        check(r["spdus_verified"] >= 0.9 * 400, "%s: only %d of 400 SPDUs verified" % (tag, r["spdus_verified"]))
        check(r["latency_ms"]["count"] > 0 and r["latency_ms"]["p50"] > 0, "%s: latency %s" % (tag, r["latency_ms"]))
        check(r["awareness_100m"] > 0.8, "%s: awareness %.3f" % (tag, r["awareness_100m"]))


def case_fragment():
    base = ["--profile", "FN-DSA-512", "--policy", "cert", "--real-verifiers", "5"] + SMALL + FIXED_CPU
    ta, tb = os.path.join(TMP, "a.trace"), os.path.join(TMP, "b.trace")
    a, _ = run(base + ["--trace", ta], "a")
    # receiver 2 loses fragment 1 of vehicle 1's BSM 7 (fragments 0 and 1 of 2)
    b, _ = run(base + ["--trace", tb, "--drop", "2:1:7:1"], "b")
    la, lb = read_lines(ta), read_lines(tb)
    target = "delivered 2 1 7"
    check(target in la, "the baseline run did not deliver vehicle 1's BSM 7 to vehicle 2")
    check(b["test_dropped_fragments"] == 1, "%d fragments dropped, want 1" % b["test_dropped_fragments"])
    missing = sorted(set(la) - set(lb))
    extra = sorted(set(lb) - set(la))
    check(missing == [target], "lost %s, want exactly [%s]" % (missing[:5], target))
    check(extra == [], "delivered more than the baseline: %s" % extra[:5])
    check(len(lb) == len(la) - 1, "%d deliveries, want %d" % (len(lb), len(la) - 1))
    check(b["fragmented"]["lost_to_a_fragment"] == a["fragmented"]["lost_to_a_fragment"] + 1,
          "lost to a fragment: %d, baseline %d" % (b["fragmented"]["lost_to_a_fragment"],
                                                    a["fragmented"]["lost_to_a_fragment"]))
    check(b["real_verification"]["model_mismatches"] == 0, "mismatches %s" % b["real_verification"])


def case_determinism():
    args = ["--profile", "ECDSA/FN-DSA-512", "--policy", "j2945", "--vehicles", "30", "--duration", "2",
            "--seed", "7", "--no-wall"] + FIXED_CPU
    t1, t2, t3 = (os.path.join(TMP, n) for n in ("1.trace", "2.trace", "3.trace"))
    r1, j1 = run(args + ["--trace", t1], "1")
    r2, j2 = run(args + ["--trace", t2], "2")
    check(j1 == j2, "two runs with seed 7 differ")
    check(read_lines(t1) == read_lines(t2), "two runs with seed 7 delivered differently")
    check(r1["spdus_verified"] > 1000, "only %d SPDUs verified" % r1["spdus_verified"])
    r3, j3 = run([a if a != "7" else "8" for a in args] + ["--trace", t3], "3")
    check(read_lines(t1) != read_lines(t3), "seeds 7 and 8 delivered the same")


def ofdm_airtime_us(mpdu_bytes):
    """IEEE 802.11-2016 17.4.3 (TXTIME) and table 17-5 at 10 MHz: 32 us preamble + 8 us SIGNAL, then
    8 us symbols; 6 Mb/s is QPSK rate 1/2, 48 data bits per symbol; 16 SERVICE + 8 * length + 6 tail bits."""
    return 40 + 8 * math.ceil((16 + 8 * mpdu_bytes + 6) / 48)


def case_airtime():
    # WSM sizes of real SPDUs: certificate and digest SPDUs of several profiles, small to fragmented
    n = 0
    exact = half_symbol_short = 0
    for profile, policy, payload in (("ECDSA", "j2945", 100), ("ECDSA", "cert", 37), ("ECDSA/FN-DSA-512", "cert", 100),
                                     ("FN-DSA-512", "j2945", 100), ("ML-DSA-44", "cert", 100),
                                     ("ECDSA+FN-DSA-512", "cert", 61), ("ML-DSA-44", "digest", 500)):
        log = os.path.join(TMP, "tx.log")
        r, _ = run(["--profile", profile, "--policy", policy, "--payload-size", str(payload), "--vehicles", "2",
                    "--senders", "1", "--duration", "1.2", "--road-length", "10", "--no-fading", "--tx-log", log,
                    "--real-verifiers", "0"])
        lines = [list(map(int, l.split())) for l in read_lines(log)]
        check(len(lines) == r["wsms_sent"], "%s: %d TX records for %d WSMs" % (profile, len(lines), r["wsms_sent"]))
        for wsm, mpdu, ns3_us in lines:
            n += 1
            # 802.11 data header 24 + LLC/SNAP 8 (EtherType 0x88DC) + FCS 4 around the WSM
            check(mpdu == wsm + 36, "%s: MPDU %d for a %d-byte WSM" % (profile, mpdu, wsm))
            want = ofdm_airtime_us(mpdu)
            # ns-3.37 counts 10 MHz data symbols as 4 us of 24 bits (OfdmPhy::GetPayloadDuration):
            # the same bit rate, but rounded to half a symbol, so it is 4 us short when the
            # 48-bit symbol count is not reached by a whole symbol.  Anything else is a failure.
            ns3_model = 40 + 4 * math.ceil((16 + 8 * mpdu + 6) / 24)
            check(ns3_us == ns3_model, "%s: ns-3 %d us for %d bytes, its model gives %d" % (profile, ns3_us, mpdu, ns3_model))
            check(ns3_us in (want, want - 4), "%s: ns-3 %d us, 802.11 %d us (%d bytes)" % (profile, ns3_us, want, mpdu))
            exact += ns3_us == want
            half_symbol_short += ns3_us == want - 4
    check(n >= 100, "only %d frames timed" % n)
    print("airtime: %d frames, %d exactly the 802.11 OFDM TXTIME, %d 4 us (half a symbol) short" %
          (n, exact, half_symbol_short))


def case_rsu():
    # 5 vehicles on 40 m and RSUs every 20 m (x = 10 and 30 m), each sending 2 SPDUs a second;
    # every node verifies for real
    r, _ = run(SMALL + ["--profile", "ECDSA/FN-DSA-512", "--policy", "j2945", "--rsu-spacing", "20",
                        "--rsu-rate", "2", "--real-verifiers", "7"] + FIXED_CPU)
    u = r.get("rsus", {})
    check(u.get("count") == 2, "RSUs: %s, want 2" % u)
    check(u.get("spdus_sent") == 8, "RSU SPDUs sent: %s, want 2 x 2 Hz x 2 s = 8" % u)
    check(r["bsms_sent"] == 108, "%d SPDUs sent, want 100 BSMs + 8" % r["bsms_sent"])
    # each RSU hears the vehicles' 100 BSMs, each vehicle the RSUs' 8 SPDUs; a few may collide
    check(u.get("verified_from_vehicles", 0) >= 0.9 * 200, "RSUs verified %s of 200" % u)
    check(u.get("verified_by_vehicles", 0) >= 0.9 * 40, "vehicles verified %s of 40 RSU SPDUs" % u)
    rv = r["real_verification"]
    check(rv["receivers"] == 7 and rv["failed"] == 0 and rv["model_mismatches"] == 0, "real verification %s" % rv)
    # the vehicle metrics count vehicle pairs only: 100 BSMs x 4 other vehicles
    expected = sum(b["expected"] for b in r["pdr_by_distance"])
    check(expected == 400, "PDR denominator %d, want 400 (vehicle pairs only)" % expected)
    check(r["cert_learning"]["pairs"] == 20, "learning pairs %d, want 20" % r["cert_learning"]["pairs"])


def case_sumo():
    # the shipped SUMO grid and trips, driven by sumo and converted by SUMO's traceExporter.py
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sumo", "make-trace.sh")
    out = os.path.join(TMP, "sumo")
    seconds = 8
    p = subprocess.run([script, out, str(seconds)], capture_output=True, text=True)
    if p.returncode != 0:
        msg = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "exit %d" % p.returncode
        if "not found" in msg:
            print("SKIP: " + msg)
            sys.exit(77)
        check(False, "make-trace.sh: " + msg)
        return
    mob, act = os.path.join(out, "mobility.tcl"), os.path.join(out, "activity.tcl")
    nodes = {int(m) for m in re.findall(r"\$node_\((\d+)\)", open(mob).read())}
    span = {}
    for t, i, what in re.findall(r'at ([0-9.]+) "\$g\((\d+)\) (start|stop)"', open(act).read()):
        span.setdefault(int(i), {})[what] = float(t)
    r, _ = run(["--ns2-mobility", mob, "--ns2-activity", act, "--duration", str(seconds), "--profile",
                "ECDSA/FN-DSA-512", "--policy", "j2945", "--real-verifiers", "3"] + FIXED_CPU)
    check(r["scenario"] == "sumo-trace", "scenario %s" % r["scenario"])
    check(r["vehicles"] == len(nodes) == max(nodes) + 1 and len(nodes) >= 10,
          "%d vehicles, the trace has %d" % (r["vehicles"], len(nodes)))
    # each vehicle sends at 10 Hz while SUMO has it on the road (activity start to stop)
    lo = hi = 0
    for i in nodes:
        a, b = span[i]["start"], min(span[i].get("stop", seconds), seconds)
        k = int(math.floor((b - a) / 0.1 + 1e-9))
        lo, hi = lo + max(k - 1, 0), hi + k + 1
    check(lo <= r["bsms_sent"] <= hi, "%d BSMs sent, the activity spans allow %d..%d" % (r["bsms_sent"], lo, hi))
    # positions come from the trace: the grid is 300 m square, so no pair is ever 450 m or more apart
    # (the default highway puts vehicles up to 1 km apart)
    far = sum(b["expected"] for b in r["pdr_by_distance"] if b["from_m"] >= 450)
    near = sum(b["expected"] for b in r["pdr_by_distance"] if b["from_m"] < 450)
    check(far == 0 and near > 0, "PDR pairs: %d within 450 m, %d beyond" % (near, far))
    rv = r["real_verification"]
    check(rv["failed"] == 0 and rv["model_mismatches"] == 0 and rv["verified"] > 100, "real verification %s" % rv)
    check(r["awareness_100m"] > 0.5, "awareness %.3f" % r["awareness_100m"])


def p2pcd_newcomer_run(flavour):
    """5 FN-DSA-512 vehicles under p2pcd within 40 m, vehicle 4 a newcomer at 1.5 s; (JSON, trace lines)."""
    trace = os.path.join(TMP, "p2pcd-%s.trace" % flavour)
    r, _ = run(["--profile", "FN-DSA-512", "--policy", "p2pcd", "--p2pcd-flavour", flavour, "--vehicles", "5",
                "--duration", "3", "--road-length", "40", "--no-fading", "--newcomer", "1.5", "--trace", trace] +
               FIXED_CPU, "p2pcd-" + flavour)
    return r, [l.split() for l in read_lines(trace)]


def check_newcomer_learnt(r, lines):
    """Each of the 5 learnt the 4 others' certificates over the air, every SPDU that arrived was verified
    for real, and the newcomer (vehicle 4, first BSM at 1.5 s) and the others verified each other."""
    p = r["p2pcd"]
    check(r["bsms_with_cert"] == 0, "%d SPDUs carried the certificate as signer" % r["bsms_with_cert"])
    check(r["real_verification"]["receivers"] == 5 and r["real_verification"]["failed"] == 0,
          "real verification %s" % r["real_verification"])
    check(p["certs_learned"] == 20, "%d certificates learnt, want 20" % p["certs_learned"])
    check(p["request_ids_sent"] >= 1 and p["responses_sent"] >= 1, "P2PCD traffic %s" % p)
    check(p["spdus_held"] > 0 and p["held_expired"] == 0, "held %d, expired %d" % (p["spdus_held"], p["held_expired"]))
    cl = r["cert_learning"]
    check(cl["pairs"] == 20 and cl["learned"] == 20, "certificate learning %s" % cl)
    check(0 < cl["p50_ms"] < 1000, "learning delay %s" % cl)
    check(r["spdus_verified"] == r["spdus_reassembled"] == r["real_verification"]["verified"],
          "verified %d of %d" % (r["spdus_verified"], r["spdus_reassembled"]))
    for v in range(4):
        check(any(l[1] == str(v) and l[2] == "4" for l in lines), "vehicle %d never verified the newcomer" % v)
        check(any(l[1] == "4" and l[2] == str(v) for l in lines), "the newcomer never verified vehicle %d" % v)
    check(r["bsms_sent"] == 4 * 30 + 15, "%d BSMs sent, want 135" % r["bsms_sent"])
    # the newcomer's pairs apart: all 4 learnt each way, within the 2 s a held SPDU waits (a lost
    # answer costs a repeated request, 1 s later)
    nc = r.get("newcomer", {})
    for k in ("learned_by_others", "learned_others"):
        got = nc.get(k, {})
        check(nc.get("vehicle") == 4 and got.get("pairs") == 4 and got.get("learned") == 4 and
              0 < got.get("max_ms", 0) < 2000, "newcomer %s: %s" % (k, nc))


def case_p2pcd_separate():
    # As case_p2pcd, but the clause-8 separate flavour: requests are p2pcdLearningRequest (a 3-byte
    # HashedId3 root component of HeaderInfo, 1609.2 6.3.9: one per SPDU), answers Peer2Peer PDUs.
    r, lines = p2pcd_newcomer_run("separate")
    check_newcomer_learnt(r, lines)
    p = r["p2pcd"]
    check(p.get("flavour") == "separate", "flavour %s" % p.get("flavour"))
    check(p["request_ids_sent"] == p["spdus_with_requests"], "%d request ids in %d SPDUs: one per SPDU" %
          (p["request_ids_sent"], p["spdus_with_requests"]))
    # no requestedCertificate and no inlineP2pcdRequest: the only clause-8 bytes are the learning requests
    check(p["field_bytes_sent"] == 3 * p["request_ids_sent"], "clause-8 field bytes %d for %d learning requests" %
          (p["field_bytes_sent"], p["request_ids_sent"]))
    # every answer is a Peer2Peer PDU holding one FN-DSA-512 certificate (about 1.6 kB, issued by the
    # root: 8.4 stops there), so every PDU has one size and takes two 1400-byte WSMs
    n = p["pdus_sent"]
    check(n >= 1 and p["responses_sent"] == n, "PDUs %d, responses %d" % (n, p["responses_sent"]))
    check(p["pdu_wsms_sent"] == 2 * n, "%d WSMs for %d PDUs, want 2 each" % (p["pdu_wsms_sent"], n))
    check(n and p["pdu_bytes_sent"] % n == 0 and 1500 < p["pdu_bytes_sent"] // n < 1700,
          "PDU bytes %d for %d PDUs" % (p["pdu_bytes_sent"], n))
    # each PDU reaches (most of) the 4 others, and they took it in as PSID 0x88 WSMs, not as BSMs
    check(p["pdus_received"] + p["pdus_lost_to_a_fragment"] <= 4 * n and p["pdus_received"] >= 3 * n,
          "%d PDUs reassembled, %d lost to a fragment, for %d sent to 4 receivers" %
          (p["pdus_received"], p["pdus_lost_to_a_fragment"], n))
    check(r["wsm_decode_errors"] == 0, "%d WSMs refused" % r["wsm_decode_errors"])
    # the BSMs stay single-WSM (a digest FN-DSA-512 SPDU is 797 B): no certificate rides in them
    check(r["wsms_sent"] == r["bsms_sent"], "%d WSMs for %d BSMs" % (r["wsms_sent"], r["bsms_sent"]))


def case_p2pcd():
    # 5 vehicles, FN-DSA-512, the digest in every SPDU and only the root CA beforehand; vehicle 4
    # sends its first BSM at 1.5 s.  Every vehicle is a real pqsig P2PCD node: the only way any of
    # them verifies another's BSM is a certificate delivered on the channel (inline flavour:
    # inlineP2pcdRequest and requestedCertificate inside the BSMs).
    r, lines = p2pcd_newcomer_run("inline")
    check_newcomer_learnt(r, lines)
    check("flavour" not in r["p2pcd"] and r["p2pcd"]["field_bytes_sent"] > 1617, "inline traffic %s" % r["p2pcd"])


{"e2e": case_e2e, "fragment": case_fragment, "determinism": case_determinism, "airtime": case_airtime, "p2pcd": case_p2pcd, "p2pcd_separate": case_p2pcd_separate, "rsu": case_rsu, "sumo": case_sumo}[CASE]()
finish()
