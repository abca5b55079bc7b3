#!/usr/bin/env python3
"""IEEE 1609.2 section 5.3.5 ECIES, rebuilt from standard primitives, against pqsig's C code.

stdin: lines "d ciphertext plaintext p1" from `test_scms_ecies_xcheck gen`: each must decrypt here.
stdout: the same kind of lines, encrypted here, for `test_scms_ecies_xcheck check`.
Layout: V (33, compressed) || C (16) || T (16) || nonce (12) || AES-128-CCM ciphertext || tag (16).
KDF2 (IEEE 1363a): K = SHA-256(Z || 00000001 || P1) || SHA-256(Z || 00000002 || P1); K1 = K[0:16],
K2 = K[16:48]; C = key xor K1; T = HMAC-SHA256(K2, C)[0:16]; P1 defaults to SHA-256("").
"""
import hashlib
import hmac
import os
import sys

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESCCM
from cryptography.hazmat.primitives import serialization

CURVE = ec.SECP256R1()


def kdf2(z, p1):
    return (hashlib.sha256(z + b"\0\0\0\1" + p1).digest() + hashlib.sha256(z + b"\0\0\0\2" + p1).digest())[:48]


def decrypt(d, ct, p1):
    priv = ec.derive_private_key(int.from_bytes(d, "big"), CURVE)
    v = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, ct[:33])
    k = kdf2(priv.exchange(ec.ECDH(), v), p1)
    c, t = ct[33:49], ct[49:65]
    if not hmac.compare_digest(hmac.new(k[16:48], c, hashlib.sha256).digest()[:16], t):
        raise ValueError("ECIES tag mismatch")
    key = bytes(a ^ b for a, b in zip(c, k[:16]))
    return AESCCM(key, tag_length=16).decrypt(ct[65:77], ct[77:], None)


def encrypt(pub_point, pt, p1):
    r = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, pub_point)
    eph = ec.generate_private_key(CURVE)
    v = eph.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
    k = kdf2(eph.exchange(ec.ECDH(), r), p1)
    key = os.urandom(16)
    c = bytes(a ^ b for a, b in zip(key, k[:16]))
    t = hmac.new(k[16:48], c, hashlib.sha256).digest()[:16]
    nonce = os.urandom(12)
    return v + c + t + nonce + AESCCM(key, tag_length=16).encrypt(nonce, pt, None)


def main():
    n = 0
    empty = hashlib.sha256(b"").digest()
    for line in sys.stdin:
        d, ct, pt, p1 = line.split()
        p1b = empty if p1 == "-" else bytes.fromhex(p1)
        got = decrypt(bytes.fromhex(d), bytes.fromhex(ct), p1b)
        if got != bytes.fromhex(pt):
            sys.exit("C ciphertext %d decrypts to other bytes" % n)
        n += 1
    if n < 12:
        sys.exit("only %d ciphertexts from C" % n)
    print("python: decrypted %d ciphertexts made by pqsig" % n, file=sys.stderr)
    for t, length in enumerate([1, 15, 16, 17, 100, 1000] * 2):
        priv = ec.generate_private_key(CURVE)
        d = priv.private_numbers().private_value.to_bytes(32, "big")
        pub = priv.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
        pt = os.urandom(length)
        p1 = os.urandom(32) if t >= 6 else None
        ct = encrypt(pub, pt, p1 if p1 else empty)
        print(d.hex(), ct.hex(), pt.hex(), p1.hex() if p1 else "-")


main()
