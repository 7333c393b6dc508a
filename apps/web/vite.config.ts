import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 and Vite proxies /v2 and the socket to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/v2': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  // The manifest lets `npm run bench` measure the JavaScript each route loads first.
  build: { sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
});
