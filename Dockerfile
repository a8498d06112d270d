# syntax=docker/dockerfile:1
# One Node container: the built Remix app behind its Express server (server/index.ts), data in /data.

# Node 22, the LTS line with security fixes until April 2027 (docs/decisions/025-node-22-image.md):
# on Node 24.19 and later, better-sqlite3 12 built for it aborts the process when the garbage
# collector frees a statement. tests/container/node pins the same major for the container check.
FROM node:22-slim AS base
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./

FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM base AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:22-slim
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
# tests/container/prod-install.ts does what these lines do, without Docker: keep them in step.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json tsconfig.json ./
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "scripts/start.js"]
