# The production publisher (scripts/publisher.ts): the same change-driven
# loop as `npm start`, deploying each build to Firebase Hosting. Node 22 LTS
# in production; the code stays runnable on Node 20 (package.json engines).
# docs/publisher.md says how to run it (Cloud Run, one always-on instance,
# or a small VM with a disk for its state).
FROM node:22-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080

# Dependencies first, so a code change reuses this layer. Dev dependencies
# too: the build runs Astro, Vite, Tailwind, Pagefind and tsx.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --include=dev && npm cache clean --force

COPY . .

# Runs as the image's unprivileged user; its state (export mirror, built
# site, renderer, cards, deploy hash cache) lives under /app.
RUN chown -R node:node /app
USER node

EXPOSE 8080
HEALTHCHECK --interval=60s --timeout=5s --start-period=30m CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A real project: FIREBASE_PROJECT_ID, PUBLIC_SITE_URL and the PUBLIC_FIREBASE_* variables as in
# .github/workflows/rebuild.yml, credentials from the service account the instance runs as.
CMD ["npx", "tsx", "scripts/publisher.ts", "--allow-production"]
