#!/usr/bin/env bash
# Builds the Assay OCI image without Docker Hub or a Docker engine (`make image`):
#   1. the base: a Debian bookworm root file system from Debian's packages (mmdebstrap), only
#      what Node needs (libc6, libstdc++6, libgcc-s1), tini as PID 1 and dash for the entry script;
#   2. the app: production dependencies only (npm ci --omit=dev --ignore-scripts), the postgres.js
#      patch applied here (patch-package) and checked, the web bundle built here (dist/web/);
#   3. Node 24: the binary of the npm `node` package the project pins;
#   4. buildah assembles them from scratch (no RUN step, so no container runtime is needed to
#      build) and commits localhost/assay:<version> (and :latest) to the local image store.
# One image, three commands: `migrate`, `serve` (default), `worker`, as user 10001, HOST=0.0.0.0.
# Environment: IMAGE (default localhost/assay), IMAGE_TAG (default the version; the tests tag by
# content hash, test/deploy/images.ts), SUITE (default bookworm), KEEP_WORK=1 keeps the work directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export PATH="$root/node_modules/.bin:$PATH"
image=${IMAGE:-localhost/assay}
suite=${SUITE:-bookworm}
version=$(node -p "require('./package.json').version")
tag=${IMAGE_TAG:-$version}
for tool in mmdebstrap buildah; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done
nodebin=$(node -p "require.resolve('node/bin/node')")
"$nodebin" --version | grep -q '^v24\.' || { echo "build.sh: $nodebin is not Node 24" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/assay-image.XXXXXXXX")
cleanup() {
  [ -n "${ctr:-}" ] && buildah rm "$ctr" >/dev/null 2>&1 || true
  [ "${KEEP_WORK:-0}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT

echo "== base: mmdebstrap $suite"
# extract: the packages' files without maintainer scripts (none of these needs one); ldconfig
# writes the loader's cache, the users are written here. Extract hooks: mmdebstrap runs no
# customize hook for the extract variant.
mmdebstrap --variant=extract --include=libc6,libc-bin,libgcc-s1,libstdc++6,tini,dash \
  --extract-hook='chroot "$1" /sbin/ldconfig' \
  --extract-hook='rm -rf "$1"/usr/share/doc "$1"/usr/share/man "$1"/usr/share/locale "$1"/usr/share/info "$1"/var/cache/* "$1"/var/lib/apt/lists/*' \
  --extract-hook='printf "root:x:0:0:root:/root:/bin/sh\nassay:x:10001:10001:assay:/app:/usr/sbin/nologin\n" > "$1"/etc/passwd' \
  --extract-hook='printf "root:x:0:\nassay:x:10001:\n" > "$1"/etc/group' \
  --extract-hook='mkdir -p "$1"/tmp "$1"/root && chmod 1777 "$1"/tmp && ln -sf dash "$1"/bin/sh' \
  "$suite" "$work/rootfs.tar" >"$work/mmdebstrap.log" 2>&1 || { tail -30 "$work/mmdebstrap.log"; exit 1; }

echo "== app: production dependencies, patch, web bundle"
app="$work/app"
mkdir -p "$app"
cp -r package.json package-lock.json patches src sql web bin "$app/"
rm -rf "$app/src/dev"
(cd "$app" && npm ci --omit=dev --ignore-scripts --no-fund --no-audit >"$work/npm.log" 2>&1) \
  || { tail -30 "$work/npm.log"; exit 1; }
# --ignore-scripts skipped the postinstall: apply the patch now, and prove the start-up check passes.
(cd "$app" && "$nodebin" node_modules/patch-package/index.js >"$work/patch.log" 2>&1) \
  || { cat "$work/patch.log"; exit 1; }
(cd "$app" && "$nodebin" --input-type=module -e "import('./src/db/client.ts').then((m) => m.assertPatchedDriver())")
# esbuild's native binary comes with its optional dependency; the bundle is built here, once.
(cd "$app" && "$nodebin" "$root/scripts/build-web.ts" "$app")
rm -rf "$app/web" "$app/node_modules/esbuild" "$app/node_modules/@esbuild" "$app/node_modules/.package-lock.json"
# The entry point execs node (no wrapper between tini and node); the worker's and the server's V8
# flags come from the lists bin/assay.js reads too.
flags=$("$nodebin" -p "require('$root/src/jobs/worker-node-flags.json').join(' ')")
serve_flags=$("$nodebin" -p "require('$root/src/http/server-node-flags.json').join(' ')")
cat >"$work/assay" <<SH
#!/bin/sh
# The image's entry point (deploy/image/build.sh): tini runs it, it execs node.
if [ "\$1" = worker ]; then exec /usr/local/bin/node $flags /app/src/cli/assay.ts "\$@"; fi
if [ "\$1" = serve ]; then exec /usr/local/bin/node $serve_flags /app/src/cli/assay.ts "\$@"; fi
exec /usr/local/bin/node /app/src/cli/assay.ts "\$@"
SH
chmod 755 "$work/assay"

echo "== assemble with buildah"
ctr=$(buildah from scratch)
buildah add "$ctr" "$work/rootfs.tar" / >/dev/null
buildah copy --chmod 755 "$ctr" "$nodebin" /usr/local/bin/node >/dev/null
buildah copy "$ctr" "$work/assay" /usr/local/bin/assay >/dev/null
buildah copy "$ctr" "$app" /app >/dev/null
buildah config \
  --entrypoint '["/usr/bin/tini", "--", "/usr/local/bin/assay"]' \
  --cmd serve \
  --user 10001:10001 \
  --workingdir /app \
  --env HOST=0.0.0.0 --env PORT=3000 --env NODE_ENV=production \
  --port 3000 \
  --stop-signal SIGTERM \
  --label org.opencontainers.image.title=assay \
  --label "org.opencontainers.image.version=$version" \
  --label "org.opencontainers.image.revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  "$ctr"
buildah commit --rm --squash "$ctr" "$image:$tag" >/dev/null
ctr=""
buildah tag "$image:$tag" "$image:latest"
size=$(buildah inspect --type image --format '{{.OCIv1.Created}}' "$image:$tag" >/dev/null && podman image inspect --format '{{.Size}}' "$image:$tag" 2>/dev/null || echo '?')
echo "built $image:$tag ($size bytes)"
