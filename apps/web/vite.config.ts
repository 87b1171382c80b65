import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract package builds zod schemas at module level; the web app only needs its
        // plain functions and constants, so unused schemas (and zod with them) may be dropped.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
    },
  },
});
