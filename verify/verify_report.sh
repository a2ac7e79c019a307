#!/bin/sh
# Verifies an Assay Proof Report with openssl, jq and a POSIX shell only (no xxd, no base64,
# no bash); docs/verifying.md walks through the same steps and quotes this file.
# usage: sh verify_report.sh REPORT.json JWKS.json [PROOF.json]
# Prints `OK ...` and exits 0, or prints `FAILED <check>: <reason>` to stderr and exits 1.
set -u
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: sh verify_report.sh REPORT.json JWKS.json [PROOF.json]" >&2; exit 2; }
REPORT=$1 JWKS=$2 PROOF=${3:-}
fail() { echo "FAILED $1: $2" >&2; exit 1; }
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT

# Helpers. Hashes travel as lowercase hex strings; bytes are only ever piped, never held in a
# shell variable (a variable cannot hold a NUL byte).
b64url_decode() {                    # base64url text -> bytes on stdout
  printf '%s' "$1" | tr '_-' '/+' | awk '{ while (length($0) % 4) $0 = $0 "="; print }' | openssl base64 -d -A
}
to_hex() { od -An -v -tx1 | tr -d ' \n'; }                                  # stdin bytes -> hex
from_hex() {                                                                # hex -> bytes on stdout
  printf '%b' "$(printf '%s' "$1" | awk '{ h = "0123456789abcdef"
    for (i = 1; i < length($0); i += 2) printf "\\0%o", (index(h, substr($0, i, 1)) - 1) * 16 + index(h, substr($0, i + 1, 1)) - 1 }')"
}
sha256_hex() { openssl dgst -sha256 -binary | to_hex; }
leaf_hex() { { printf '\000'; from_hex "$1"; } | sha256_hex; }             # RFC 9162 leaf over bytes given in hex
node_hex() { { printf '\001'; from_hex "$1"; from_hex "$2"; } | sha256_hex; } # RFC 9162 node over two hashes
is_hash() { printf '%s' "$1" | grep -Eqx '[0-9a-f]{64}'; }

# 1. The JWS has three non-empty base64url parts; the header says EdDSA and names a key.
JWS=$(jq -r '.jws // empty' "$REPORT") || fail input "cannot read a JSON object with a jws from $REPORT"
printf '%s' "$JWS" | grep -Eqx '[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+' || fail jws "not a compact JWS (3 non-empty base64url parts)"
H=${JWS%%.*}; REST=${JWS#*.}; P=${REST%%.*}; S=${REST#*.}
b64url_decode "$H" > "$W/header.json"
[ "$(jq -r .alg "$W/header.json" 2>/dev/null)" = EdDSA ] || fail header "alg is not EdDSA"
KID=$(jq -r '.kid // empty' "$W/header.json"); [ -n "$KID" ] || fail header "no kid"

# 2. The key with that kid, turned into an Ed25519 SubjectPublicKeyInfo: the fixed 12-byte DER
#    prefix 302a300506032b6570032100 followed by the 32 bytes of the JWK's x.
X=$(jq -r --arg kid "$KID" '.keys[] | select(.kid == $kid and .kty == "OKP" and .crv == "Ed25519") | .x' "$JWKS")
[ -n "$X" ] || fail kid "$KID is not an Ed25519 key in the JWKS"
{ from_hex 302a300506032b6570032100; b64url_decode "$X"; } > "$W/pub.der"
openssl pkey -pubin -inform DER -in "$W/pub.der" -out "$W/pub.pem" 2>/dev/null || fail kid "$KID has no valid Ed25519 x"

# 3. The Ed25519 signature over the JWS signing input `header.payload` (the ASCII text).
printf '%s.%s' "$H" "$P" > "$W/input"
b64url_decode "$S" > "$W/sig"
openssl pkeyutl -verify -pubin -inkey "$W/pub.pem" -rawin -in "$W/input" -sigfile "$W/sig" >/dev/null 2>&1 \
  || fail signature "does not verify with key $KID"

# 4. The signed bytes are the RFC 8785 (JCS) form of the payload. For an ASCII-only payload of
#    strings, safe integers, booleans and objects (what Assay signs), jq's sorted compact output
#    is exactly JCS; anything else is refused here (the Python route handles it in general).
b64url_decode "$P" > "$W/payload.json"
LC_ALL=C grep -q '[^ -~]' "$W/payload.json" && fail payload "non-ASCII payload: use the Python route"
jq -jcS . "$W/payload.json" > "$W/canonical.json" 2>/dev/null || fail payload "the signed bytes are not JSON"
cmp -s "$W/canonical.json" "$W/payload.json" || fail payload "the signed bytes are not the RFC 8785 canonical form"
# The report format: v2 commits the votes (digests.votes), v1 reports verify as they did.
SCHEMA=$(jq -r .schema "$W/payload.json")
[ "$SCHEMA" = assay.attestation/v2 ] || [ "$SCHEMA" = assay.attestation/v1 ] || fail payload "schema is not assay.attestation/v1 or v2"
[ "$(jq -r .signingKeyId "$W/payload.json")" = "$KID" ] || fail kid "payload.signingKeyId differs from the JWS kid"
# The key's validity window: nbf <= issuedAt < exp (whole seconds: nbf and exp are), and never
# a key published as revoked (compromised).
jq -e --arg kid "$KID" '.keys[] | select(.kid == $kid) | has("revoked") | not' "$JWKS" >/dev/null || fail key "$KID was marked compromised: no report it signed can be trusted"
NBF=$(jq -r --arg kid "$KID" '.keys[] | select(.kid == $kid) | .nbf // empty' "$JWKS")
printf '%s' "$NBF" | grep -Eqx '[0-9]+' || fail key "$KID has no validity window (nbf) in the JWKS"
EXP=$(jq -r --arg kid "$KID" '.keys[] | select(.kid == $kid) | .exp // empty' "$JWKS")
ISSUED=$(jq -r '.issuedAt | sub("\\.[0-9]+Z$"; "Z") | fromdateiso8601' "$W/payload.json" 2>/dev/null) || fail payload "issuedAt is not a date-time"
[ "$ISSUED" -ge "$NBF" ] || fail key "the report was issued before $KID was activated"
[ -z "$EXP" ] || [ "$ISSUED" -lt "$EXP" ] || fail key "the report was issued after $KID was retired"
if [ "$(jq 'has("payload")' "$REPORT")" = true ]; then
  jq -jcS .payload "$REPORT" | cmp -s - "$W/canonical.json" || fail payload "report.payload differs from the signed payload"
fi
for F in reportId attestationRoot signingKeyId qualityRating consensusStrength; do
  jq -e --arg f "$F" --slurpfile p "$W/payload.json" '(has($f) | not) or .[$f] == $p[0][$f]' "$REPORT" >/dev/null \
    || fail payload "report.$F differs from the signed payload"
done

# 5. attestationRoot is the RFC 9162 root over the raw 32 bytes of the digests, in the order
#    config, manifest, results (v2: and votes); with three leaves that is node(node(c, m), r),
#    with four node(node(c, m), node(r, v)).
digest() { D=$(jq -r ".digests.$1" "$W/payload.json"); D=${D#sha256:}; is_hash "$D" || fail root "digests.$1 is not sha256:<64 hex>"; }
digest config; C=$D; digest manifest; M=$D; digest results; R=$D
if [ "$SCHEMA" = assay.attestation/v2 ]; then
  digest votes; V=$D
  ROOT=$(node_hex "$(node_hex "$(leaf_hex "$C")" "$(leaf_hex "$M")")" "$(node_hex "$(leaf_hex "$R")" "$(leaf_hex "$V")")")
else
  [ "$(jq '.digests | has("votes")' "$W/payload.json")" = false ] || fail payload "digests.votes in a v1 report"
  ROOT=$(node_hex "$(node_hex "$(leaf_hex "$C")" "$(leaf_hex "$M")")" "$(leaf_hex "$R")")
fi
[ "sha256:$ROOT" = "$(jq -r .attestationRoot "$W/payload.json")" ] || fail root "attestationRoot is not the root of the digests"
OUT="$(jq -r .reportId "$W/payload.json") signed by $KID"

# 6. Optional: one datapoint's inclusion proof, folded up the audit path (RFC 9162 2.1.3.2)
#    from SHA-256(0x00 || leaf text) to digests.results.
if [ -n "$PROOF" ]; then
  [ "$(jq -r .reportId "$PROOF")" = "$(jq -r .reportId "$W/payload.json")" ] || fail proof "the proof is for another report"
  [ "$(jq -r .treeSize "$PROOF")" = "$(jq -r .digests.resultsLeaves "$W/payload.json")" ] || fail proof "treeSize differs from digests.resultsLeaves"
  FN=$(jq -r .leafIndex "$PROOF"); SN=$(( $(jq -r .treeSize "$PROOF") - 1 ))
  [ "$FN" -ge 0 ] && [ "$FN" -le "$SN" ] || fail proof "leafIndex outside the tree"
  HASH=$({ printf '\000'; jq -j .leaf "$PROOF"; } | sha256_hex)
  for SIB in $(jq -r '.auditPath[]' "$PROOF"); do
    is_hash "$SIB" || fail proof "an audit path entry is not 64 hex digits"
    [ "$SN" -eq 0 ] && fail proof "the audit path is too long"
    if [ $(( FN % 2 )) -eq 1 ] || [ "$FN" -eq "$SN" ]; then
      HASH=$(node_hex "$SIB" "$HASH")
      while [ $(( FN % 2 )) -eq 0 ] && [ "$FN" -ne 0 ]; do FN=$(( FN / 2 )); SN=$(( SN / 2 )); done
    else
      HASH=$(node_hex "$HASH" "$SIB")
    fi
    FN=$(( FN / 2 )); SN=$(( SN / 2 ))
  done
  [ "$SN" -eq 0 ] && [ "$HASH" = "$R" ] || fail proof "the leaf does not fold to digests.results"
  OUT="$OUT; datapoint $(jq -r .datapointId "$PROOF") included"
fi
echo "OK $OUT"
