import type {
  HideableMediaKitSection,
  MediaKitContent,
  MediaKitTheme,
} from '@clipmarket/contracts/media-kit';
import type { Language } from '@clipmarket/contracts/enums';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { IconInfoCircle } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';
import { useKitLanguage } from '../kit-language';
import { kitPagesOf } from './kit-pages';
import { KitSheet } from './kit-sheet';

/**
 * The builder's preview: the public page's own page components, in the kit's language and
 * theme as chosen in the form, every section shown; those hidden from the public page are
 * marked so (they stay in the preview to be judged).
 */
export function KitPreview({
  content,
  theme,
  language,
  hiddenSections,
}: {
  content: MediaKitContent;
  theme: MediaKitTheme;
  language: Language;
  hiddenSections: readonly HideableMediaKitSection[];
}) {
  const { t } = useTranslation('media-kit');
  const kit = useKitLanguage(language);
  const headingId = useId();
  const pages = kitPagesOf(content, kit);
  const isHidden = (section: string) => (hiddenSections as readonly string[]).includes(section);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={2} size="h4" id={headingId}>
          {t('builder.preview.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('builder.preview.description')}
        </Text>
      </div>
      <KitSheet theme={theme}>
        <Stack gap="md">
          {pages.map((page) => (
            <div
              key={page.section}
              className={isHidden(page.section) ? 'kit-preview-hidden' : undefined}
            >
              {isHidden(page.section) && (
                <Badge
                  color="gray"
                  variant="light"
                  mb={6}
                  leftSection={<IconInfoCircle size={14} aria-hidden />}
                >
                  {t('builder.preview.hidden')}
                </Badge>
              )}
              {page.content}
            </div>
          ))}
        </Stack>
      </KitSheet>
    </Stack>
  );
}
