#!/usr/bin/env python3
"""P2PCD traffic in a WSMP capture, checked by independent means.

    tshark_p2pcd.py extract PCAP OUTDIR
        Our own reading of the capture (Ethernet II, WSMP per 1609.3 8.3,
        pqsig fragments per docs/wsm.md, reassembled by message id): every
        complete SPDU (not Peer2Peer PDUs, PSID 0x88) to OUTDIR/spdu-N.bin,
        N from 1 in completion order; prints the count.

    tshark_p2pcd.py check PCAP RECEIVE_JSON DIGEST_SPDU
        tshark decodes the capture.  For every SPDU `pqsig v2x receive --json`
        listed that sits whole in one frame: the Ieee1609Dot2Data element
        spans exactly its bytes, no expert info (ECDSA profile: no unknown
        alternative), no malformed packet, and tshark shows
        inlineP2pcdRequest / p2pcdLearningRequest / requestedCertificate
        exactly where receive found them, requestedCertificate with the
        size receive gives.  For every whole Peer2Peer PDU (PSID 0x88, which
        Wireshark's WSMP dissector does not pass on): tshark, given the WSM
        data as an Ieee1609Dot2Data, consumes it all, and the certificate list,
        put in place of the HashedId8 signer of DIGEST_SPDU (tshark has no
        entry point for Ieee1609Dot2Peer2PeerPDU), decodes as that many
        Certificate elements spanning exactly the list.  Prints counts;
        exit 1 on any failure.
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tshark_check  # noqa: E402


def length(b, i):
    """1609.3 8.1.3 length: 0xxxxxxx or 10xxxxxx xxxxxxxx."""
    if b[i] < 0x80:
        return b[i], i + 1
    return ((b[i] & 0x3F) << 8) | b[i + 1], i + 2


def psid(b, i):
    if b[i] < 0x80:
        return b[i], i + 1
    if b[i] < 0xC0:
        return (((b[i] & 0x3F) << 8) | b[i + 1]) + 128, i + 2
    raise ValueError("long PSID")


def frames(pcap):
    """(frame number, psid, WSM data) of every WSMP frame of an Ethernet pcap."""
    raw = open(pcap, "rb").read()
    assert raw[:4] == b"\xd4\xc3\xb2\xa1", "classic little-endian pcap"
    assert struct.unpack("<I", raw[20:24])[0] == 1, "Ethernet"
    pos, n, out = 24, 0, []
    while pos < len(raw):
        incl = struct.unpack("<I", raw[pos + 8:pos + 12])[0]
        fr = raw[pos + 16:pos + 16 + incl]
        pos += 16 + incl
        n += 1
        if fr[12:14] != b"\x88\xdc":
            continue
        w = fr[14:]
        assert w[0] == 0x03 and w[1] == 0x00, "WSMP v3 without extensions, TPID 0"
        p, i = psid(w, 2)
        dl, i = length(w, i)
        assert len(w) - i == dl, "WSM length"
        out.append((n, p, w[i:]))
    return out


def messages(pcap):
    """(first frame, psid, bytes) of every complete message, in completion order."""
    parts, out = {}, []
    for n, p, d in frames(pcap):
        if d[0] != 0xF2:
            out.append((n, p, d))
            continue
        mid, idx, cnt, total = struct.unpack(">IHHI", d[1:13])
        m = parts.setdefault(mid, {"first": n, "n": cnt, "len": total, "p": {}})
        m["p"][idx] = d[29:]
        if len(m["p"]) == m["n"]:
            blob = b"".join(m["p"][k] for k in range(m["n"]))
            assert len(blob) == m["len"]
            out.append((m["first"], p, blob))
            del parts[mid]
    return out


def extract(pcap, outdir):
    k = 0
    for _, p, blob in messages(pcap):
        if p == 0x88:
            continue
        k += 1
        with open(os.path.join(outdir, "spdu-%d.bin" % k), "wb") as f:
            f.write(blob)
    print(k)
    return 0


def check(pcap, rx_json, digest_spdu):
    rx = json.load(open(rx_json))
    out = tshark_check.subprocess.run(["tshark", "-r", pcap, "-T", "pdml"], check=True, capture_output=True).stdout
    packets = tshark_check.ET.fromstring(out).findall("packet")
    whole = {n: d for n, p, d in frames(pcap) if d[0] != 0xF2}
    bad, seen = [], {"inline": 0, "learning": 0, "requested": 0, "spdus": 0, "pdus": 0}
    for s in rx:
        fr = s["frame"]
        if fr not in whole:
            continue  # fragmented: Wireshark's 1609.2 dissector cannot reassemble pqsig fragments
        tree = packets[fr - 1]
        err = tshark_check.check_tree(tree, s["len"], 0)
        names = [f.get("name") for f in tree.iter("field")]
        has_inline = "ieee1609dot2.inlineP2pcdRequest" in names
        has_learning = "ieee1609dot2.p2pcdLearningRequest" in names
        rc = [f for f in tree.iter("field") if f.get("name") == "ieee1609dot2.requestedCertificate_element"]
        if not err and has_inline != (s["inline_requests"] >= 0):
            err = "inlineP2pcdRequest: tshark %s, receive %d" % (has_inline, s["inline_requests"])
        if not err and s["inline_requests"] > 0:
            ids = [f for f in tree.iter("field") if f.get("name") == "ieee1609dot2.HashedId3"]
            if len(ids) != s["inline_requests"]:
                err = "%d HashedId3 items, receive %d" % (len(ids), s["inline_requests"])
        if not err and has_learning != s["learning_request"]:
            err = "p2pcdLearningRequest: tshark %s, receive %s" % (has_learning, s["learning_request"])
        if not err and (len(rc) == 1) != (s["requested_certificate"] > 0):
            err = "requestedCertificate: tshark %d, receive %d bytes" % (len(rc), s["requested_certificate"])
        if not err and rc and int(rc[0].get("size")) != s["requested_certificate"]:
            err = "requestedCertificate spans %s of %d bytes" % (rc[0].get("size"), s["requested_certificate"])
        if err:
            bad.append("frame %d: %s" % (fr, err))
            continue
        seen["spdus"] += 1
        seen["inline"] += has_inline
        seen["learning"] += has_learning
        seen["requested"] += len(rc)
    spdu = open(digest_spdu, "rb").read()
    pos = tshark_check.spdu_signer_offset(spdu)
    blobs, want = [], []
    pdus = [(n, d) for n, p, d in frames(pcap) if p == 0x88 and d[0] != 0xF2]
    # Wireshark's WSMP dissector does not hand PSID 0x88 to IEEE 1609.2: the PDU is decoded as an
    # Ieee1609Dot2Data of its own (unsecuredData), then its certificate list in a signer slot
    for (n, d), tree in zip(pdus, tshark_check.decode([d for _, d in pdus]) if pdus else []):
        err = tshark_check.check_tree(tree, len(d), 0)
        if err:
            bad.append("PDU frame %d: %s" % (n, err))
            continue
        _, i = (d[2], 3) if d[2] < 0x80 else (None, 3 + (d[2] & 0x7F))
        pdu = d[i:]
        assert pdu[0] == 1 and pdu[1] == 0x80, "Ieee1609Dot2Peer2PeerPDU version 1, caCerts"
        seq = pdu[2:]
        blobs.append(spdu[:pos] + b"\x81" + seq + spdu[pos + 9:])
        want.append((n, len(seq) - (1 + seq[0]), seq[1]))
    for (n, certs_len, count), tree in zip(want, tshark_check.decode(blobs) if blobs else []):
        certs = [int(f.get("size")) for f in tree.iter("field") if f.get("name") == "ieee1609dot2.Certificate_element"]
        if len(certs) != count or sum(certs) != certs_len:
            bad.append("PDU frame %d: %d Certificate elements of %d bytes, want %d of %d" %
                       (n, len(certs), sum(certs), count, certs_len))
        else:
            seen["pdus"] += 1
    for b in bad:
        print("FAIL tshark " + b)
    print("tshark p2pcd: %d SPDUs ok (%d inlineP2pcdRequest, %d p2pcdLearningRequest, %d requestedCertificate), "
          "%d Peer2Peer PDUs ok, %d failed" % (seen["spdus"], seen["inline"], seen["learning"], seen["requested"],
                                              seen["pdus"], len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "extract":
        sys.exit(extract(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 5 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4]))
    print(__doc__)
    sys.exit(2)
