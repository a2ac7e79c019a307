#!/usr/bin/env bash
# Builds the three service images deploy/compose.local.yaml runs in place of the public Postgres,
# MinIO and PgBouncer images, for machines that cannot pull from Docker Hub or Quay (docs/decisions.md, "The
# compose file on a machine without Docker Hub"). Same tooling as the app image (build.sh):
# mmdebstrap for a Debian root file system, buildah to assemble it without a RUN step.
#   localhost/assay-postgres: Debian's postgresql-15, honouring the official image's
#     POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB on first start, pg_isready on PATH;
#   localhost/assay-s3: s3rver (the S3 server `make dev` and the tests run) on the npm `node`
#     binary, with the compose file's MinIO credentials (MINIO_ROOT_USER / MINIO_ROOT_PASSWORD)
#     and the buckets of S3_BUCKETS created at start;
#   localhost/assay-pgbouncer: Debian's pgbouncer, configured at start from the environment
#     deploy/compose.yaml gives the public edoburu/pgbouncer image (DATABASE_URL, POOL_MODE, ...).
# Environment: POSTGRES_IMAGE (default localhost/assay-postgres:15), S3_IMAGE (default
# localhost/assay-s3:<s3rver version>), PGBOUNCER_IMAGE (default localhost/assay-pgbouncer:<Debian's
# version>), SUITE (default bookworm).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export PATH="$root/node_modules/.bin:$PATH"
suite=${SUITE:-bookworm}
s3rver=$(node -p "require('./package.json').devDependencies['@20minutes/s3rver']")
pg_image=${POSTGRES_IMAGE:-localhost/assay-postgres:15}
s3_image=${S3_IMAGE:-localhost/assay-s3:$s3rver}
pgbouncer_image=${PGBOUNCER_IMAGE:-localhost/assay-pgbouncer:1.18}
for tool in mmdebstrap buildah; do
  command -v "$tool" >/dev/null || { echo "services.sh: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done
nodebin=$(node -p "require.resolve('node/bin/node')")

work=$(mktemp -d "${TMPDIR:-/tmp}/assay-services.XXXXXXXX")
ctr=""
cleanup() {
  [ -n "$ctr" ] && buildah rm "$ctr" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Files only (no maintainer scripts, as in build.sh); the loader's cache, the users and /tmp here, in
# extract hooks: mmdebstrap runs no customize hook for the extract variant.
# $1: the packages, $2: the tarball, $3: extra /etc/passwd lines, then extra customize hooks.
rootfs() {
  local include=$1 out=$2 users=$3
  shift 3
  local hooks=()
  for h in "$@"; do hooks+=(--extract-hook="$h"); done
  mmdebstrap --variant=extract --include="libc6,libc-bin,tini,dash,$include" \
    --extract-hook='chroot "$1" /sbin/ldconfig' \
    --extract-hook='rm -rf "$1"/usr/share/doc "$1"/usr/share/man "$1"/usr/share/locale "$1"/usr/share/info "$1"/var/cache/* "$1"/var/lib/apt/lists/*' \
    --extract-hook="printf 'root:x:0:0:root:/root:/bin/sh\n$users' > \"\$1\"/etc/passwd" \
    --extract-hook='mkdir -p "$1"/tmp "$1"/root && chmod 1777 "$1"/tmp && ln -sf dash "$1"/bin/sh' \
    "${hooks[@]}" "$suite" "$out" >"$work/mmdebstrap.log" 2>&1 || { tail -30 "$work/mmdebstrap.log"; exit 1; }
}

echo "== $pg_image: postgresql-15 from $suite"
# The JIT (LLVM, z3) and the perl wrappers of postgresql-common are left out: nothing here calls them.
rootfs postgresql-15 "$work/pg.tar" 'postgres:x:999:999:postgres:/var/lib/postgresql:/bin/sh\n' \
  'printf "root:x:0:\npostgres:x:999:\n" > "$1"/etc/group' \
  'rm -rf "$1"/usr/lib/postgresql/15/lib/bitcode "$1"/usr/lib/postgresql/15/lib/llvmjit* "$1"/usr/lib/x86_64-linux-gnu/libLLVM* "$1"/usr/lib/x86_64-linux-gnu/libz3* "$1"/usr/share/perl "$1"/usr/lib/x86_64-linux-gnu/perl "$1"/usr/bin/perl*' \
  'mkdir -p "$1"/var/lib/postgresql/data && chown -R 999:999 "$1"/var/lib/postgresql && chmod 700 "$1"/var/lib/postgresql/data' \
  'mkdir -p "$1"/usr/local/bin && ln -sf /usr/lib/postgresql/15/bin/pg_isready "$1"/usr/local/bin/pg_isready'
cat >"$work/postgres-entry" <<'SH'
#!/bin/sh
# localhost/assay-postgres's entry point (deploy/image/services.sh): on an empty data directory,
# initdb with POSTGRES_USER's password and POSTGRES_DB created; then exec postgres.
set -eu
bin=/usr/lib/postgresql/15/bin
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "postgres-entry: POSTGRES_PASSWORD is required" >&2; exit 1; }
  # The password through a pipe: no file to remove (the image has no coreutils).
  printf '%s\n' "$POSTGRES_PASSWORD" | "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile=/dev/stdin \
    -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  printf "listen_addresses = '*'\nunix_socket_directories = '/tmp'\njit = off\n" >>"$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    printf 'CREATE DATABASE "%s" OWNER "%s"\n' "$db" "$user" | "$bin/postgres" --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "postgres-entry: initialised $PGDATA (user $user, database $db)"
fi
exec "$bin/postgres" -D "$PGDATA" "$@"
SH
chmod 755 "$work/postgres-entry"
ctr=$(buildah from scratch)
buildah add "$ctr" "$work/pg.tar" / >/dev/null
buildah copy "$ctr" "$work/postgres-entry" /usr/local/bin/postgres-entry >/dev/null
buildah config \
  --entrypoint '["/usr/bin/tini", "--", "/usr/local/bin/postgres-entry"]' \
  --user 999:999 --workingdir /var/lib/postgresql \
  --env PGDATA=/var/lib/postgresql/data --env PGHOST=/tmp \
  --env PATH=/usr/local/bin:/usr/lib/postgresql/15/bin:/usr/bin:/bin \
  --volume /var/lib/postgresql/data --port 5432 --stop-signal SIGINT \
  --label org.opencontainers.image.title=assay-postgres "$ctr"
buildah commit --rm --squash "$ctr" "$pg_image" >/dev/null
ctr=""
echo "built $pg_image"

echo "== $s3_image: s3rver $s3rver on Node $("$nodebin" --version)"
rootfs libstdc++6,libgcc-s1 "$work/s3.tar" 's3:x:10002:10002:s3:/srv/s3:/usr/sbin/nologin\n' \
  'printf "root:x:0:\ns3:x:10002:\n" > "$1"/etc/group' \
  'mkdir -p "$1"/data && chown 10002:10002 "$1"/data'
mkdir -p "$work/s3"
(cd "$work/s3" && printf '{"private":true,"dependencies":{"@20minutes/s3rver":"%s"}}\n' "$s3rver" >package.json &&
  npm install --omit=dev --ignore-scripts --no-fund --no-audit --no-package-lock >"$work/npm.log" 2>&1) ||
  { tail -30 "$work/npm.log"; exit 1; }
cat >"$work/s3/server.cjs" <<'JS'
// localhost/assay-s3's server (deploy/image/services.sh): s3rver with one key pair, the compose
// file's MinIO credentials, instead of its built-in S3RVER/S3RVER; the buckets of S3_BUCKETS.
'use strict';
const S3rver = require('@20minutes/s3rver');
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account');
const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (!user || !password) {
  console.error('assay-s3: MINIO_ROOT_USER and MINIO_ROOT_PASSWORD are required');
  process.exit(1);
}
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
DUMMY_ACCOUNT.createKeyPair(user, password);
const buckets = (process.env.S3_BUCKETS ?? '').split(',').filter(Boolean);
const server = new S3rver({
  address: '0.0.0.0',
  port: Number(process.env.PORT ?? 9000),
  directory: '/data',
  silent: true,
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name })),
});
server.run().then(
  ({ port }) => console.log(`assay-s3: listening on ${port}, buckets ${buckets.join(', ') || '(none)'}`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().then(() => process.exit(0)));
JS
ctr=$(buildah from scratch)
buildah add "$ctr" "$work/s3.tar" / >/dev/null
buildah copy --chmod 755 "$ctr" "$nodebin" /usr/local/bin/node >/dev/null
buildah copy "$ctr" "$work/s3" /srv/s3 >/dev/null
buildah config \
  --entrypoint '["/usr/bin/tini", "--"]' --cmd '["/usr/local/bin/node", "/srv/s3/server.cjs"]' \
  --user 10002:10002 --workingdir /srv/s3 --volume /data --port 9000 --stop-signal SIGTERM \
  --label org.opencontainers.image.title=assay-s3 "$ctr"
buildah commit --rm --squash "$ctr" "$s3_image" >/dev/null
ctr=""
echo "built $s3_image"

echo "== $pgbouncer_image: pgbouncer from $suite"
# pgbouncer's package depends on postgresql-common (perl scripts, the cluster tools) for its init
# script only: the binary needs libc, libevent, c-ares, OpenSSL, PAM and libsystemd. Those are left.
rootfs pgbouncer "$work/pgbouncer.tar" 'pgbouncer:x:10003:10003:pgbouncer:/etc/pgbouncer:/usr/sbin/nologin\n' \
  'printf "root:x:0:\npgbouncer:x:10003:\n" > "$1"/etc/group' \
  'rm -rf "$1"/usr/share/perl "$1"/usr/share/perl5 "$1"/usr/lib/x86_64-linux-gnu/perl* "$1"/usr/lib/x86_64-linux-gnu/perl-base "$1"/usr/bin/perl* "$1"/usr/share/postgresql-common "$1"/usr/lib/postgresql "$1"/usr/share/postgresql' \
  'rm -rf "$1"/etc/pgbouncer/* && mkdir -p "$1"/etc/pgbouncer && chown 10003:10003 "$1"/etc/pgbouncer && chmod 700 "$1"/etc/pgbouncer'
cat >"$work/pgbouncer-entry" <<'SH'
#!/bin/sh
# localhost/assay-pgbouncer's entry point (deploy/image/services.sh): writes pgbouncer.ini and the
# auth file from the variables edoburu/pgbouncer reads (those deploy/compose.yaml sets), then
# execs pgbouncer. DATABASE_URL: postgres://user:password@host[:port]/db, without %-escapes.
# CONNECT_QUERY, which edoburu/pgbouncer does not read, becomes the database's connect_query: the
# session bounds Assay does not send through a transaction pooler (docs/operations.md).
set -eu
url=${DATABASE_URL:?pgbouncer-entry: DATABASE_URL is required}
url=${url#*://}
userinfo=${url%%@*}
rest=${url#*@}
user=${userinfo%%:*}
password=${userinfo#*:}
hostport=${rest%%/*}
db=${rest#*/}
db=${db%%\?*}
host=${hostport%%:*}
port=5432
case $hostport in *:*) port=${hostport#*:} ;; esac
dir=/etc/pgbouncer
umask 077
printf '"%s" "%s"\n' "$user" "$password" >"$dir/userlist.txt"
{
  printf '[databases]\n%s = host=%s port=%s dbname=%s user=%s' "$db" "$host" "$port" "$db" "$user"
  [ -z "${CONNECT_QUERY:-}" ] || printf " connect_query='%s'" "$CONNECT_QUERY"
  printf '\n\n[pgbouncer]\n'
  printf 'listen_addr = %s\nlisten_port = %s\nunix_socket_dir =\n' "${LISTEN_ADDR:-0.0.0.0}" "${LISTEN_PORT:-6432}"
  printf 'auth_type = %s\nauth_file = %s/userlist.txt\n' "${AUTH_TYPE:-scram-sha-256}" "$dir"
  printf 'pool_mode = %s\n' "${POOL_MODE:-transaction}"
  printf 'default_pool_size = %s\nmax_client_conn = %s\n' "${DEFAULT_POOL_SIZE:-20}" "${MAX_CLIENT_CONN:-100}"
  printf 'ignore_startup_parameters = %s\n' "${IGNORE_STARTUP_PARAMETERS:-extra_float_digits}"
  [ -z "${MAX_PREPARED_STATEMENTS:-}" ] || printf 'max_prepared_statements = %s\n' "$MAX_PREPARED_STATEMENTS"
  printf 'log_connections = %s\nlog_disconnections = %s\n' "${LOG_CONNECTIONS:-1}" "${LOG_DISCONNECTIONS:-0}"
} >"$dir/pgbouncer.ini"
exec /usr/sbin/pgbouncer "$dir/pgbouncer.ini"
SH
chmod 755 "$work/pgbouncer-entry"
ctr=$(buildah from scratch)
buildah add "$ctr" "$work/pgbouncer.tar" / >/dev/null
buildah copy "$ctr" "$work/pgbouncer-entry" /usr/local/bin/pgbouncer-entry >/dev/null
buildah config \
  --entrypoint '["/usr/bin/tini", "--", "/usr/local/bin/pgbouncer-entry"]' \
  --user 10003:10003 --workingdir /etc/pgbouncer --port 6432 --stop-signal SIGINT \
  --label org.opencontainers.image.title=assay-pgbouncer "$ctr"
buildah commit --rm --squash "$ctr" "$pgbouncer_image" >/dev/null
ctr=""
echo "built $pgbouncer_image"
