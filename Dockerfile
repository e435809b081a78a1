# syntax=docker/dockerfile:1
# Build: every workspace's dependencies, then the compiled backend and both front ends.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json tsconfig.json ./
COPY common/package.json common/
COPY stripe-sandbox/package.json stripe-sandbox/
COPY backend/package.json backend/
COPY site/package.json site/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY common common
# The Stripe sandbox is built for the backend's types only: the image's bundle leaves it out.
COPY stripe-sandbox stripe-sandbox
COPY backend backend
COPY site site
COPY admin admin
COPY scripts scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: production dependencies and build output only, as the unprivileged node user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/common/package.json common/
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/site/dist site/dist
COPY --from=build /app/admin/dist admin/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/database').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/dist/bundle/main.js"]
