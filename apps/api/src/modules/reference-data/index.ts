import type { Db } from '../../platform/db/client.js';
import { createReferenceDataRepository } from './reference-data.repository.js';
import { createReferenceDataRoutes } from './reference-data.routes.js';
import { createReferenceDataService } from './reference-data.service.js';

/** Reference data: categories, business sectors, countries, subdivisions, cities, enums. */
export function createReferenceDataModule(deps: { db: Db }) {
  const service = createReferenceDataService({
    db: deps.db,
    repository: createReferenceDataRepository(),
  });
  return { routes: createReferenceDataRoutes(service), service };
}

/** Inserts or updates the fixed reference rows (categories, business sectors). */
export async function seedReferenceData(db: Db): Promise<void> {
  await createReferenceDataService({ db, repository: createReferenceDataRepository() }).seed();
}

export { categoryCatalog, businessSectorCatalog } from './reference-data.catalog.js';
export {
  findCategories,
  listBusinessSectorSlugs,
  listCategoryRows,
} from './reference-data.service.js';
export type { ReferenceRow } from './reference-data.repository.js';
/** Subdivisions of a country by name, as `GET /v2/country/states` answers (the demo's cities). */
export { listStates } from './geo-data.js';
