import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { stripEndpointSchemasPlugin } from './vite-plugins/strip-endpoint-schemas.ts';

/** Lingui's configuration, named by path so the plugin finds it whatever the working folder. */
export const linguiOptions = {
  configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
  failOnCompileError: true,
};

export default defineConfig({
  plugins: [react(), lingui(linguiOptions), stripEndpointSchemasPlugin()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What the entry imports statically is needed before any page shows: one file. Split
        // by which lazy pages share it, it came as many small files (gzip compresses each on
        // its own, and a file under 1 KB is sent as it is), which cost the landing page bytes.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
      treeshake: {
        // The contract package builds zod schemas at module level; the web app only needs its
        // plain functions and constants, so unused schemas (and zod with them) may be dropped.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
    },
  },
});
