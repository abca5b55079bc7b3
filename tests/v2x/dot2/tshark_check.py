#!/usr/bin/env python3
"""Decode IEEE 1609.2 blobs with tshark, an independent decoder, and check them.

    tshark_check.py spdu FILE UNKNOWN
    tshark_check.py cert CERT DIGEST_SPDU UNKNOWN
    tshark_check.py batch MANIFEST
    tshark_check.py ecdsa SPDU ROOT_CERT DIGEST_SPDU
    tshark_check.py pcap PCAP MANIFEST

batch: one line per blob, "LABEL|spdu|FILE|UNKNOWN" or
"LABEL|cert|CERT|UNKNOWN|DIGEST_SPDU"; all blobs go into one capture and
one tshark run (tshark's start-up dominates otherwise).  Prints one FAIL
line per failing blob and "tshark: N ok, M failed".

spdu: FILE is an Ieee1609Dot2Data.  cert: tshark has no stand-alone
Certificate entry point, so the certificate is put in place of the
HashedId8 signer of a digest-signed SPDU (SignerIdentifier certificate,
one item) and decoded there; the Certificate element must then span
exactly the certificate's bytes.

Checks (../shared/notes/v2x-encoding.md, "What a test must check"):
  - the Ieee1609Dot2Data element consumes exactly all bytes;
  - every expert info is "Trying to fetch an unsigned integer with length N"
    (Wireshark 4.0's report of an unknown CHOICE alternative, whose open
    type it still skips correctly), exactly UNKNOWN of them: one per PQC
    key or signature;
  - no visible "Malformed Packet".
Exit 0 if all hold, 1 otherwise (one line saying why).

pcap: a capture of WSMP frames (tests/v2x/dot3/test_wsm_pcap.c); MANIFEST has one
line "FRAME|SPDU_LEN|UNKNOWN" per frame that carries a whole (unfragmented)
SPDU, numbered from 1.  Each such frame must pass the checks above, with the
Ieee1609Dot2Data element spanning SPDU_LEN bytes.  Frames not listed
(fragments, which Wireshark's 1609.2 dissector cannot parse) are not
checked here.  Prints one FAIL line per failing frame and
"tshark pcap: N ok, M failed"; every listed frame must exist.

ecdsa: an independent check of the cryptography of an ECDSA P-256 SPDU
(certificate signer) and its root: the fields are located by tshark, the
hashes computed with hashlib and the signatures verified with pyca
cryptography.  Checks the root's HashedId8 (low 8 bytes of SHA-256) against
the vehicle certificate's issuer, and the three signatures over the
1609.2 section 5.3.1 data input H(H(tbs) || H(signer certificate or "")).
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

UNKNOWN_RE = re.compile(r"^Trying to fetch an unsigned integer with length \d+$")


def hexdump(data):
    return "".join("%06x %s\n" % (i, " ".join("%02x" % b for b in data[i:i + 16])) for i in range(0, len(data), 16))


def decode(blobs):
    """One packet per blob (text2pcap starts a packet at each offset 000000); their PDML trees."""
    with tempfile.TemporaryDirectory() as d:
        txt, pcap = os.path.join(d, "b.txt"), os.path.join(d, "b.pcap")
        with open(txt, "w") as f:
            for b in blobs:
                f.write(hexdump(b))
        subprocess.run(["text2pcap", "-q", "-P", "ieee1609dot2.data", txt, pcap], check=True)
        out = subprocess.run(["tshark", "-r", pcap, "-T", "pdml"], check=True, capture_output=True).stdout
    packets = ET.fromstring(out).findall("packet")
    if len(packets) != len(blobs):
        raise RuntimeError("tshark returned %d packets for %d blobs" % (len(packets), len(blobs)))
    return packets


def check(blob, unknown, cert_len=None, root=None):
    if root is None:
        root = decode([blob])[0]
    return check_tree(root, len(blob), unknown, cert_len)


def check_tree(root, blob_len, unknown, cert_len=None):
    data = [f for f in root.iter("field") if f.get("name") == "ieee1609dot2.Ieee1609Dot2Data_element"]
    if len(data) < 1:
        return "no Ieee1609Dot2Data decoded"
    if int(data[0].get("size")) != blob_len:
        return "Ieee1609Dot2Data consumed %s of %d bytes" % (data[0].get("size"), blob_len)
    if cert_len is not None:
        certs = [f for f in root.iter("field") if f.get("name") == "ieee1609dot2.Certificate_element"]
        if len(certs) != 1 or int(certs[0].get("size")) != cert_len:
            return "Certificate element: %s, want one of %d bytes" % ([c.get("size") for c in certs], cert_len)
    messages = [f.get("show") for f in root.iter("field") if f.get("name") == "_ws.expert.message"]
    other = [m for m in messages if not UNKNOWN_RE.match(m or "")]
    if other:
        return "unexpected expert info: %s" % "; ".join(other)
    if len(messages) != unknown:
        return "%d unknown-alternative warnings, want %d" % (len(messages), unknown)
    for p in root.iter("proto"):
        if p.get("name") == "_ws.malformed" and p.get("hide") != "yes":
            return "Malformed Packet"
    return None


def wrap_cert(cert, spdu):
    """The certificate in place of the HashedId8 signer of a digest-signed SPDU, or None."""
    pos = spdu_signer_offset(spdu)
    if pos is None:
        return None
    return spdu[:pos] + bytes([0x81, 0x01, 0x01]) + cert + spdu[pos + 9:]


def batch(manifest):
    items = []
    for line in open(manifest):
        f = line.rstrip("\n").split("|")
        if len(f) < 4:
            continue
        label, kind, path, unknown = f[0], f[1], f[2], int(f[3])
        data = open(path, "rb").read()
        if kind == "cert":
            blob = wrap_cert(data, open(f[4], "rb").read())
            items.append((label, blob, unknown, len(data)))
        else:
            items.append((label, data, unknown, None))
    bad = [(label, "not a digest-signed SPDU") for label, blob, _, _ in items if blob is None]
    good = [it for it in items if it[1] is not None]
    trees = decode([it[1] for it in good]) if good else []
    for (label, blob, unknown, cert_len), tree in zip(good, trees):
        err = check(blob, unknown, cert_len, tree)
        if err:
            bad.append((label, err))
    for label, err in bad:
        print("FAIL tshark %s: %s" % (label, err))
    print("tshark: %d ok, %d failed" % (len(items) - len(bad), len(bad)))
    return 1 if bad else 0


def pcap_check(pcap, manifest):
    want = []
    for line in open(manifest):
        f = line.strip().split("|")
        if len(f) == 3:
            want.append((int(f[0]), int(f[1]), int(f[2])))
    out = subprocess.run(["tshark", "-r", pcap, "-T", "pdml"], check=True, capture_output=True).stdout
    packets = ET.fromstring(out).findall("packet")
    bad = 0
    for frame, spdu_len, unknown in want:
        err = check_tree(packets[frame - 1], spdu_len, unknown) if 0 < frame <= len(packets) else "no such frame"
        if err:
            print("FAIL tshark frame %d: %s" % (frame, err))
            bad += 1
    print("tshark pcap: %d ok, %d failed" % (len(want) - bad, bad))
    return 1 if bad or not want else 0


def fields(tree):
    """(name, value hex, pos, size) of every ieee1609dot2 field, positions relative to the Ieee1609Dot2Data."""
    out, base = [], None
    for f in tree.iter("field"):
        name = f.get("name") or ""
        if name == "ieee1609dot2.Ieee1609Dot2Data_element" and base is None:
            base = int(f.get("pos"))
        if name.startswith("ieee1609dot2."):
            out.append((name[13:], f.get("value") or "", int(f.get("pos")) - (base or 0), int(f.get("size"))))
    return out


def first(fl, name, start=0):
    for i in range(start, len(fl)):
        if fl[i][0] == name:
            return i
    raise ValueError("field %s not found" % name)


def cert_parts(blob, fl, at):
    """From the Certificate field at index at: (cert bytes, tbs bytes, pk, (r, s), index after)."""
    _, _, pos, size = fl[at]
    cert = blob[pos:pos + size]
    t = first(fl, "toBeSigned_element", at)
    tbs = blob[fl[t][2]:fl[t][2] + fl[t][3]]
    k = first(fl, "ecdsaNistP256", t)
    y = fl[k + 1]
    prefix = b"\x02" if y[0] == "compressed_y_0" else b"\x03"
    pk = prefix + bytes.fromhex(y[1])
    r = first(fl, "x_only", k)
    sv = first(fl, "sSig", r)
    return cert, tbs, pk, (bytes.fromhex(fl[r][1]), bytes.fromhex(fl[sv][1])), sv + 1


def ecdsa_ok(pk, digest, rs):
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, utils
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), pk)
    sig = utils.encode_dss_signature(int.from_bytes(rs[0], "big"), int.from_bytes(rs[1], "big"))
    try:
        key.verify(sig, digest, ec.ECDSA(utils.Prehashed(hashes.SHA256())))
        return True
    except InvalidSignature:
        return False


def ecdsa_check(spdu_path, root_path, digest_path):
    import hashlib
    h = lambda b: hashlib.sha256(b).digest()
    spdu = open(spdu_path, "rb").read()
    root_cert = open(root_path, "rb").read()
    wrapped = wrap_cert(root_cert, open(digest_path, "rb").read())
    if wrapped is None:
        return "not a digest-signed SPDU: %s" % digest_path
    t_spdu, t_root = decode([spdu, wrapped])
    fs, fr = fields(t_spdu), fields(t_root)
    tb = first(fs, "tbsData_element")
    tbs = spdu[fs[tb][2]:fs[tb][2] + fs[tb][3]]
    veh, veh_tbs, veh_pk, veh_cert_sig, nxt = cert_parts(spdu, fs, first(fs, "Certificate_element"))
    issuer = bytes.fromhex(fs[first(fs, "sha256AndDigest")][1])
    r = first(fs, "x_only", nxt)
    msg_sig = (bytes.fromhex(fs[r][1]), bytes.fromhex(fs[first(fs, "sSig", r)][1]))
    root, root_tbs, root_pk, root_sig, _ = cert_parts(wrapped, fr, first(fr, "Certificate_element"))
    if root != root_cert:
        return "tshark located the root certificate at the wrong bytes"
    if h(root)[-8:] != issuer:
        return "vehicle issuer %s is not the root's HashedId8 %s" % (issuer.hex(), h(root)[-8:].hex())
    if not ecdsa_ok(root_pk, h(h(root_tbs) + h(b"")), root_sig):
        return "root self-signature does not verify independently"
    if not ecdsa_ok(root_pk, h(h(veh_tbs) + h(root)), veh_cert_sig):
        return "vehicle certificate signature does not verify independently"
    if not ecdsa_ok(veh_pk, h(h(tbs) + h(veh)), msg_sig):
        return "SPDU signature does not verify independently"
    return None


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[0] == "batch":
        return batch(a[1])
    if len(a) == 3 and a[0] == "pcap":
        return pcap_check(a[1], a[2])
    if len(a) == 4 and a[0] == "ecdsa":
        err = ecdsa_check(a[1], a[2], a[3])
        if err:
            print("tshark_check: ecdsa: %s" % err)
            return 1
        return 0
    if len(a) == 3 and a[0] == "spdu":
        blob = open(a[1], "rb").read()
        err = check(blob, int(a[2]))
    elif len(a) == 4 and a[0] == "cert":
        cert = open(a[1], "rb").read()
        spdu = open(a[2], "rb").read()
        blob = wrap_cert(cert, spdu)
        if blob is None:
            print("tshark_check: %s is not a digest-signed SPDU" % a[2])
            return 1
        err = check(blob, int(a[3]), len(cert))
    else:
        print(__doc__)
        return 2
    if err:
        print("tshark_check: %s: %s" % (a[1], err))
        return 1
    return 0


def spdu_signer_offset(spdu):
    # Parse just enough COER: 03 81 hashId | preamble 40 | 03 80 len payload | header | 80 digest
    if len(spdu) < 16 or spdu[0] != 3 or spdu[1] != 0x81 or spdu[3] != 0x40 or spdu[4] != 3 or spdu[5] != 0x80:
        return None
    p = 6
    n = spdu[p]
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(spdu[p + 1:p + 1 + k], "big")
        p += 1 + k
    else:
        p += 1
    p += n
    if spdu[p] != 0x40:  # HeaderInfo preamble: generationTime only
        return None
    p += 1
    p += 1 + spdu[p]  # psid
    p += 8  # generationTime
    return p if spdu[p] == 0x80 else None


if __name__ == "__main__":
    sys.exit(main())
