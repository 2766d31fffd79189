# One image for the Node services of docker-compose.yml (actions, web). The repository runs
# TypeScript through tsx, as it does locally; the web app is built to web/dist when it exists.
FROM node:22-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && if [ -f web/vite.config.ts ]; then npx vite build web; fi
ENV NODE_ENV=production
USER node
