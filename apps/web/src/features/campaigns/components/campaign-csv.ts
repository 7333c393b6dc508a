import type { CampaignDelivery, CampaignItem } from '@clipmarket/contracts/campaigns';
import { csvDinars, type CsvRows } from '../../../lib/csv';
import type { TFunction } from '../../../lib/translator';

/**
 * The campaign page's tables as CSV rows, with the tables' labels in the reader's language;
 * prices in dinars with three decimals (`120.000`), as a spreadsheet computes with them.
 */

export function itemsCsv(t: TFunction, items: readonly CampaignItem[]): CsvRows {
  return [
    [t('detail.reference'), t('detail.title'), t('detail.kind'), t('detail.status')],
    ...items.map((item) => [
      item.reference,
      item.title || t('common.untitled'),
      t(`kinds.${item.kind}`),
      t(`itemStatus.${item.kind}.${item.status}`),
    ]),
  ];
}

export function deliveriesCsv(t: TFunction, deliveries: readonly CampaignDelivery[]): CsvRows {
  return [
    [
      t('detail.reference'),
      t('detail.creator'),
      t('detail.title'),
      t('detail.state'),
      t('export.inTnd', { label: t('detail.price') }),
      t('detail.published'),
    ],
    ...deliveries.map((line) => [
      line.reference,
      line.creator_name,
      line.title || t('common.untitled'),
      t(`lineStates.${line.state}`),
      csvDinars(line.price),
      line.published_links > 0 ? t('detail.yes') : t('detail.notYet'),
    ]),
  ];
}
