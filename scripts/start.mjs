// `npm start`: the one-command demo (ADR 030). Installs what is missing, builds the web app and
// the API and starts the compiled server on http://localhost:3000 (PORT) in APP_ENV=demo: the
// embedded database, the payment sandbox, the demo data and a "Demo" marker on every screen.
// A deployment sets APP_ENV=production (or staging) and its settings: see the README.
import { build, ensureDependencies, run, serverCommand } from './lib.mjs';

process.env.APP_ENV ??= 'demo';
process.env.NODE_ENV ??= 'production';
await ensureDependencies();
await build();
const [command, args] = serverCommand;
process.exit(await run(command, args));
