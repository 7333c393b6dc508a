import { isAdvertiserRole } from '@clipmarket/contracts/enums';
import { profileFieldLabels } from '@clipmarket/contracts/profile';
import type { Efile, Me } from '@clipmarket/contracts/users';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { intlLocale } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useUpdateMe } from '../api/update-me';
import {
  advertiserProfileTabFields,
  orderTabs,
  profileTabValues,
  stepFieldsFor,
  toFormValues,
  toProfileStepPayload,
  toUpdatePayload,
  type AccountSettingsTab,
  type SettingsFormValues,
} from '../hooks/settings-form';
import { messageDelays, useFlashMessage } from '../hooks/use-flash-message';
import {
  collectErrors,
  useProfileSchemas,
  useRetranslateErrors,
} from '../hooks/use-profile-schemas';
import { AdminSettings } from './admin-settings';
import { oneRowTabs } from './tab-styles';
import { AdvertiserProfileTab } from './advertiser-profile-tab';
import { CreatorProfileTab } from './creator-profile-tab';
import { FinancialInfosTab } from './financial-infos-tab';
import { LegalInfosTab } from './legal-infos-tab';
import { NotificationPreferencesPanel } from './notification-preferences-panel';
import { PasswordTab } from './password-tab';
import { ProfilePictureUpload } from './profile-picture-upload';

export type { AccountSettingsTab } from '../hooks/settings-form';

// Where a checkout waits to be continued after the legal info (spec §4).
export { REDIRECT_PATH_KEY };

export interface AccountSettingsModalProps {
  opened: boolean;
  onClose: () => void;
  initialTab?: AccountSettingsTab;
}

/** Account settings (spec §2 "Account settings modal"), opened from the top bar and the banner. */
export function AccountSettingsModal({ opened, onClose, initialTab }: AccountSettingsModalProps) {
  const { t } = useTranslation('settings');
  const me = useMe();
  // Closing with edits not saved yet (Next saves the profile tab, Save the rest): ask first.
  const hasUnsavedChanges = useRef(false);
  const [isConfirmingClose, setConfirmingClose] = useState(false);
  const requestClose = () => {
    if (hasUnsavedChanges.current) setConfirmingClose(true);
    else onClose();
  };
  const trackUnsavedChanges = useCallback((isDirty: boolean) => {
    hasUnsavedChanges.current = isDirty;
  }, []);
  const discardAndClose = () => {
    setConfirmingClose(false);
    hasUnsavedChanges.current = false;
    onClose();
  };
  return (
    <Modal opened={opened} onClose={requestClose} size="xl" title={t('title')} padding="lg">
      {isConfirmingClose ? (
        <Alert color="yellow" variant="light" role="alertdialog" mb="md" title={t('unsaved.title')}>
          <Stack gap="sm">
            <Text size="sm">{t('unsaved.body')}</Text>
            <Group gap="sm">
              <Button size="xs" onClick={() => setConfirmingClose(false)}>
                {t('unsaved.keep')}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={discardAndClose}>
                {t('unsaved.discard')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {me.data?.role === 'ADMIN' ? (
        <AdminSettings me={me.data} initialTab={initialTab} onDirtyChange={trackUnsavedChanges} />
      ) : me.data ? (
        <AccountSettingsContent
          me={me.data}
          initialTab={initialTab}
          onClose={onClose}
          onDirtyChange={trackUnsavedChanges}
        />
      ) : (
        <Center mih={200}>
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Modal>
  );
}

const talentFinancialFields = [
  'payment_method',
  'cin',
  'cin_efile_id',
  'card_number',
  'card_number_d17',
];
const advertiserLegalFields = [
  'campany_name',
  'tax_registration_number',
  'domiciliation_address',
  'phone_campany',
  'phone_campany_prefix',
];

function pickInitialTab(
  requested: AccountSettingsTab | undefined,
  available: AccountSettingsTab[],
): AccountSettingsTab {
  if (requested === 'notifications-preferences') return requested;
  return requested && available.includes(requested) ? requested : 'profile';
}

interface AccountSettingsContentProps {
  me: Me;
  initialTab?: AccountSettingsTab;
  onClose: () => void;
  /** Whether the form holds edits not saved yet (the modal asks before losing them). */
  onDirtyChange: (isDirty: boolean) => void;
}

function AccountSettingsContent({
  me,
  initialTab,
  onClose,
  onDirtyChange,
}: AccountSettingsContentProps) {
  const { t, i18n } = useTranslation('settings');
  const [, navigate] = useLocation();
  const isAdvertiser = isAdvertiserRole(me.role);
  const isTalent = me.role === 'TALENT';
  const schemas = useProfileSchemas();
  const flash = useFlashMessage();
  const updateMe = useUpdateMe();
  const tabs = orderTabs(i18n.language, me.role);

  // The values last saved: the reference for "country returns to the original" (spec §4).
  const [saved, setSaved] = useState(() => toFormValues(me));
  const [picture, setPicture] = useState<Efile | null>(me.efile);
  const [cinFile, setCinFile] = useState<Efile | null>(me.cin_efile);
  const [tab, setTab] = useState<AccountSettingsTab>(() => pickInitialTab(initialTab, tabs));
  const pictureRef = useRef<HTMLDivElement>(null);
  const tabListRef = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: keep the open tab in sight (in Arabic the spec's
  // order puts Profile, the first one opened, at the far end of the row).
  useEffect(() => {
    const selected = tabListRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: (values) =>
      collectErrors(
        isAdvertiser
          ? [schemas.advertiserProfile, schemas.advertiserLegal]
          : [schemas.talentProfile, schemas.talentFinancial],
        values,
      ),
    // Spec §5: validation on keyup, blur or selection change.
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  useRetranslateErrors(form);
  const isDirty = form.isDirty();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const switchTab = (next: AccountSettingsTab) => {
    flash.clear();
    setTab(next);
  };

  /** Brings the first field to fix into view (the picture sits above the tabs). */
  const revealField = (field: string | undefined) => {
    if (!field) return;
    if (field === 'profile_efile_id') {
      pictureRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const input = form.getInputNode(field as keyof SettingsFormValues);
    if (!input) return;
    // A list field (business sector, country…) opens its dropdown on focus, which then covered
    // the other fields: it is only brought into view, its error under it says what to do.
    if (input.getAttribute('aria-haspopup') === 'listbox') {
      input.scrollIntoView?.({ block: 'center' });
      return;
    }
    input.focus();
  };

  /** Spec §4: the profile step fields are filled; else says so and shows the first one. */
  const hasStepFields = () => {
    const invalid = stepFieldsFor(isAdvertiser).filter((field) => {
      const result = form.validateField(field);
      return 'hasError' in result && result.hasError;
    });
    if (invalid.length === 0) return true;
    flash.show({ color: 'yellow', text: t('messages.fillRequired') }, messageDelays.profileError);
    revealField(invalid[0]);
    return false;
  };

  /** Spec §4: entering financial-infos / legal-infos needs the profile step fields. */
  const requestTab = (value: string | null) => {
    if (!value || value === tab) return;
    const next = value as AccountSettingsTab;
    const isGuarded =
      (isTalent && next === 'financial-infos') || (isAdvertiser && next === 'legal-infos');
    if (isGuarded && !hasStepFields()) return;
    switchTab(next);
  };

  /**
   * Next on the profile tab: the tab is saved (`step: 'profile'`, its fields only) before the
   * financial or legal tab opens, so closing the modal after it loses nothing.
   */
  const nextFromProfile = () => {
    const next: AccountSettingsTab = isAdvertiser ? 'legal-infos' : 'financial-infos';
    if (!hasStepFields()) return;
    const values = form.getValues();
    const edited = profileTabValues(values, isAdvertiser);
    if (JSON.stringify(edited) === JSON.stringify(profileTabValues(saved, isAdvertiser))) {
      switchTab(next);
      return;
    }
    updateMe.mutate(toProfileStepPayload(values, isAdvertiser), {
      onSuccess: (updated) => {
        // The profile tab as saved; the other tabs keep what is typed there, unsaved.
        const fresh = profileTabValues(toFormValues(updated), isAdvertiser);
        const nextSaved = { ...saved, ...fresh };
        setSaved(nextSaved);
        setPicture(updated.efile);
        form.setInitialValues(nextSaved);
        form.setValues({ ...form.getValues(), ...fresh });
        switchTab(next);
      },
      onError: reportSaveFailure,
    });
  };

  /** Spec §4: a new country reloads the cities and clears the choice, unless it is the saved one. */
  const changeCountry = (country: string | null) => {
    form.setFieldValue('country', country);
    const isOriginal = country === saved.country;
    if (isTalent) form.setFieldValue('city', isOriginal ? saved.city : null);
    if (isAdvertiser) form.setFieldValue('cities', isOriginal ? saved.cities : []);
  };

  const pictureUploaded = (efile: Efile) => {
    setPicture(efile);
    form.setFieldValue('profile_efile_id', efile.file_id);
  };

  const reportSaveFailure = (error: unknown) => {
    const fields =
      error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? error.fields : [];
    // A field of a list is reported by its path (`categories.1`): name the list.
    const names = [...new Set(fields.map((f) => f.field.split('.')[0] ?? f.field))].map((field) =>
      t(`fieldLabels.${field}`, { defaultValue: profileFieldLabels[field] ?? field }),
    );
    const text = names.length
      ? t('messages.updateFailed', {
          fields: new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' }).format(
            names,
          ),
        })
      : t('messages.somethingWrong');
    flash.show({ color: 'red', text }, messageDelays.profileError);
  };

  const applySaved = (updated: Me) => {
    const fresh = toFormValues(updated);
    setSaved(fresh);
    setPicture(updated.efile);
    setCinFile(updated.cin_efile);
    form.setInitialValues(fresh);
    form.setValues(fresh);
  };

  /** After an advertiser save: back to a pending checkout when one is waiting (spec §2). */
  const continueAfterLegalSave = (updated: Me): boolean => {
    const redirectPath = sessionStorage.getItem(REDIRECT_PATH_KEY);
    if (!redirectPath) return false;
    sessionStorage.removeItem(REDIRECT_PATH_KEY);
    if (updated.is_completed === 1) {
      notifications.show({ color: 'teal', message: t('messages.legalComplete') });
      navigate(`${redirectPath.replace(/\/+$/, '')}/payment`);
    } else {
      notifications.show({ color: 'yellow', message: t('messages.legalIncomplete') });
      navigate(redirectPath);
    }
    onClose();
    return true;
  };

  const save = () => {
    flash.clear();
    const values = form.getValues();
    if (isTalent) {
      // Spec §5: a warning names what is wrong with the chosen number (its length, its key, a
      // foreign IBAN), in the words of the field's own error (RIB or D17 RIP).
      const numberField = values.payment_method === 'd17' ? 'card_number_d17' : 'card_number';
      const checked = form.validateField(numberField);
      if (checked.hasError) {
        // An empty number gets the spec's length warning, in the words of its method.
        const message = values[numberField].trim()
          ? checked.error
          : t(numberField === 'card_number_d17' ? 'validation:d17Length' : 'validation:ribLength');
        notifications.show({ color: 'yellow', message });
        return;
      }
    }
    const result = form.validate();
    if (result.hasErrors) {
      const tabFields = isAdvertiser ? advertiserLegalFields : talentFinancialFields;
      const errorFields = Object.keys(result.errors);
      const firstHere = errorFields.find((field) => tabFields.includes(field));
      // Errors only on the profile tab: show them there, where they can be fixed.
      if (!firstHere) switchTab('profile');
      notifications.show({ color: 'yellow', message: t('messages.fillRequired') });
      // After the tab switch has rendered its inputs.
      setTimeout(() => revealField(firstHere ?? errorFields[0]), 0);
      return;
    }
    updateMe.mutate(toUpdatePayload(values, isAdvertiser), {
      onSuccess: (updated) => {
        applySaved(updated);
        if (isAdvertiser && continueAfterLegalSave(updated)) return;
        notifications.show({ color: 'green', message: t('messages.profileUpdated') });
      },
      onError: reportSaveFailure,
    });
  };

  const hasAdvertiserErrors = advertiserProfileTabFields.some((field) => field in form.errors);
  const canUploadPicture = !isAdvertiser || tab === 'profile';
  const savedUsernames = {
    instagram: Boolean(me.influencer?.ig_username),
    tiktok: Boolean(me.influencer?.tiktok_username),
  };

  return (
    <Stack gap="lg">
      <Group align="center" gap="lg" wrap="nowrap" ref={pictureRef}>
        <ProfilePictureUpload
          efile={picture}
          error={form.errors.profile_efile_id}
          onUploaded={pictureUploaded}
          canUpload={canUploadPicture}
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {me.fullname}
          </Title>
          <Text c="dimmed" size="sm">
            {t('welcome')}
          </Text>
        </Stack>
      </Group>
      {isTalent && me.is_completed !== 1 ? (
        <Alert color="yellow" variant="light" role="status">
          {t('completeBanner')}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={requestTab} keepMounted={false} styles={oneRowTabs}>
        <Tabs.List ref={tabListRef}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {flash.message ? (
          <Alert color={flash.message.color} variant="light" mt="md">
            {flash.message.text}
          </Alert>
        ) : null}
        <Tabs.Panel value="profile" pt="md">
          {isAdvertiser ? (
            <AdvertiserProfileTab
              form={form}
              onCountryChange={changeCountry}
              onNext={nextFromProfile}
              isNextDisabled={hasAdvertiserErrors || updateMe.isPending}
            />
          ) : (
            <CreatorProfileTab
              form={form}
              savedUsernames={savedUsernames}
              fallbackFullname={me.fullname}
              onCountryChange={changeCountry}
              onNext={nextFromProfile}
            />
          )}
        </Tabs.Panel>
        {isTalent ? (
          <Tabs.Panel value="financial-infos" pt="md">
            <FinancialInfosTab
              form={form}
              cinFile={cinFile}
              onCinUploaded={(efile) => {
                setCinFile(efile);
                form.setFieldValue('cin_efile_id', efile.file_id);
              }}
              onCinCleared={() => {
                setCinFile(null);
                form.setFieldValue('cin_efile_id', null);
              }}
              onSave={save}
              isSaving={updateMe.isPending}
            />
          </Tabs.Panel>
        ) : null}
        {isAdvertiser ? (
          <Tabs.Panel value="legal-infos" pt="md">
            <LegalInfosTab form={form} onSave={save} isSaving={updateMe.isPending} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="password" pt="md">
          <PasswordTab showMessage={flash.show} />
        </Tabs.Panel>
        <Tabs.Panel
          value="notifications-preferences"
          pt="md"
          aria-label={t('tabs.notifications-preferences')}
        >
          <NotificationPreferencesPanel me={me} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
