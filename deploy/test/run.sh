#!/usr/bin/env bash
# `npm run test:deploy`: the container image and the compose stacks, run for real with podman
# (docs/deploy.md, "How it is tested"). Apart from `npm test` and CI: it builds images (about
# 15 minutes on a fresh 2-core machine, a few once podman's cache holds the layers).
#   1. installs podman, podman-compose, runc, debootstrap and podman's networking from Debian's
#      packages when missing;
#   2. builds the stand-ins for the official images (deploy/stand-ins/build-images.sh) when this
#      machine has none of them: it reaches no container registry;
#   3. runs deploy/test/*.test.ts, which build the site's image and start its containers.
# Arguments go to Vitest. Everything runs as root (podman's containers, networks and ports).
set -euo pipefail
cd "$(dirname "$0")/../.."

packages=(podman podman-compose runc debootstrap netavark aardvark-dns iptables)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bash deploy/stand-ins/build-images.sh
exec npx vitest run --config deploy/test/vitest.config.ts "$@"
