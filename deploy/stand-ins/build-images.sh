#!/usr/bin/env bash
# Local stand-ins for the official images that the Containerfile and the compose files name, for
# a machine that reaches no container registry (this project's test machine: it reaches Debian's
# packages and the npm registry only). A normal host pulls the real images and never runs this.
#
#   docker.io/library/debian:trixie-slim  debootstrap of Debian trixie (minbase), slimmed as the
#                                         official image is (no manuals, docs or translations)
#   docker.io/library/postgres:17         Debian trixie's postgresql-17 on that base, with an
#                                         entrypoint honouring the official image's variables
#   docker.io/library/caddy:2             Debian trixie's caddy on that base, laid out as the
#                                         official image (/etc/caddy/Caddyfile, /data, /config)
#
# Each is built only when missing; --rebuild builds all three again. Podman flags for this machine
# come from deploy/test/podman-here.sh. docs/deploy.md says what differs from the real images.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../test/podman-here.sh
source "$here/../test/podman-here.sh"

release=trixie
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
base=docker.io/library/debian:trixie-slim
rebuild=false
[ "${1:-}" = "--rebuild" ] && rebuild=true

missing() { $rebuild || ! podman image exists "$1"; }

if missing "$base"; then
  root="$(mktemp -d /var/tmp/inscricoes-debian-root.XXXXXX)"
  trap 'rm -rf "$root"' EXIT
  echo "debootstrap $release ($mirror) -> $base"
  debootstrap --variant=minbase "$release" "$root" "$mirror" >"$root.log" 2>&1 || {
    tail -n 30 "$root.log"
    exit 1
  }
  rm -f "$root.log"
  # What the official slim images leave out, and how their apt is set (docker-debian-artifacts).
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
CFG
  find "$root/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$root"/usr/share/{groff,info,linda,lintian/overrides,locale,man}/*
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CFG
  echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<CFG
Types: deb
URIs: $mirror
Suites: $release $release-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: $release-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
CFG
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/log/*.log
  : >"$root/etc/hostname"
  tar --numeric-owner -C "$root" -c . |
    podman import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' - "$base" >/dev/null
  rm -rf "$root"
  trap - EXIT
fi

for image in postgres:17 caddy:2; do
  name="docker.io/library/$image"
  if missing "$name"; then
    echo "building the stand-in $name"
    podman "${podman_global_flags[@]}" build "${podman_build_flags[@]}" --pull=never -t "$name" \
      -f "$here/${image%%:*}/Containerfile" "$here/${image%%:*}"
  fi
done
