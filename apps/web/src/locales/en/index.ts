import { toCatalogs } from '../catalogs';

/**
 * English, bundled with the app, minus the namespaces that only lazy screens use (they are
 * chunks of their own, see lib/i18n.ts `lazyNamespaces`).
 */
export default toCatalogs(
  import.meta.glob<{ default: Record<string, unknown> }>(
    ['./*.json', '!./settings.json', '!./support.json', '!./discovery.json', '!./admin.json'],
    { eager: true },
  ),
);
