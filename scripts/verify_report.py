#!/usr/bin/env python3
"""Verifies an Assay Proof Report with only Python's `cryptography` and `rfc8785` packages.

usage: verify_report.py REPORT.json JWKS.json [PROOF.json]
       verify_report.py --consistency OLD.json NEW.json JWKS.json CONSISTENCY.json
       verify_report.py --dsse ENVELOPE.json JWKS.json

The same checks as `assay verify`, written independently: JWS shape and header, key by kid,
Ed25519 signature, payload == RFC 8785 bytes, attestationRoot == RFC 9162 root of the digests,
the report's C2SP checkpoint (signed note), and (optionally) one datapoint's inclusion proof up
to digests.results. With --consistency: both reports verify, belong to the same project, OLD is
not later than NEW, and the RFC 9162 consistency proofs link OLD's trees to NEW's. With --dsse:
the in-toto export's DSSE envelope is signed by a JWKS key over the DSSE encoding. Prints OK or
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


def verify_consistency(size1, size2, proof, root1, root2):
    """RFC 9162 2.1.4.2: the tree of size1 leaves with root1 is a prefix of the one of size2 with root2."""
    if not (0 < size1 <= size2) or any(len(p) != 32 for p in proof):
        return False
    if size1 == size2:
        return not proof and root1 == root2
    if not proof:
        return False
    path = [root1] + proof if size1 & (size1 - 1) == 0 else list(proof)
    fn, sn = size1 - 1, size2 - 1
    while fn % 2 == 1:
        fn //= 2
        sn //= 2
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            fr, sr = node(c, fr), node(c, sr)
            while fn % 2 == 0 and fn != 0:
                fn //= 2
                sn //= 2
        else:
            sr = node(sr, c)
        fn //= 2
        sn //= 2
    return sn == 0 and fr == root1 and sr == root2


def check_checkpoint(note, payload, public, x):
    """The report's C2SP checkpoint: a signed note (c2sp.org/signed-note) by the report's key."""
    origin = payload["issuer"].split("://", 1)[-1].rstrip("/") + "/projects/" + payload["projectId"]
    key_id = hashlib.sha256(origin.encode() + b"\n\x01" + x).digest()[:4]
    text, _, sigs = note.rpartition("\n\n")
    text += "\n"
    ok = False
    for line in sigs.rstrip("\n").split("\n"):
        name, _, sig = line.removeprefix("\u2014 ").partition(" ")
        raw = base64.b64decode(sig)
        if name == origin and raw[:4] == key_id:
            try:
                public.verify(raw[4:], text.encode())
            except InvalidSignature:
                raise Failed("checkpoint", f"the signature by {origin} does not verify")
            ok = True
    if not ok:
        raise Failed("checkpoint", f"no signature by {origin} with the report's key")
    lines = text.split("\n")
    d = payload["digests"]
    if lines[:3] != [origin, str(d["resultsLeaves"]), base64.b64encode(digest(d["results"], "results")).decode()]:
        raise Failed("checkpoint", "origin, tree size or root hash differ from the report")
    return f"checkpoint {origin} at {d['resultsLeaves']}"


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
    if "checkpoint" in report:
        summary += "; " + check_checkpoint(report["checkpoint"], payload, public, b64url(key["x"]))
    return summary


def verify_dsse(envelope, jwks):
    """The intoto_dsse export: Ed25519 over DSSE's PAE(payloadType, payload) by a key of the JWKS."""
    body = base64.b64decode(envelope["payload"])
    kind = envelope["payloadType"].encode()
    pae = b"DSSEv1 %d %s %d %s" % (len(kind), kind, len(body), body)
    for s in envelope["signatures"]:
        key = next((k for k in jwks["keys"] if k.get("kid") == s.get("keyid")), None)
        if key is None:
            continue
        try:
            Ed25519PublicKey.from_public_bytes(b64url(key["x"])).verify(base64.b64decode(s["sig"]), pae)
        except InvalidSignature:
            raise Failed("dsse", f"the signature by {key['kid']} does not verify")
        statement = json.loads(body)
        if statement.get("_type") != "https://in-toto.io/Statement/v1":
            raise Failed("dsse", "the payload is not an in-toto Statement v1")
        return f"in-toto statement of {len(statement['subject'])} subjects signed by {key['kid']}"
    raise Failed("dsse", "no signature by a key of the JWKS")


def payload_of(report):
    return json.loads(b64url(report["jws"].split(".")[1]))


def verify_link(old, new, jwks, proof):
    verify(old, jwks)
    verify(new, jwks)
    a, b = payload_of(old), payload_of(new)
    if a["projectId"] != b["projectId"] or a["issuer"] != b["issuer"]:
        raise Failed("project", f"{a['reportId']} and {b['reportId']} are reports of different projects")
    da, db = a["digests"], b["digests"]
    if da["resultsLeaves"] > db["resultsLeaves"] or da["manifestLeaves"] > db["manifestLeaves"] \
            or a["issuedAt"] > b["issuedAt"]:
        raise Failed("order", f"{a['reportId']} is later than {b['reportId']}: give the earlier report first")
    if proof["from"]["reportId"] != a["reportId"] or proof["to"]["reportId"] != b["reportId"]:
        raise Failed("consistency", "the proof links other reports")
    for tree in ("manifest", "results"):
        path = [bytes.fromhex(h) for h in proof[tree]["proof"]]
        if not verify_consistency(da[tree + "Leaves"], db[tree + "Leaves"], path,
                                  digest(da[tree], tree), digest(db[tree], tree)):
            raise Failed("consistency", f"the {tree} tree of {a['reportId']} is not a prefix of {b['reportId']}'s")
    return f"{b['reportId']} extends {a['reportId']}"


def main(argv):
    consistency = len(argv) == 6 and argv[1] == "--consistency"
    dsse = len(argv) == 4 and argv[1] == "--dsse"
    if len(argv) not in (3, 4) and not consistency:
        print("\n".join(__doc__.strip().splitlines()[2:5]), file=sys.stderr)
        return 2
    load = lambda p: json.load(open(p, encoding="utf-8"))
    try:
        if dsse:
            print("OK " + verify_dsse(load(argv[2]), load(argv[3])))
        elif consistency:
            print("OK " + verify_link(*(load(p) for p in argv[2:6])))
        else:
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
