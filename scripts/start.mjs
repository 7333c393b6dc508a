// `npm start`: installs what is missing, builds the web app and starts Clipmarket on
// http://localhost:3000 (PORT) with the embedded database and demo data.
import { buildWeb, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await buildWeb();
process.exit(
  await run('npx', ['tsx', 'apps/api/src/main.ts'], {
    env: { NODE_ENV: 'production', ...process.env },
  }),
);
