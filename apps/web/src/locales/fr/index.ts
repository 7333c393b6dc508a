import { toCatalogs } from '../catalogs';

export default toCatalogs(
  import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true }),
);
