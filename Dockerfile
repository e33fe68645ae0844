# The site's container image (docs/deploy.md; decision 0200). Build: `docker build -t inscricoes .`
# or `podman build --format docker -t inscricoes .` (podman's default OCI format drops HEALTHCHECK).
# Behind a registry mirror with its own certificate authority (as on this project's test machine):
#   --build-arg NPM_CONFIG_REGISTRY=$(npm config get registry)
#   --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt
# The secret is mounted for the install step only and never written into a layer.

# Build: every dependency, the browser app, its server render and the server; then only what
# production needs is left in node_modules.
FROM docker.io/library/debian:trixie-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends nodejs npm ca-certificates python3 make g++ libnode-dev \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
# better-sqlite3 compiles against Debian's Node.js headers: nothing is downloaded besides the
# packages, and the addon matches the runtime stage's Node.js exactly. Only it: sharp (the logo)
# comes as npm's prebuilt @img packages and refuses to build from source without its toolchain,
# so no install script runs but better-sqlite3's own rebuild.
ENV npm_config_nodedir=/usr npm_config_update_notifier=false
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
  npm ci --ignore-scripts && npm rebuild better-sqlite3 --build-from-source
COPY index.html vite.config.ts tsconfig.base.json tsconfig.json tsconfig.server.json tsconfig.web.json ./
COPY public public
COPY src src
# The build's first and last steps: a build that failed leaves no 'build complete' marker.
COPY scripts/build-state.mjs scripts/
# Of better-sqlite3's compilation, only the addon itself is kept (not SQLite's sources, objects);
# of Inter, the two weights the certificate prints (src/server/certificates/certificate-fonts.ts).
RUN npm run build \
  && npm prune --omit=dev \
  && find node_modules/@expo-google-fonts/inter -mindepth 1 -maxdepth 1 -type d \
    ! -name 400Regular ! -name 700Bold -exec rm -rf {} + \
  && cd node_modules/better-sqlite3 \
  && mv build/Release/better_sqlite3.node . \
  && rm -rf build deps src \
  && mkdir -p build/Release \
  && mv better_sqlite3.node build/Release/

# Run: Debian's Node.js 20 and the built site, as an unprivileged user, with its data in /data.
FROM docker.io/library/debian:trixie-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nodejs ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 inscricoes \
  && useradd --system --uid 10001 --gid inscricoes --home-dir /app --no-create-home \
    --shell /usr/sbin/nologin inscricoes \
  && install --directory --owner inscricoes --group inscricoes --mode 0750 /data /backups
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY scripts/start.mjs scripts/admin.mjs scripts/backup.mjs scripts/restore.mjs scripts/run-cli.mjs scripts/build-state.mjs scripts/
COPY deploy/healthcheck.mjs deploy/
COPY deploy/backup.sh /usr/local/bin/inscricoes-backup
# Defaults for a container; every other variable is docs/operating.md's, set with -e or in compose.yaml.
# Readable log lines (`docker logs` shows the setup link as it is); LOG_FORMAT=json for a collector.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=file:/data/inscricoes.db LOG_FORMAT=pretty
USER inscricoes
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# Node.js itself is PID 1: it takes SIGTERM (docker stop) and the server closes within 10 s.
CMD ["node", "dist/server/server.js"]
