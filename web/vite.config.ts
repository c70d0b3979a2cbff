import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web UI's bundle: web/ is the root, web/dist the output the server serves at `/`. */
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
});
