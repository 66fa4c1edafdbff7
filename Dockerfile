# One build stage for the workspace; each service takes only its own output.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm -r run build

FROM node:20-bookworm-slim AS api
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data STATIC_DIR=/app/none
EXPOSE 3000
CMD ["node", "api/dist/src/server.js"]

FROM nginx:1.27-alpine AS static
ARG PACKAGE
COPY --from=build /app/${PACKAGE}/dist /usr/share/nginx/html
COPY deploy/nginx-static.conf /etc/nginx/conf.d/default.conf
