import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
import { visualizer } from 'rollup-plugin-visualizer';
export default mergeConfig(
  base,
  defineConfig({
    root: '/work/main/apps/web',
    plugins: [visualizer({ filename: '/tmp/stats.json', template: 'raw-data', gzipSize: true })],
  }),
);
