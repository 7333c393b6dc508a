import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { firstLoadChunkGroup } from './bundling/first-load-chunks';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves too little to be worth a file (index.html is ~1 KB). */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) next to every text file
 * of the build, once, so the server never compresses per request: it sends the variant the
 * browser accepts (@fastify/static `preCompressed`, see apps/api/src/platform/http/web-app.ts).
 * Dot folders (`.vite/manifest.json`) are not served, so not compressed either.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clipmarket:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')))
        .filter((file) => COMPRESSIBLE.test(file))
        .map((file) => path.join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.promises.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The first screens and the lazy modules each shows, whose code the build plans into a few
 * chunks (bundling/first-load-chunks.ts). A signed-in visit of `/` goes to the role's home,
 * inside the shell (home's own page, which only redirects, renders only when the first screen
 * could not resolve the target: src/app/first-screen.ts).
 */
const shell = ['src/app/layout/shell-routes.tsx'];
const firstScreens = {
  login: ['src/features/auth/pages/login-page.tsx'],
  'brand-home': [...shell, 'src/features/discovery/pages/discover-page.tsx'],
  'creator-home': [...shell, 'src/features/showcase/pages/showcase-page.tsx'],
};
/**
 * First screens opened from links shared outside the app, with chunks of their own that leave
 * the main screens' nearly as they are: a creator's public media kit (issue 25 §2), which is an
 * entry of its own (`media-kit.html`, src/media-kit-main.tsx: the page alone, no Mantine nor
 * shell), served by the API at `/media_kit/{name}`.
 */
const secondaryFirstScreens = {
  'public-kit': ['media-kit.html'],
};

// In development the API runs on :3000 and Vite proxies /v2 and the socket to it.
export default defineConfig(async ({ command }) => {
  const config: InlineConfig = {
    plugins: [react()],
    // No aliases: dev, the unit tests and the build run the same React, react-dom and wouter
    // (ADR 029).
    server: {
      port: 5173,
      proxy: {
        '/v2': 'http://localhost:3000',
        // Tracked links' redirect (issue 24 §5), when PUBLIC_URL is this dev server.
        '/l/': 'http://localhost:3000',
        '/socket.io': { target: 'http://localhost:3000', ws: true },
      },
    },
    // The manifest lists the build's chunks (`npm run bench` reads it for the per-chunk table).
    build: {
      sourcemap: false,
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        input: {
          index: path.resolve(import.meta.dirname, 'index.html'),
          'media-kit': path.resolve(import.meta.dirname, 'media-kit.html'),
        },
      },
    },
  };
  if (command !== 'build') return config;
  const firstLoad = await firstLoadChunkGroup(
    { ...config, root: import.meta.dirname },
    firstScreens,
    secondaryFirstScreens,
  );
  return {
    ...config,
    plugins: [...config.plugins!, precompress()],
    build: {
      ...config.build,
      rolldownOptions: {
        ...config.build!.rolldownOptions,
        output: { codeSplitting: { groups: [firstLoad] } },
      },
    },
  };
});
