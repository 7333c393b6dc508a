import { toCatalogs } from '../catalogs';

/**
 * English namespaces bundled with the app: those of the first screen, whichever it is
 * (lib/i18n.ts `eagerNamespaces`). The others are chunks of their own, loaded by the routes
 * that need them.
 */
export default toCatalogs(
  import.meta.glob<{ default: Record<string, unknown> }>(['./common.json', './shell.json'], {
    eager: true,
  }),
);
