#!/usr/bin/env python3
"""Verifies an Assay Proof Report with only Python's `cryptography` and `rfc8785` packages.

usage: verify_report.py REPORT.json JWKS.json [PROOF.json]

The same checks as `assay verify`, written independently: JWS shape and header, key by kid,
Ed25519 signature, payload == RFC 8785 bytes, attestationRoot == RFC 9162 root of the digests,
and (optionally) one datapoint's inclusion proof up to digests.results. Prints OK or
`FAILED <check>: <reason>` and exits 0 or 1.
"""
import base64
import hashlib
import json
from datetime import datetime
import sys

import rfc8785
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


class Failed(Exception):
    def __init__(self, check, reason):
        super().__init__(f"{check}: {reason}")


def b64url(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def leaf(data):
    return hashlib.sha256(b"\x00" + data).digest()


def node(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def mth(leaves):
    """RFC 9162 2.1.1 Merkle Tree Hash over leaf data."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaf(leaves[0])
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return node(mth(leaves[:k]), mth(leaves[k:]))


def digest(value, what):
    if not isinstance(value, str) or not value.startswith("sha256:") or len(value) != 71:
        raise Failed("root", f"{what} is not sha256:<64 hex>")
    return bytes.fromhex(value[7:])


def verify_inclusion(leaf_hash, index, size, path, root):
    """RFC 9162 2.1.3.2."""
    if not (0 <= index < size):
        return False
    fn, sn, r = index, size - 1, leaf_hash
    for p in path:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            r = node(p, r)
            while fn % 2 == 0 and fn != 0:
                fn //= 2
                sn //= 2
        else:
            r = node(r, p)
        fn //= 2
        sn //= 2
    return sn == 0 and r == root


def verify(report, jwks, proof=None):
    parts = report.get("jws", "").split(".")
    if len(parts) != 3 or not all(parts):
        raise Failed("jws", "not a compact JWS (3 non-empty parts)")
    header = json.loads(b64url(parts[0]))
    if header.get("alg") != "EdDSA" or not header.get("kid"):
        raise Failed("header", f"alg must be EdDSA and kid present, got {header}")
    key = next((k for k in jwks.get("keys", []) if k.get("kid") == header["kid"]), None)
    if key is None:
        raise Failed("kid", f"{header['kid']} is not in the JWKS")
    public = Ed25519PublicKey.from_public_bytes(b64url(key["x"]))
    try:
        public.verify(b64url(parts[2]), f"{parts[0]}.{parts[1]}".encode())
    except InvalidSignature:
        raise Failed("signature", f"does not verify with key {header['kid']}")
    signed = b64url(parts[1])
    payload = json.loads(signed)
    if rfc8785.dumps(payload) != signed:
        raise Failed("payload", "the signed bytes are not the RFC 8785 canonical form")
    if payload.get("schema") != "assay.attestation/v1":
        raise Failed("payload", "schema is not assay.attestation/v1")
    if payload.get("signingKeyId") != header["kid"]:
        raise Failed("kid", "payload.signingKeyId differs from the JWS kid")
    # The key's validity window: nbf <= issuedAt < exp, and never a compromised key.
    if "revoked" in key:
        raise Failed("key", f"{header['kid']} was marked compromised: no report it signed can be trusted")
    if not isinstance(key.get("nbf"), int):
        raise Failed("key", f"{header['kid']} has no validity window (nbf) in the JWKS")
    issued = datetime.fromisoformat(payload["issuedAt"].replace("Z", "+00:00")).timestamp()
    if issued < key["nbf"]:
        raise Failed("key", f"the report was issued before {header['kid']} was activated")
    if isinstance(key.get("exp"), int) and issued >= key["exp"]:
        raise Failed("key", f"the report was issued after {header['kid']} was retired")
    if "payload" in report and report["payload"] != payload:
        raise Failed("payload", "report.payload differs from the signed payload")
    for field in ("reportId", "attestationRoot", "signingKeyId", "qualityRating", "consensusStrength"):
        if field in report and report[field] != payload.get(field):
            raise Failed("payload", f"report.{field} differs from the signed payload")
    d = payload["digests"]
    root = mth([digest(d[k], k) for k in ("config", "manifest", "results")])
    if "sha256:" + root.hex() != payload["attestationRoot"]:
        raise Failed("root", "attestationRoot is not the RFC 9162 root of config, manifest, results")
    summary = f"{payload['reportId']} signed by {header['kid']}"
    if proof is not None:
        if proof.get("reportId") != payload["reportId"] or proof.get("treeSize") != d["resultsLeaves"]:
            raise Failed("proof", "proof is for another report or tree")
        ok = verify_inclusion(leaf(proof["leaf"].encode()), proof["leafIndex"], proof["treeSize"],
                              [bytes.fromhex(h) for h in proof["auditPath"]], digest(d["results"], "results"))
        if not ok:
            raise Failed("proof", "the leaf does not fold to digests.results")
        summary += f"; datapoint {proof['datapointId']} included"
    return summary


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    load = lambda p: json.load(open(p, encoding="utf-8"))
    try:
        print("OK " + verify(load(argv[1]), load(argv[2]), load(argv[3]) if len(argv) == 4 else None))
        return 0
    except Failed as e:
        print(f"FAILED {e}", file=sys.stderr)
        return 1
    except (ValueError, KeyError, TypeError, AttributeError, OSError) as e:
        print(f"FAILED input: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
