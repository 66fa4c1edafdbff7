# Images for compose.yaml. The workspace is installed once; each image then builds only its own
# package, so changing one remote rebuilds and redeploys that remote alone.
FROM node:20-bookworm-slim AS workspace
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile

# The API (no static files: the front-ends have their own services behind the proxy).
FROM workspace AS api-build
# "api..." builds the contract package it depends on first.
RUN pnpm --filter "api..." run build

FROM node:20-bookworm-slim AS api
WORKDIR /app
# pg_dump and pg_restore for the backup command (README, "Backup and restore"): Debian's are 15, as
# compose's server.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
COPY --from=api-build /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data STATIC_DIR=/app/no-static
EXPOSE 3000
RUN mkdir -p /data && chown node:node /data
USER node
CMD ["node", "api/dist/src/server.js"]

# One front-end's build (build arg PACKAGE: shell, mf-auth, mf-boards, mf-board-view, mf-settings);
# its package.json version is stamped into mf-manifest.json (metaData.buildInfo.buildVersion).
FROM workspace AS static-build
ARG PACKAGE
RUN test -n "${PACKAGE}" && pnpm --filter "${PACKAGE}..." run build

# nginx serving that build: entry files no-cache, hashed chunks immutable (deploy/kanban/static-files.conf).
# At start it publishes the build into the served volume, keeping the previous release's chunks
# (deploy/publish-static.sh). CONF: static-shell.conf (index.html fallback) or static-remote.conf.
FROM nginx:1.27-alpine AS static
ARG PACKAGE
ARG CONF=static-remote.conf
ENV PACKAGE=${PACKAGE}
RUN rm -rf /usr/share/nginx/html/*
COPY deploy/kanban /etc/nginx/kanban
COPY deploy/${CONF} /etc/nginx/conf.d/default.conf
COPY deploy/publish-static.sh /docker-entrypoint.d/40-publish-static.sh
RUN chmod 755 /docker-entrypoint.d/40-publish-static.sh
COPY --from=static-build /app/${PACKAGE}/dist /srv/build
