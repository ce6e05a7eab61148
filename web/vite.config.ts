import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // manifest: bench/ reads it to measure each route's initial JS and CSS.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  // shared/ ships TypeScript source: bundle it into the server render too.
  ssr: { noExternal: ['@site/shared'] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api, '/demo': api, '/go': api, '/sitemap.xml': api, '/feed.xml': api },
  },
});
