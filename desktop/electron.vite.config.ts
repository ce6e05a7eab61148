import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  // Node side: package.json "dependencies" (file-type) stay external; workspace code is bundled.
  main: {
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } } },
  },
  // A sandboxed preload cannot be an ES module: one CommonJS file.
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    base: './',
    plugins: [
      react(),
      tailwindcss(),
      {
        // The dev server injects styles inline; the built app keeps style-src 'self'.
        name: 'dev-csp',
        apply: 'serve',
        transformIndexHtml: (html: string) =>
          html.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';"),
      },
    ],
    build: {
      sourcemap: false,
      // A local file, but parsing less still means a faster first paint.
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') },
    },
  },
});
