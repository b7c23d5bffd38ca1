import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Which chunks each page needs: the server names them in the page's HTML (src/server/page-preloads.ts).
    manifest: true,
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: { name: 'unit', root: '.', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'integration', root: '.', include: ['tests/integration/**/*.test.ts'], testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
