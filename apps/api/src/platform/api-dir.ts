import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The API package's folder (apps/api), where the files read at run time are committed (the
 * migrations in drizzle/). Found from this file's place: apps/api/src/platform when the
 * sources run (tsx, tests); the output folder, apps/api/dist, when the compiled server runs
 * (ADR 030: the build puts every compiled file directly in a folder of apps/api).
 */
export const apiDir =
  path.basename(here) === 'platform' ? path.resolve(here, '../..') : path.resolve(here, '..');
