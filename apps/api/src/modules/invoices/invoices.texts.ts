import { englishLicenceWords, type LicenceWords } from '@clipmarket/contracts/licences';
import type { Language } from '../../platform/i18n.js';

/** What an invoice PDF says, in the three interface languages (`tn` is Arabic). */
export interface InvoiceTexts {
  title: string;
  number: string;
  date: string;
  paidOn: string;
  seller: string;
  buyer: string;
  taxNumber: string;
  address: string;
  phone: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  discount: string;
  taxableAmount: string;
  vat: string;
  stamp: string;
  total: string;
  paid: string;
  currencyNote: string;
  /** The quotation marks around a request's title in a line. */
  titleQuotes: readonly [string, string];
  /** What each kind of line is; a line's own description (a request's title) follows it. */
  lineKinds: Record<'platform_fee' | 'content_fee' | 'wallet_pack' | 'licence_renewal', string>;
  /** The usage licence a line pays for (issue 27 §1). */
  licence: LicenceWords;
}

export const invoiceTexts: Record<Language, InvoiceTexts> = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    paidOn: 'Paid on',
    seller: 'Seller',
    buyer: 'Buyer',
    taxNumber: 'Tax registration number (MF)',
    address: 'Address',
    phone: 'Phone',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. tax',
    amount: 'Amount excl. tax',
    subtotal: 'Total excl. tax',
    discount: 'Discount',
    taxableAmount: 'Amount subject to VAT',
    vat: 'VAT',
    stamp: 'Fiscal stamp',
    total: 'Total incl. tax',
    paid: 'Paid',
    currencyNote: 'Amounts in Tunisian dinars (TND).',
    titleQuotes: ['“', '”'],
    lineKinds: {
      platform_fee: 'Platform fee',
      content_fee: 'Content fee',
      wallet_pack: 'Wallet pack',
      licence_renewal: 'Licence renewal',
    },
    licence: englishLicenceWords,
  },
  fr: {
    title: 'Facture',
    number: 'Numéro de facture',
    date: 'Date',
    paidOn: 'Payée le',
    seller: 'Vendeur',
    buyer: 'Client',
    taxNumber: 'Matricule fiscal',
    address: 'Adresse',
    phone: 'Téléphone',
    description: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire HT',
    amount: 'Montant HT',
    subtotal: 'Total HT',
    discount: 'Remise',
    taxableAmount: 'Assiette de la TVA',
    vat: 'TVA',
    stamp: 'Timbre fiscal',
    total: 'Total TTC',
    paid: 'Payée',
    currencyNote: 'Montants en dinars tunisiens (TND).',
    titleQuotes: ['« ', ' »'],
    lineKinds: {
      platform_fee: 'Frais de plateforme',
      content_fee: 'Frais de contenu',
      wallet_pack: 'Pack portefeuille',
      licence_renewal: 'Renouvellement de licence',
    },
    licence: {
      prefix: 'licence :',
      channels: {
        organic: 'organique',
        paid_ads: 'publicité payante',
        spark_ads: 'Spark ads',
      },
      durations: {
        '30_days': '30 jours',
        '90_days': '90 jours',
        '1_year': '1 an',
        perpetual: 'perpétuelle',
      },
      territories: { tunisia: 'Tunisie', mena: 'MENA', worldwide: 'monde entier' },
      exclusivity: 'exclusivité {days} jours',
      separator: ', ',
    },
  },
  tn: {
    title: 'فاتورة',
    number: 'رقم الفاتورة',
    date: 'التاريخ',
    paidOn: 'تاريخ الدفع',
    seller: 'البائع',
    buyer: 'المشتري',
    taxNumber: 'المعرّف الجبائي',
    address: 'العنوان',
    phone: 'الهاتف',
    description: 'البيان',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة دون اعتبار الأداءات',
    amount: 'المبلغ دون اعتبار الأداءات',
    subtotal: 'المجموع دون اعتبار الأداءات',
    discount: 'التخفيض',
    taxableAmount: 'المبلغ الخاضع للأداء على القيمة المضافة',
    vat: 'الأداء على القيمة المضافة',
    stamp: 'الطابع الجبائي',
    total: 'المجموع باعتبار الأداءات',
    paid: 'مدفوعة',
    currencyNote: 'المبالغ بالدينار التونسي (TND).',
    titleQuotes: ['«', '»'],
    lineKinds: {
      platform_fee: 'معاليم المنصة',
      content_fee: 'معاليم المحتوى',
      wallet_pack: 'باقة المحفظة',
      licence_renewal: 'تجديد رخصة الاستعمال',
    },
    licence: {
      prefix: 'رخصة الاستعمال:',
      channels: {
        organic: 'نشر عادي',
        paid_ads: 'إعلانات ممولة',
        spark_ads: 'إعلانات Spark',
      },
      durations: {
        '30_days': '30 يوما',
        '90_days': '90 يوما',
        '1_year': 'سنة',
        perpetual: 'دائمة',
      },
      territories: { tunisia: 'تونس', mena: 'الشرق الأوسط وشمال إفريقيا', worldwide: 'العالم كله' },
      exclusivity: 'حصرية {days} يوما',
      separator: '، ',
    },
  },
};
