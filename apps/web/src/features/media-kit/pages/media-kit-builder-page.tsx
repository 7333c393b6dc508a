import type { Language } from '@clipmarket/contracts/enums';
import {
  hideableMediaKitSections,
  MEDIA_KIT_HEADLINE_MAX,
  mediaKitThemes,
  type MediaKitView,
} from '@clipmarket/contracts/media-kit';
import {
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Input,
  Loader,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { IconTrash, IconUpload } from '../../../components/icons';
import { languageNames } from '../../../components/language-picker';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { mediaUrl } from '../../../lib/media';
import { useRealtimeEvent } from '../../../lib/realtime';
import { routeNotFound } from '../../../lib/route-not-found';
import { toasts } from '../../../lib/toasts';
import { uploadFile } from '../../../lib/upload';
import { useTranslation } from '../../../lib/use-translation';
import { mediaKitQueryKey, useMediaKit, useSaveMediaKit } from '../api/media-kit';
import {
  type BuilderValues,
  builderFieldOf,
  builderValuesOf,
  problemKey,
  problemsOf,
  settingsOf,
} from '../builder-form';
import { FeaturedVideosField } from '../components/featured-videos-field';
import { KitPreview } from '../components/kit-preview';
import { RenderStatus } from '../components/render-status';
import { ShareCard } from '../components/share-card';
import { themeColors } from '../kit-theme';

const kitLanguages: readonly Language[] = ['en', 'fr', 'tn'];

/**
 * Spec §2 `/media-kit` (issue 25 §1): the creator's media kit builder. The kit fills itself
 * from what Clipmarket knows; the creator picks its theme, language, headline, cover, the
 * sections the public page shows and the videos it features, and publishes it. Saving queues a
 * rendering (PDF and page pictures); the server says when it is ready (`media_kit_is_ready`).
 */
export default function MediaKitBuilderPage() {
  const { t } = useTranslation('media-kit');
  const kit = useMediaKit();
  const queryClient = useQueryClient();
  useRealtimeEvent('media_kit_is_ready', () => {
    void queryClient.invalidateQueries({ queryKey: mediaKitQueryKey });
    toasts.show({ color: 'teal', message: t('builder.render.readyToast') });
  });

  if (kit.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('builder.loading')} />
      </Center>
    );
  }
  if (kit.isError) {
    // The kit is not turned on for this creator: the page does not exist for them.
    if (
      kit.error instanceof ApiError &&
      (kit.error.status === 404 || kit.error.code === 'MEDIA_KIT_NOT_ENABLED')
    ) {
      throw routeNotFound();
    }
    return (
      <Stack gap="md">
        <Title order={1}>{t('builder.title')}</Title>
        <LoadErrorAlert
          error={kit.error}
          message={t('builder.loadError')}
          onRetry={() => void kit.refetch()}
        />
      </Stack>
    );
  }
  return <Builder kit={kit.data} />;
}

function Builder({ kit }: { kit: MediaKitView }) {
  const { t } = useTranslation('media-kit');
  const errorMessage = useApiErrorMessage();
  const save = useSaveMediaKit();
  const [coverUrl, setCoverUrl] = useState<string | null>(kit.preview.profile.cover_url);
  const form = useForm<BuilderValues>({
    initialValues: builderValuesOf(kit.settings),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(problemsOf(values)).map(([field, key]) => [
          field,
          t(key, { max: MEDIA_KIT_HEADLINE_MAX }),
        ]),
      ),
  });

  const submit = async (values: BuilderValues) => {
    try {
      const saved = await save.mutateAsync(settingsOf(values));
      form.resetDirty(builderValuesOf(saved.settings));
      toasts.show({ color: 'teal', message: t('builder.saved') });
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        let shown = false;
        for (const problem of error.fields) {
          const field = builderFieldOf(problem.field);
          if (!field) continue;
          form.setFieldError(field, t(problemKey(field), { max: MEDIA_KIT_HEADLINE_MAX }));
          shown = true;
        }
        if (shown) return;
      }
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  // "Try again" renders the kit as it was saved (the form may hold changes not saved yet).
  const retry = () => {
    save.mutate(kit.settings, {
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  const preview = {
    ...kit.preview,
    profile: {
      ...kit.preview.profile,
      headline: form.values.headline.trim() || null,
      cover_url: form.values.cover_file_id === null ? null : coverUrl,
    },
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('builder.title')}</Title>
        <Text c="dimmed">{t('builder.intro')}</Text>
      </div>
      <RenderStatus kit={kit} onRetry={retry} isRetrying={save.isPending} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
              <Stack gap="lg">
                <ThemeField
                  value={form.values.theme}
                  onChange={(theme) => form.setFieldValue('theme', theme)}
                  error={form.errors.theme}
                />
                <Radio.Group
                  label={t('builder.form.language')}
                  description={t('builder.form.languageDescription')}
                  {...form.getInputProps('language')}
                >
                  <Group gap="lg" mt="xs">
                    {kitLanguages.map((language) => (
                      <Radio
                        key={language}
                        value={language}
                        label={
                          <span lang={language === 'tn' ? 'ar' : language}>
                            {languageNames[language]}
                          </span>
                        }
                      />
                    ))}
                  </Group>
                </Radio.Group>
                <TextInput
                  label={t('builder.form.headline')}
                  description={t('builder.form.headlineDescription', {
                    max: MEDIA_KIT_HEADLINE_MAX,
                  })}
                  dir="auto"
                  {...form.getInputProps('headline')}
                />
                <CoverField
                  url={form.values.cover_file_id === null ? null : coverUrl}
                  error={form.errors.cover_file_id}
                  onUploaded={(fileId, url) => {
                    setCoverUrl(url);
                    form.setFieldValue('cover_file_id', fileId);
                  }}
                  onRemove={() => form.setFieldValue('cover_file_id', null)}
                />
                <SectionsField
                  hidden={form.values.hidden_sections}
                  onChange={(hidden) => form.setFieldValue('hidden_sections', hidden)}
                  error={form.errors.hidden_sections}
                />
                <FeaturedVideosField
                  candidates={kit.candidate_videos}
                  value={form.values.featured_line_ids}
                  onChange={(ids) => form.setFieldValue('featured_line_ids', ids)}
                  error={form.errors.featured_line_ids as string | undefined}
                />
                <Switch
                  label={t('builder.form.published')}
                  description={t('builder.form.publishedDescription')}
                  {...form.getInputProps('is_published', { type: 'checkbox' })}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    {t('builder.form.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
          <ShareCard kit={kit} isPublished={kit.settings.is_published} />
        </Stack>
        {/* Its own boundary: the texts of another kit language arrive without hiding the form. */}
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label={t('builder.loading')} />
            </Center>
          }
        >
          <KitPreview
            content={preview}
            theme={form.values.theme}
            language={form.values.language}
            hiddenSections={form.values.hidden_sections}
          />
        </Suspense>
      </SimpleGrid>
    </Stack>
  );
}

/** The theme as colour swatches with their names: a radio group (arrow keys move the choice). */
function ThemeField({
  value,
  onChange,
  error,
}: {
  value: BuilderValues['theme'];
  onChange: (theme: BuilderValues['theme']) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('media-kit');
  return (
    <Radio.Group
      label={t('builder.form.theme')}
      value={value}
      onChange={(theme) => onChange(theme as BuilderValues['theme'])}
      error={error}
    >
      <Group gap="md" mt="xs">
        {mediaKitThemes.map((theme) => (
          <Radio
            key={theme}
            value={theme}
            color={themeColors[theme]}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <Box
                  component="span"
                  aria-hidden
                  w={20}
                  h={20}
                  style={{
                    borderRadius: 4,
                    background: themeColors[theme],
                    display: 'inline-block',
                  }}
                />
                {t(`builder.themes.${theme}`)}
              </Group>
            }
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The cover picture, uploaded with the media helper (purpose `media_kit_cover`). */
function CoverField({
  url,
  error,
  onUploaded,
  onRemove,
}: {
  url: string | null;
  error?: ReactNode;
  onUploaded: (fileId: number, url: string | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('media-kit');
  const errorMessage = useApiErrorMessage();
  const [progress, setProgress] = useState<number | null>(null);
  const id = useId();

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    try {
      const efile = await uploadFile(file, 'media_kit_cover', setProgress);
      onUploaded(efile.file_id, mediaUrl(efile, 'medium') ?? null);
    } catch (failure) {
      toasts.show({ color: 'red', message: errorMessage(failure) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      id={id}
      label={t('builder.form.cover')}
      description={t('builder.form.coverDescription')}
      error={error}
    >
      <Stack gap="xs" mt={4}>
        {url && (
          <Image src={url} alt={t('builder.form.coverAlt')} radius="sm" h={120} fit="cover" />
        )}
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept="image/*">
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={progress !== null}
              >
                {url ? t('builder.form.coverReplace') : t('builder.form.coverUpload')}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
            >
              {t('builder.form.coverRemove')}
            </Button>
          )}
        </Group>
        {progress !== null && (
          <Progress
            value={progress}
            maw={240}
            size="sm"
            aria-label={t('builder.form.coverUploading', { percent: progress })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** A switch per section the creator may hide; the profile is always shown. */
function SectionsField({
  hidden,
  onChange,
  error,
}: {
  hidden: BuilderValues['hidden_sections'];
  onChange: (hidden: BuilderValues['hidden_sections']) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('media-kit');
  return (
    <Switch.Group
      label={t('builder.form.sections')}
      description={t('builder.form.sectionsDescription')}
      value={hideableMediaKitSections.filter((section) => !hidden.includes(section))}
      onChange={(shown) =>
        onChange(hideableMediaKitSections.filter((section) => !shown.includes(section)))
      }
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {hideableMediaKitSections.map((section) => (
          <Switch key={section} value={section} label={t(`builder.sections.${section}`)} />
        ))}
      </Stack>
    </Switch.Group>
  );
}
