import type { RegisterInput } from '@clipmarket/contracts/auth';
import { languages, type Language } from '@clipmarket/contracts/enums';
import { Anchor, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useRevalidateOnLanguageChange } from '../../../lib/validation';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { FormError } from '../components/form-error';
import { PasswordRules } from '../components/password-rules';
import { useCompleteSignIn, useRedirectTarget, withRedirect } from '../hooks/use-complete-sign-in';

type AccountType = 'TALENT' | 'ADVERTISER';
type AdvertiserRole = 'BRAND' | 'AGENCY';

interface SignUpValues {
  accountType: AccountType;
  advertiserRole: AdvertiserRole;
  name: string;
  first_name: string;
  last_name: string;
  ig_username: string;
  tiktok_username: string;
  email: string;
  password: string;
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** The request body of the chosen role only (the API refuses fields of the other role). */
function toRegisterBody(values: SignUpValues, language: Language): RegisterInput {
  const common = {
    email: values.email.trim(),
    password: values.password,
    language,
    first_name: optional(values.first_name),
    last_name: optional(values.last_name),
  };
  if (values.accountType === 'TALENT') {
    return {
      ...common,
      role: 'TALENT',
      ig_username: optional(values.ig_username),
      tiktok_username: optional(values.tiktok_username),
    };
  }
  return { ...common, role: values.advertiserRole, name: values.name };
}

/** `?as=creator|brand|agency` preselects the account type (links from marketing pages). */
function initialRole(as: string | null): Pick<SignUpValues, 'accountType' | 'advertiserRole'> {
  if (as === 'brand' || as === 'advertiser')
    return { accountType: 'ADVERTISER', advertiserRole: 'BRAND' };
  if (as === 'agency') return { accountType: 'ADVERTISER', advertiserRole: 'AGENCY' };
  return { accountType: 'TALENT', advertiserRole: 'BRAND' };
}

export default function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const validation = useAuthValidation();
  const language: Language = (languages as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';

  const form = useForm<SignUpValues>({
    initialValues: {
      ...initialRole(params.get('as')),
      name: '',
      first_name: '',
      last_name: '',
      ig_username: '',
      tiktok_username: '',
      email: '',
      password: '',
    },
    validate: (values) =>
      validation.validate(
        values.accountType === 'TALENT' ? 'talentSignUp' : 'advertiserSignUp',
        toRegisterBody(values, language),
      ),
    validateInputOnBlur: true,
  });
  useRevalidateOnLanguageChange(form);
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();
  const errorMessage = useApiErrorMessage();
  const redirect = useRedirectTarget();
  const isCreator = form.values.accountType === 'TALENT';
  const isAgency = form.values.advertiserRole === 'AGENCY';

  const submit = validation.whenReady(
    form.onSubmit((values) => {
      register.mutate(toRegisterBody(values, language), {
        onSuccess: (session) => void completeSignIn(session),
      });
    }),
  );

  return (
    <AuthLayout title={t('signUp.title')} description={t('signUp.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{register.isError ? errorMessage(register.error) : null}</FormError>

          <Radio.Group
            {...form.getInputProps('accountType')}
            name="accountType"
            label={t('signUp.accountType')}
            onChange={(value) => {
              form.setFieldValue('accountType', value as AccountType);
              form.clearErrors();
            }}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="sm">
              <Radio.Card value="TALENT" p="md" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{t('signUp.creator')}</Text>
                    <Text size="xs" c="dimmed">
                      {t('signUp.creatorDescription')}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
              <Radio.Card value="ADVERTISER" p="md" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{t('signUp.advertiser')}</Text>
                    <Text size="xs" c="dimmed">
                      {t('signUp.advertiserDescription')}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            </SimpleGrid>
          </Radio.Group>

          {isCreator ? null : (
            <>
              <Radio.Group
                {...form.getInputProps('advertiserRole')}
                name="advertiserRole"
                label={t('signUp.advertiserType')}
              >
                <Group mt="xs" gap="lg">
                  <Radio value="BRAND" label={t('signUp.brand')} />
                  <Radio value="AGENCY" label={t('signUp.agency')} />
                </Group>
              </Radio.Group>
              <TextInput
                {...form.getInputProps('name')}
                name="name"
                label={t(isAgency ? 'fields.agencyName' : 'fields.brandName')}
                description={t(isAgency ? 'hints.agencyName' : 'hints.brandName')}
                autoComplete="organization"
                withAsterisk
              />
            </>
          )}

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.getInputProps('first_name')}
              name="first_name"
              label={t('fields.firstName')}
              autoComplete="given-name"
            />
            <TextInput
              {...form.getInputProps('last_name')}
              name="last_name"
              label={t('fields.lastName')}
              autoComplete="family-name"
            />
          </SimpleGrid>

          {isCreator ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                {...form.getInputProps('ig_username')}
                name="ig_username"
                label={t('fields.igUsername')}
                description={t('hints.social')}
                autoComplete="off"
                dir="ltr"
              />
              <TextInput
                {...form.getInputProps('tiktok_username')}
                name="tiktok_username"
                label={t('fields.tiktokUsername')}
                description={t('hints.social')}
                autoComplete="off"
                dir="ltr"
              />
            </SimpleGrid>
          ) : null}

          <TextInput
            {...form.getInputProps('email')}
            name="email"
            type="email"
            label={t('fields.email')}
            placeholder={t('hints.emailPlaceholder')}
            autoComplete="email"
            withAsterisk
          />
          <PasswordField
            {...form.getInputProps('password')}
            name="password"
            label={t('fields.password')}
            autoComplete="new-password"
            withAsterisk
          />
          <PasswordRules value={form.values.password} />

          <Button type="submit" fullWidth loading={register.isPending}>
            {t('signUp.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('signUp.haveAccount')}{' '}
            <Anchor component={Link} to={withRedirect('/login', redirect)}>
              {t('signUp.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
