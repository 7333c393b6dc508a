import {
  type PublicationLink,
  publicationLinkProblem,
} from '@clipmarket/contracts/content-delivery';
import type { platforms as platformList } from '@clipmarket/contracts/enums';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { PublicationLinkList } from '../../../components/content-delivery/publication-link-list';
import { useSubmitLinks } from '../api/content-delivery';

type Platform = (typeof platformList)[number];

/**
 * Spec §4: once paid, the creator posts the video and sends one https link per platform of the
 * request, on that platform's site; the team checks them. A declined link is shown with the
 * reason, to send again; a link still waiting for the team may be corrected (`correcting`).
 */
export function PublicationLinksForm({
  lineId,
  platforms,
  links,
  correcting = false,
}: {
  lineId: number;
  platforms: readonly Platform[];
  links: readonly PublicationLink[];
  correcting?: boolean;
}) {
  const { t } = useTranslation('accept-requests');
  const errorMessage = useApiErrorMessage();
  const submit = useSubmitLinks(lineId);
  const latest = (platform: Platform) =>
    [...links].reverse().find((link) => link.platform === platform);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(platforms.map((platform) => [platform, latest(platform)?.url ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);

  const onSubmit = () => {
    const found: Record<string, string> = {};
    const body = platforms.map((platform) => {
      const url = (values[platform] ?? '').trim();
      const problem = url ? publicationLinkProblem(platform, url) : null;
      if (!url) found[platform] = t('links.required');
      else if (problem) {
        found[platform] = t(`links.problems.${problem}`, {
          platform: t(`platforms.${platform}`),
        });
      }
      return { platform, url: (values[platform] ?? '').trim() };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(
      { links: body },
      {
        onSuccess: () => {
          setSent(true);
          toasts.show({ color: 'green', message: t('links.submitted') });
        },
      },
    );
  };

  const declined = links.filter((link) => link.state === 'declined');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t(correcting ? 'links.correctIntro' : 'links.intro')}</Text>
        {declined.length > 0 && <PublicationLinkList links={declined} ns="accept-requests" />}
        {platforms.map((platform) => (
          <TextInput
            key={platform}
            type="url"
            dir="ltr"
            required
            label={t('links.label', { platform: t(`platforms.${platform}`) })}
            placeholder="https://"
            value={values[platform] ?? ''}
            error={errors[platform]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [platform]: value }));
            }}
          />
        ))}
        {sent && (
          <Alert color="teal" role="status">
            {t('links.submitted')}
          </Alert>
        )}
        {submit.isError && (
          <Alert color="red" role="alert">
            {errorMessage(submit.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            {t(correcting ? 'links.correctSubmit' : 'links.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
