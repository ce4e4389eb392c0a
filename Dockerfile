# syntax=docker/dockerfile:1
# One image per service:   docker build --build-arg SERVICE=gateway -t einvoice/gateway:0.1.0 .
# The image runs the compiled service (services/<SERVICE>/dist/main.js, made by `npm run build`) with plain
# node: no tsx, no TypeScript, no devDependencies. It writes nothing outside /tmp, so it runs with a read-only
# root filesystem and an emptyDir on /tmp (see deploy/k8s).
ARG NODE_IMAGE=node:24-bookworm-slim

# Build stage: the full dependency tree (esbuild) and the bundles of the chosen service.
FROM ${NODE_IMAGE} AS build
ARG SERVICE
RUN test -n "${SERVICE}" || (echo "pass --build-arg SERVICE=<a folder of services/>" >&2 && exit 1)
RUN npm install -g npm@11.19.1
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -- "${SERVICE}"

# Production dependencies only, laid out as package-lock.json says (the bundles' relative imports rely on it).
FROM build AS deps
ARG SERVICE
# The image's node runs the service: the pinned node-<platform>-<arch> package (same major) is not copied.
RUN rm -rf node_modules packages/*/node_modules services/*/node_modules \
  && npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && mkdir -p "services/${SERVICE}/node_modules"

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/tmp/einvoice \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/packages ./packages
COPY --from=deps /app/services/${SERVICE}/package.json ./services/${SERVICE}/package.json
COPY --from=deps /app/services/${SERVICE}/node_modules ./services/${SERVICE}/node_modules
COPY --from=build /app/services/${SERVICE}/dist ./services/${SERVICE}/dist
WORKDIR /app/services/${SERVICE}
# The `node` user of the official image (uid 1000); the manifests set runAsNonRoot and runAsUser 1000.
USER 1000:1000
# The V8 heap sizing, feedback allocation and helper threads of `npm start` (packages/launcher/src/runtime.ts, SERVICE_V8_FLAGS).
CMD ["node", "--max-semi-space-size=32", "--initial-old-space-size=192", "--no-lazy-feedback-allocation", "--v8-pool-size=2", "--enable-source-maps", "dist/main.js"]
