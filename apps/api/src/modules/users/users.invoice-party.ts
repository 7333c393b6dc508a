import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, users } from './users.schema.js';

/** What an invoice prints of its buyer (issue 9 §6): the advertiser's legal info. */
export interface InvoiceBuyer {
  userId: number;
  language: 'en' | 'fr' | 'tn';
  /** The legal info's company name, else the brand name. */
  companyName: string;
  taxRegistrationNumber: string | null;
  address: string | null;
  /** `+216 71000000`, or null. */
  companyPhone: string | null;
}

/**
 * The invoices module's read of an advertiser's legal info, on the caller's transaction; null
 * for a user who is not an advertiser.
 */
export async function findInvoiceBuyer(db: DbOrTx, userId: number): Promise<InvoiceBuyer | null> {
  const [row] = await db
    .select({
      language: users.language,
      name: advertisers.name,
      companyName: advertisers.companyName,
      taxRegistrationNumber: advertisers.taxRegistrationNumber,
      address: advertisers.domiciliationAddress,
      phone: advertisers.phoneCompany,
      phonePrefix: advertisers.phoneCompanyPrefix,
    })
    .from(users)
    .innerJoin(advertisers, eq(advertisers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const companyName = row.companyName?.trim() || row.name;
  return {
    userId,
    language: row.language,
    companyName,
    taxRegistrationNumber: row.taxRegistrationNumber,
    address: row.address,
    companyPhone: row.phone ? [row.phonePrefix, row.phone].filter(Boolean).join(' ') : null,
  };
}
