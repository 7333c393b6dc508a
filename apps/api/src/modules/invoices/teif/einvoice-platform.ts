import { validateTeif } from './teif-schema.js';
import { teifDate } from './teif-xml.js';

/**
 * What Clipmarket needs of the electronic-invoice platform (issue 27 §4, ADR 045): El Fatoora,
 * run by Tunisie TradeNet (TTN). One implementation today, the local one, the default
 * (`EINVOICE_PLATFORM=local`), as the payment sandbox is the gateway's default: the TTN
 * adapter needs an adhesion, a certificate and TTN's web service (docs/einvoicing.md).
 */
export type EinvoiceSubmission =
  { accepted: true; reference: string } | { accepted: false; error: string };

export interface ElectronicInvoicePlatform {
  /**
   * Sends one invoice's TEIF file. An answer, accepted or refused, is final for that file; a
   * throw means the platform could not be reached or answered nothing usable: try again.
   */
  submit(xml: string, invoiceNumber: string): Promise<EinvoiceSubmission>;
}

export const einvoicePlatformNames = ['local'] as const;
export type EinvoicePlatformName = (typeof einvoicePlatformNames)[number];

const senderMatricule = /<MessageSenderIdentifier type="I-01">([0-9]{7})[A-Z]{3}[0-9]{3}</;

/**
 * The local platform: checks the file against the schema as TTN does first, and accepts it
 * with a reference in the shape of TTN's (27 digits, like the guide's
 * `073620200053562920196810312`): the sender's 7 matricule digits, the day of acceptance
 * (`ddMMyy`, Tunisian time) and the invoice number's digits on 14 places, so a file sent
 * again the same day gets the same reference. A file that fails the schema is refused with
 * xmllint's messages. It signs nothing and sends nothing anywhere.
 */
export function createLocalEinvoicePlatform(deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  const platform: ElectronicInvoicePlatform = {
    async submit(xml, invoiceNumber) {
      const validation = await validateTeif(xml);
      if (!validation.isValid) {
        return { accepted: false, error: validation.errors.join('\n').slice(0, 4000) };
      }
      const matricule = senderMatricule.exec(xml)?.[1];
      if (!matricule) {
        return {
          accepted: false,
          error: 'The sender is not identified by a matricule fiscal (I-01)',
        };
      }
      const digits = invoiceNumber.replace(/\D/g, '').padStart(14, '0').slice(-14);
      return { accepted: true, reference: `${matricule}${teifDate(now())}${digits}` };
    },
  };
  return platform;
}

/** The platform the configuration names (`EINVOICE_PLATFORM`). */
export function createEinvoicePlatform(name: EinvoicePlatformName): ElectronicInvoicePlatform {
  switch (name) {
    case 'local':
      return createLocalEinvoicePlatform();
  }
}
