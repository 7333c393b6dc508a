import type {
  BusinessSector,
  Category,
  City,
  Country,
  CountryState,
  ReferenceEnums,
  ReferenceLanguage,
} from '@clipmarket/contracts/reference-data';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { buildReferenceEnums } from './enum-labels.js';
import { isKnownCountry, listCities, listCountries, listStates } from './geo-data.js';
import { businessSectorCatalog, categoryCatalog } from './reference-data.catalog.js';
import {
  createReferenceDataRepository,
  type ReferenceDataRepository,
  type ReferenceRow,
} from './reference-data.repository.js';

const labelOf = (row: ReferenceRow, language: ReferenceLanguage) =>
  language === 'fr' ? row.labelFr : language === 'ar' ? row.labelAr : row.labelEn;

/**
 * The categories among `ids` with their labels in `language`, in the catalogue's order;
 * unknown ids are absent. For other modules (a creator's categories), on their transaction.
 */
export async function findCategories(
  db: DbOrTx,
  ids: number[],
  language: ReferenceLanguage,
): Promise<Category[]> {
  const rows = await createReferenceDataRepository().findCategories(db, ids);
  return rows.map((row) => ({ category_id: row.id, label: labelOf(row, language) }));
}

/** Every category with its labels in the three languages, in the catalogue's order. */
export function listCategoryRows(db: DbOrTx): Promise<ReferenceRow[]> {
  return createReferenceDataRepository().listCategories(db);
}

/** Every business sector's id and slug, in the catalogue's order. */
export function listBusinessSectorSlugs(db: DbOrTx): Promise<{ id: number; slug: string }[]> {
  return createReferenceDataRepository().listBusinessSectorSlugs(db);
}

export function createReferenceDataService(deps: { db: Db; repository: ReferenceDataRepository }) {
  const { db, repository } = deps;
  const enumsByLanguage = new Map<ReferenceLanguage, ReferenceEnums>();

  return {
    /** Idempotent: brings categories and business sectors in line with the catalogue. */
    async seed(): Promise<void> {
      await db.transaction(async (tx) => {
        await repository.upsertCategories(tx, categoryCatalog);
        await repository.upsertBusinessSectors(tx, businessSectorCatalog);
      });
    },

    async listCategories(language: ReferenceLanguage): Promise<Category[]> {
      const rows = await repository.listCategories(db);
      return rows.map((row) => ({ category_id: row.id, label: labelOf(row, language) }));
    },

    async listBusinessSectors(language: ReferenceLanguage): Promise<BusinessSector[]> {
      const rows = await repository.listBusinessSectors(db);
      return rows.map((row) => ({ business_sector_id: row.id, label: labelOf(row, language) }));
    },

    listCountries(language: ReferenceLanguage): Country[] {
      return listCountries(language);
    },

    async listStates(country: string, language: ReferenceLanguage): Promise<CountryState[]> {
      if (!isKnownCountry(country)) throw notFound('Country');
      return listStates(country, language);
    },

    async listCities(country: string, state: string): Promise<City[]> {
      if (!isKnownCountry(country)) throw notFound('Country');
      const cities = await listCities(country, state);
      if (!cities) throw notFound('State');
      return cities;
    },

    getEnums(language: ReferenceLanguage): ReferenceEnums {
      let enums = enumsByLanguage.get(language);
      if (!enums) {
        enums = buildReferenceEnums(language);
        enumsByLanguage.set(language, enums);
      }
      return enums;
    },
  };
}

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
