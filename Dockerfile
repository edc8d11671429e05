# One image for the API, the worker, the signing service and the development TSA;
# docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The desk (web/) is an npm workspace: its manifest is part of the install.
COPY web/package.json web/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run web:build

FROM node:20-bookworm-slim
# Chromium renders document HTML to PDF (API previews, worker final PDFs).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 DATA_DIR=/data CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY package.json package-lock.json ./
# The desk's packages are all devDependencies (bundled by Vite): only its manifest is needed here.
COPY web/package.json web/package.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The built desk, served by the API at / (api/web.ts finds it next to dist/).
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3100 3200 3300
CMD ["node", "dist/api/main.js"]
