import type { PricedLineLabel } from '@clipmarket/contracts/checkout';
import { useLicenceWording } from '../../lib/licence-terms';
import { useTranslation } from '../../lib/use-translation';

/**
 * A priced line's wording in the reader's language, from the code and parameters the server
 * stored (never its English `description`): `detail` is what it is for (the public reference
 * and the request's title in the language's quotes), `full` the kind before it
 * ("Platform fee — CR-000010 “Spring launch”"). Lines priced before labels have none: their
 * stored description is all there is.
 */
export function useLineWording() {
  const { t } = useTranslation('checkout');
  const licenceWording = useLicenceWording();
  const detail = (label: PricedLineLabel): string => {
    const { reference, title } = label.params;
    return [reference, title === undefined ? undefined : t('line.quotedTitle', { title })]
      .filter((part): part is string => part !== undefined && part !== '')
      .join(' ');
  };
  const full = (label: PricedLineLabel): string => {
    const kind = t(`summary.lines.${label.code}`);
    const more = detail(label);
    const worded = more ? t('line.withDetail', { kind, detail: more }) : kind;
    // The usage licence the line pays for (issue 27 §1); lines priced before have none.
    const { licence } = label.params;
    return licence
      ? t('line.withDetail', {
          kind: worded,
          detail: `${licenceWording.prefix()} ${licenceWording.terms(licence)}`,
        })
      : worded;
  };
  return { detail, full };
}
