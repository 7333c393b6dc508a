// `npm run build`: the web app into apps/web/dist and the API compiled into apps/api/dist
// (ADR 030). `APP_ENV=production npm run build` for a deployment, see the README.
import { build } from './lib.mjs';

await build();
