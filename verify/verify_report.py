#!/usr/bin/env python3
"""Verifies an Assay Proof Report with only Python's `cryptography` and `rfc8785` packages.

usage: verify_report.py REPORT.json JWKS.json [PROOF.json] [--votes VOTES.csv] [--recompute VOTES.jsonl]
       verify_report.py --consistency OLD.json NEW.json JWKS.json CONSISTENCY.json
       verify_report.py --dsse ENVELOPE.json JWKS.json

The same checks as `assay verify`, written independently: JWS shape and header, key by kid,
Ed25519 signature, payload == RFC 8785 bytes, attestationRoot == RFC 9162 root of the digests,
the report's C2SP checkpoint (signed note), and (optionally) one datapoint's inclusion proof up
to digests.results. Each AI configuration of statistics.ai must hash (SHA-256 of its RFC 8785
form) to its configurationHash. With --votes (the project's votes_csv export) it recomputes statistics.alpha,
alphaByClass and alphaByType, bootstrap included, from the votes alone and requires the same bytes
(docs/quality.md); that part uses only the standard library. With --recompute (the votes_jsonl
export of a format 2 report) it checks every committed leaf against the signed roots and
recomputes each datapoint's mean, median, strength and contested flag under the committed
consensus rules, the headlines and the alphas, naming the datapoint or figure that differs.
With --consistency: both reports verify, belong to the same project, OLD is not later than NEW, and the RFC 9162 consistency
proofs link OLD's trees to NEW's. With --dsse: the in-toto export's DSSE envelope is signed by a
JWKS key over the DSSE encoding. Prints OK or `FAILED <check>: <reason>` and exits 0 or 1.
"""
import base64
import bisect
import csv
import hashlib
import json
import math
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


# ---- statistics: Krippendorff's interval alpha and its bootstrap (docs/quality.md) ------------

M64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31), state


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Xoshiro256StarStar:
    """xoshiro256** 1.0, its state the first four SplitMix64 outputs of the seed."""

    def __init__(self, seed):
        self.s = []
        state = seed
        for _ in range(4):
            out, state = splitmix64(state)
            self.s.append(out)

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def uniform(self):
        return (self.next() >> 11) * 2.0 ** -53


def es_number(x):
    """A double as ECMAScript's Number::toString (= RFC 8785) writes it."""
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    mantissa, _, exp = repr(x).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    # value = 0.<digits> x 10^n
    n = len(whole.lstrip("0")) + (int(exp) if exp else 0)
    if not whole.lstrip("0"):
        n = (int(exp) if exp else 0) - (len(frac) - len(frac.lstrip("0")))
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    e = n - 1
    return digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e > 0 else "-") + str(abs(e))


def unit_term(values):
    """m * SS_u / (m - 1), the values in ascending order."""
    m = len(values)
    total = 0.0
    for x in values:
        total += x
    mean = total / m
    ss = 0.0
    for x in values:
        d = x - mean
        ss += d * d
    return (m * ss) / (m - 1)


def pow_int(x, e):
    result, base = 1.0, x
    while e > 0:
        if e % 2 == 1:
            result *= base
        base *= base
        e //= 2
    return result


def alpha_statistic(units, seed, draws):
    units = [sorted(u) for u in units if len(u) >= 2]
    values = [x for u in units for x in u]
    n = len(values)
    out = {"metric": "interval", "pairableValues": n, "pairableUnits": len(units), "draws": draws,
           "seed": format(seed, "016x"), "prng": "xoshiro256**/splitmix64",
           "value": None, "ci95": None, "pAlphaBelow": None, "pairsPerDraw": 0}
    if n < 2 or min(values) == max(values):
        return out
    s1 = math.fsum(values)
    ss = math.fsum(x * x for x in values) - (s1 * s1) / n
    d_o = (2 * math.fsum(unit_term(u) for u in units)) / n
    d_e = (2 * ss) / (n - 1)
    out["value"] = es_number(1 - d_o / d_e)
    # Coincidences: unordered cells (c <= k), masses summed per m, m ascending.
    distinct = sorted(set(values))
    index = {v: i for i, v in enumerate(distinct)}
    size = len(distinct)
    by_m, pairs = {}, 0
    for u in units:
        m = len(u)
        pairs += m * (m - 1) // 2
        cells = by_m.setdefault(m, {})
        idx = [index[x] for x in u]
        for i in range(m):
            for j in range(i + 1, m):
                key = idx[i] * size + idx[j]
                cells[key] = cells.get(key, 0) + 1
    mass = {}
    for m in sorted(by_m):
        for key, count in by_m[m].items():
            mass[key] = mass.get(key, 0) + (2 * count) / (m - 1)
    keys = sorted(mass)
    cum, d2, running = [], [], 0.0
    for key in keys:
        running += mass[key]
        cum.append(running)
        c, k = divmod(key, size)
        d2.append((distinct[c] - distinct[k]) * (distinct[c] - distinct[k]))
    total, q = running, len(keys)
    big_m = min(25 * q, pairs)
    denominator = big_m * d_e
    rng = Xoshiro256StarStar(seed)
    alphas, ones = [], 0
    for _ in range(draws):
        s = 0.0
        for _ in range(big_m):
            r = rng.uniform() * total
            s += d2[min(bisect.bisect_right(cum, r), q - 1)]
        a = 1 - s / denominator
        alphas.append(-1.0 if a < -1 else a)
        if s == 0:
            ones += 1
    diagonal = 0.0
    for key in keys:
        c, k = divmod(key, size)
        if c == k:
            diagonal += pow_int(mass[key] / total, big_m)
    indeterminate = min(math.floor(draws * diagonal + 0.5), ones)
    alphas.sort()
    for i in range(indeterminate):
        alphas[draws - 1 - i] = 0.0
    alphas.sort()
    lo = max((25 * draws) // 1000, 1)
    hi = min((975 * draws) // 1000 + 1, draws)
    below = lambda t: es_number(sum(1 for a in alphas if a < t) / draws)
    out.update(ci95=[es_number(alphas[lo - 1]), es_number(alphas[hi - 1])],
               pAlphaBelow={"0.667": below(0.667), "0.800": below(0.8)}, pairsPerDraw=big_m)
    return out


def verify_statistics(payload, votes_path):
    stats = payload.get("statistics")
    if stats is None:
        raise Failed("statistics", "the payload has no statistics (a report built before them)")
    seed_hex = payload["digests"]["results"][7:23]
    if stats["alpha"]["seed"] != seed_hex:
        raise Failed("statistics", "alpha.seed is not the first 16 hex digits of digests.results")
    with open(votes_path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["decided"] == "true"]
    seed, draws = int(seed_hex, 16), stats["alpha"]["draws"]

    def units(keep):
        grouped = {}
        for r in rows:
            if keep(r):
                grouped.setdefault(r["datapoint_id"], []).append(float(r["rating"]))
        return list(grouped.values())

    canon = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"))
    checks = [("alpha", stats["alpha"], units(lambda r: True))]
    types = {}
    for i, c in enumerate(stats["alphaByClass"]):
        types[c["classId"]] = c["type"]
        mine = units(lambda r, cid=c["classId"]: r["class_id"] == cid)
        checks.append((f"alphaByClass[{i}]", c["alpha"], mine))
    for t in ("human", "ai"):
        checks.append((f"alphaByType.{t}", stats["alphaByType"][t], units(lambda r, t=t: types.get(r["class_id"]) == t)))
    for name, signed, mine in checks:
        if canon(alpha_statistic(mine, seed, draws)) != canon(signed):
            raise Failed("statistics", f"{name} does not recompute from the votes")
    return f"; statistics recomputed from {len(rows)} votes (alpha {stats['alpha']['value']})"


def verify_ai_configurations(payload):
    """Each AI configuration of statistics.ai is committed: its hash is the SHA-256 of its JCS form."""
    ai = (payload.get("statistics") or {}).get("ai")
    if ai is None:
        return ""
    for c in ai.get("configurations", []):
        if hashlib.sha256(rfc8785.dumps(c["configuration"])).hexdigest() != c["configurationHash"]:
            raise Failed("ai", f"configuration {c['configurationHash']} is not the SHA-256 of its committed form")
    return f"; {len(ai.get('configurations', []))} AI configuration(s) committed"


def verify_vote_leaves(votes, payload):
    """A format 2 proof's vote leaves fold to digests.votes; an AI vote's configuration is committed."""
    d = payload["digests"]
    if votes.get("treeSize") != d.get("votesLeaves"):
        raise Failed("proof", "the votes proof is not of the report's votes tree")
    ai = (payload.get("statistics") or {}).get("ai") or {}
    committed = {"sha256:" + c["configurationHash"] for c in ai.get("configurations", [])}
    for v in votes["leaves"]:
        ok = verify_inclusion(leaf(v["leaf"].encode()), v["leafIndex"], votes["treeSize"],
                              [bytes.fromhex(h) for h in v["auditPath"]], digest(d["votes"], "votes"))
        if not ok:
            raise Failed("proof", f"vote leaf {v['leafIndex']} does not fold to digests.votes")
        ai_config = json.loads(v["leaf"]).get("aiConfig")
        if ai_config is not None and ai_config not in committed:
            raise Failed("ai", f"vote leaf {v['leafIndex']} is an AI vote of configuration {ai_config}, not committed")
# ---- recomputation from the committed leaves (docs/verifying.md, "Recomputing every figure") ----

class RootBuilder:
    """RFC 9162 root over leaf hashes added one at a time: a stack of perfect subtrees."""

    def __init__(self):
        self.stack, self.size = [], 0

    def add(self, data):
        h, n = leaf(data), 1
        while self.stack and self.stack[-1][1] == n:
            left, _ = self.stack.pop()
            h, n = node(left, h), n * 2
        self.stack.append((h, n))
        self.size += 1

    def root(self):
        if not self.stack:
            return hashlib.sha256(b"").digest()
        h = self.stack[-1][0]
        for left, _ in reversed(self.stack[:-1]):
            h = node(left, h)
        return h


def figures(votes):
    """Weighted mean, median (midpoint tie rule) and strength of [(rating, weight)], docs/verifying.md.

    Every sum is a plain left-to-right float addition over the votes sorted by (rating, weight):
    not Python's sum(), which compensates since 3.12 and would round differently."""
    ordered = sorted(votes)
    total = 0.0
    for _, w in ordered:
        total += w
    weighted = 0.0
    for r, w in ordered:
        weighted += w * r
    mean = weighted / total
    half, cumulative, median = total / 2, 0.0, ordered[-1][0]
    for i, (r, w) in enumerate(ordered):
        cumulative += w
        if i + 1 < len(ordered) and ordered[i + 1][0] == r:
            continue
        if abs(cumulative - half) <= 1e-9 * total:
            median = (r + ordered[i + 1][0]) / 2 if i + 1 < len(ordered) else r
            break
        if cumulative > half:
            median = r
            break
    spread = 0.0
    for r, w in ordered:
        spread += w * abs(r - median)
    strength = min(1.0, max(0.0, 1 - (spread / total) / 50))
    return mean, median, strength


def datapoint_problems(result, votes, rules):
    """What differs between a results leaf and what its votes give; rules None: the figures only."""
    problems, pairs, last_time = [], [], ""
    if not votes:
        return ["no votes"]
    for i, v in enumerate(votes):
        if v.get("datapointId") != result.get("datapointId"):
            problems.append(f"vote {i} names datapoint {v.get('datapointId')}")
        try:
            r, w = float(v["rating"]), float(v["weight"])
        except (KeyError, TypeError, ValueError):
            problems.append(f"vote {i} has no rating or weight")
            continue
        if w == 0 and v.get("aiConfig") is not None:
            continue  # an AI vote cast in shadow: committed, in no decision (docs/quality.md)
        if not (0 <= r <= 100 and w > 0):
            problems.append(f"vote {i} has rating {v['rating']} and weight {v['weight']}")
            continue
        if not isinstance(v.get("votedAt"), str) or v["votedAt"] < last_time:
            problems.append(f"vote {i} is out of time order")
        last_time = str(v.get("votedAt"))
        if rules and rules["method"] == "class_weighted" and v.get("aiConfig") is None:
            cls = v.get("classId")
            expected = 1.0 if cls is None else rules["weights"].get(cls)
            if expected is None:
                problems.append(f"vote {i} has class {cls}, not in the spec")
            elif w != expected:
                problems.append(f"vote {i} carried weight {v['weight']}, its class weighs {es_number(expected)}")
        pairs.append((r, w))
    if problems:
        return problems
    mean, median, strength = figures(pairs)
    for name, value in (("qualityRatingMean", mean), ("qualityRatingMedian", median), ("consensusStrength", strength)):
        if result.get(name) != es_number(value):
            problems.append(f"{name} {result.get(name)} recomputes to {es_number(value)}")
    if rules:
        weak = strength < rules["minStrength"]
        if result.get("contested") is not weak:
            problems.append(f"contested is {result.get('contested')}, the rules give {weak}")
        if weak and result.get("escalations") != rules["maxEscalations"]:
            problems.append(f"contested after {result.get('escalations')} escalations of {rules['maxEscalations']}")
    return problems


def recompute(payload, votes_path):
    """Every figure of a format 2 report from its votes_jsonl export."""
    if payload.get("schema") != "assay.attestation/v2":
        raise Failed("recompute", f"{payload['reportId']} is a format 1 report: its votes are not committed")
    d = payload["digests"]
    with open(votes_path, "rb") as f:
        raw = f.read().split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    if not raw:
        raise Failed("config", f"{votes_path} is empty")
    if "sha256:" + hashlib.sha256(raw[0]).hexdigest() != d["config"]:
        raise Failed("config", "line 1 does not hash to digests.config")
    config = json.loads(raw[0])
    consensus = config.get("consensus") or {}
    classes = (config.get("validators") or {}).get("classes") or []
    rules = {"method": consensus.get("method", "class_weighted"), "minStrength": consensus.get("minStrength", 0.7),
             "maxEscalations": consensus.get("maxEscalations", 2),
             "weights": {c["id"]: float(c.get("consensusWeight", 1)) for c in classes}}
    kind = {c["id"]: c.get("type") for c in classes}
    results, votes_tree = RootBuilder(), RootBuilder()
    bad, groups, i, mean_sum, strength_sum, last = {}, [], 1, 0.0, 0.0, None
    while i < len(raw):
        result = json.loads(raw[i])
        if not isinstance(result.get("votes"), dict):
            if last is not None and result.get("datapointId") == last["datapointId"]:
                bad.setdefault(last["datapointId"], []).append("a vote beyond those its results leaf names")
                votes_tree.add(raw[i])
                i += 1
                continue
            found = "; ".join(f"datapoint {k}: {', '.join(v)}" for k, v in bad.items())
            raise Failed("recompute" if found else "votes",
                         f"line {i + 1} is not a results leaf" + (f"; before it: {found}" if found else ""))
        results.add(raw[i])
        if result["votes"].get("first") != votes_tree.size:
            bad.setdefault(result["datapointId"], []).append("its votes do not start where the export's do")
        count = result["votes"].get("count", 0)
        votes = []
        for line in raw[i + 1:i + 1 + count]:
            votes.append(json.loads(line))
            votes_tree.add(line)
        if len(votes) < count:
            bad.setdefault(result["datapointId"], []).append("the export ends before its votes do")
        problems = datapoint_problems(result, votes, rules)
        if problems:
            bad.setdefault(result["datapointId"], []).extend(problems)
        mean_sum += float(result["qualityRatingMean"])
        strength_sum += float(result["consensusStrength"])
        groups.append(votes)
        last = result
        i += 1 + count
    if bad:
        listed = " | ".join(f"datapoint {k}: {'; '.join(v)}" for k, v in list(bad.items())[:20])
        raise Failed("recompute", f"{len(bad)} datapoint(s) do not recompute from their votes: {listed}")
    if results.size != d["resultsLeaves"] or "sha256:" + results.root().hex() != d["results"]:
        raise Failed("results", "the results leaves of the export do not hash to digests.results")
    if votes_tree.size != d["votesLeaves"] or "sha256:" + votes_tree.root().hex() != d["votes"]:
        raise Failed("votes", "the vote leaves of the export do not hash to digests.votes")
    n = results.size
    # ECMAScript's Math.round: halves round up.
    quality = math.floor(mean_sum / n + 0.5) if n else 0
    strength = math.floor(100 * strength_sum / n + 0.5) if n else 0
    if quality != payload["qualityRating"] or strength != payload["consensusStrength"]:
        raise Failed("headline", f"qualityRating and consensusStrength recompute to {quality} and {strength}")
    stats = payload.get("statistics")
    if stats:
        seed, draws = int(d["results"][7:23], 16), stats["alpha"]["draws"]

        def units(keep):
            return [[float(v["rating"]) for v in g if keep(v)] for g in groups]

        canon = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"))
        checks = [("alpha", stats["alpha"], units(lambda v: True))]
        for j, c in enumerate(stats["alphaByClass"]):
            checks.append((f"alphaByClass[{j}]", c["alpha"], units(lambda v, cid=c["classId"]: v["classId"] == cid)))
        for t in ("human", "ai"):
            checks.append((f"alphaByType.{t}", stats["alphaByType"][t],
                           units(lambda v, t=t: v["classId"] is not None and kind.get(v["classId"]) == t)))
        for name, signed, mine in checks:
            if canon(alpha_statistic(mine, seed, draws)) != canon(signed):
                raise Failed("statistics", f"{name} does not recompute from the votes")
    return f"; recomputed {n} datapoints from {votes_tree.size} votes"


def check_proof_votes(proof, d):
    """A format 2 proof's vote leaves fold to digests.votes and give its results leaf's figures."""
    result, v = json.loads(proof["leaf"]), proof.get("votes")
    if not v or v.get("first") != result["votes"]["first"] or v.get("count") != result["votes"]["count"] \
            or len(v["leaves"]) != v["count"] or v.get("treeSize") != d["votesLeaves"]:
        raise Failed("proof", "the votes proven are not those the results leaf names")
    for k, item in enumerate(v["leaves"]):
        if item["leafIndex"] != v["first"] + k or not verify_inclusion(
                leaf(item["leaf"].encode()), item["leafIndex"], v["treeSize"],
                [bytes.fromhex(h) for h in item["auditPath"]], digest(d["votes"], "votes")):
            raise Failed("proof", f"vote leaf {v['first'] + k} does not fold to digests.votes")
    if v["count"] == 0:
        return " with no votes committed (its figures cannot be recomputed)"
    problems = datapoint_problems(result, [json.loads(item["leaf"]) for item in v["leaves"]], None)
    if problems:
        raise Failed("recompute", f"datapoint {proof['datapointId']}: {'; '.join(problems)}")
    return f" with its {v['count']} votes, figures recomputed"


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


def verify(report, jwks, proof=None, votes=None, recomputed=None):
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
    # The report format: v2 commits every vote (digests.votes); v1 reports verify as they did.
    if payload.get("schema") not in ("assay.attestation/v1", "assay.attestation/v2"):
        raise Failed("payload", "schema is not assay.attestation/v1 or v2")
    if (payload["schema"] == "assay.attestation/v2") != ("votes" in payload.get("digests", {})):
        raise Failed("payload", "digests.votes is required in v2 and absent from v1")
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
    names = ("config", "manifest", "results") + (("votes",) if "votes" in d else ())
    root = mth([digest(d[k], k) for k in names])
    if "sha256:" + root.hex() != payload["attestationRoot"]:
        raise Failed("root", "attestationRoot is not the RFC 9162 root of " + ", ".join(names))
    summary = f"{payload['reportId']} signed by {header['kid']}"
    summary += verify_ai_configurations(payload)
    if proof is not None:
        if proof.get("reportId") != payload["reportId"] or proof.get("treeSize") != d["resultsLeaves"]:
            raise Failed("proof", "proof is for another report or tree")
        ok = verify_inclusion(leaf(proof["leaf"].encode()), proof["leafIndex"], proof["treeSize"],
                              [bytes.fromhex(h) for h in proof["auditPath"]], digest(d["results"], "results"))
        if not ok:
            raise Failed("proof", "the leaf does not fold to digests.results")
        summary += f"; datapoint {proof['datapointId']} included"
        if "votes" in d:
            summary += check_proof_votes(proof, d)
            verify_vote_leaves(proof["votes"], payload)
    if "checkpoint" in report:
        summary += "; " + check_checkpoint(report["checkpoint"], payload, public, b64url(key["x"]))
    if votes is not None:
        summary += verify_statistics(payload, votes)
    if recomputed is not None:
        summary += recompute(payload, recomputed)
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
    if ("votes" in da) != ("votes" in db):
        raise Failed("consistency", f"{a['reportId']} and {b['reportId']} are of different formats: not linked")
    trees = ("manifest", "results") + (("votes",) if "votes" in da and ("votes" in proof or da["votesLeaves"]) else ())
    for tree in trees:
        path = [bytes.fromhex(h) for h in proof[tree]["proof"]]
        if not verify_consistency(da[tree + "Leaves"], db[tree + "Leaves"], path,
                                  digest(da[tree], tree), digest(db[tree], tree)):
            raise Failed("consistency", f"the {tree} tree of {a['reportId']} is not a prefix of {b['reportId']}'s")
    return f"{b['reportId']} extends {a['reportId']}"


def main(argv):
    options = {}
    for flag in ("--votes", "--recompute"):
        if flag in argv:
            i = argv.index(flag)
            if i + 1 >= len(argv):
                print("\n".join(__doc__.strip().splitlines()[2:5]), file=sys.stderr)
                return 2
            options[flag] = argv[i + 1]
            argv = argv[:i] + argv[i + 2:]
    votes = options.get("--votes")
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
            print("OK " + verify(load(argv[1]), load(argv[2]), load(argv[3]) if len(argv) == 4 else None, votes,
                                 options.get("--recompute")))
        return 0
    except Failed as e:
        print(f"FAILED {e}", file=sys.stderr)
        return 1
    except (ValueError, KeyError, TypeError, AttributeError, OSError) as e:
        print(f"FAILED input: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
