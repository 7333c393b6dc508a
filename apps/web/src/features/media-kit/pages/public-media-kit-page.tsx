import type { PublicMediaKit } from '@clipmarket/contracts/media-kit';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { IconAlertTriangle, IconDownload, IconRefresh, IconSend } from '../../../components/icons';
import { LanguagePicker } from '../../../components/language-picker';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { routeNotFound } from '../../../lib/route-not-found';
import { readStoredRole, readTokens } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import {
  publicMediaKitPath,
  publicMediaKitQueryKey,
  usePublicMediaKit,
} from '../api/public-media-kit';
import { Flipbook } from '../components/flipbook';
import { kitPagesOf } from '../components/kit-pages';
import { KitSheet } from '../components/kit-sheet';
import './public-media-kit-page.css';
import { useKitLanguage } from '../kit-language';

/**
 * Spec §2 `/media_kit/{influencer_name}` (issue 25 §2): a creator's media kit for anyone, no
 * sign-in and no navigation. The kit is shown in its own language and direction whatever the
 * reader's; the page around it (the buttons, the language picker) follows the reader. A name
 * the creator used before moves the address to the current one; a hidden kit or an unknown
 * name is the app's not-found page. Plain elements and the feature's CSS, no Mantine: the page
 * has an entry of its own (`media-kit.html`, src/media-kit-main.tsx) that loads neither Mantine
 * nor the app's shell, to keep its first load within 100 KB gzip of JavaScript (issue 25 §7).
 */
export default function PublicMediaKitPage() {
  const { t } = useTranslation('media-kit');
  const influencerName = useParams<{ influencer_name: string }>().influencer_name ?? '';
  const kit = usePublicMediaKit(influencerName);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const currentName = kit.data?.influencer_name;
  useEffect(() => {
    if (!kit.data || currentName === undefined || currentName === influencerName) return;
    // A renamed creator: the answer is the kit already, kept under its new address.
    queryClient.setQueryData(publicMediaKitQueryKey(currentName), kit.data);
    void navigate(publicMediaKitPath(currentName), { replace: true });
  }, [currentName, influencerName, kit.data, navigate, queryClient]);

  if (kit.isError && kit.error instanceof ApiError && kit.error.status === 404) {
    throw routeNotFound();
  }
  if (kit.isPending) {
    return (
      <KitFrame>
        <div className="public-kit-loading">
          <span className="public-kit-spinner" role="status" aria-label={t('public.loading')} />
        </div>
      </KitFrame>
    );
  }
  if (kit.isError) {
    return (
      <KitFrame>
        <KitLoadError
          error={kit.error}
          message={t('public.loadError')}
          onRetry={() => void kit.refetch()}
        />
      </KitFrame>
    );
  }
  return <KitView kit={kit.data} />;
}

/** The public page's frame: the app's name and the language picker, nothing of the app's menus. */
function KitFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('media-kit');
  return (
    <div className="public-kit">
      <header className="public-kit-header">
        <div className="public-kit-bar">
          <p className="public-kit-brand">{t('public.appName')}</p>
          <LanguagePicker />
        </div>
      </header>
      <main className="public-kit-main">{children}</main>
    </div>
  );
}

/** What the shared LoadErrorAlert shows (what failed, why, "Retry"), without Mantine. */
function KitLoadError({
  error,
  message,
  onRetry,
}: {
  error: unknown;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  const errorMessage = useApiErrorMessage();
  return (
    <div className="public-kit-alert" role="alert">
      <IconAlertTriangle size={20} aria-hidden className="public-kit-alert-icon" />
      <p>{`${message} ${errorMessage(error)}`}</p>
      <button type="button" className="kit-button" data-variant="light-red" onClick={onRetry}>
        <IconRefresh size={14} aria-hidden />
        {t('actions.retry')}
      </button>
    </div>
  );
}

function KitView({ kit }: { kit: PublicMediaKit }) {
  const { t, i18n } = useTranslation('media-kit');
  const language = useKitLanguage(kit.language);
  const { profile } = kit.content;
  const documentTitle = t('public.documentTitle', { name: profile.display_name });
  // Not Mantine's useDocumentTitle: of the first screens only /login uses it, and sharing it
  // would cut a file off /login's chunks for one line (vite.config.ts, secondaryFirstScreens).
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const pages = kitPagesOf(kit.content, language);
  return (
    <KitFrame>
      <div className="public-kit-heading">
        <div>
          <p className="public-kit-kicker">{t('public.kicker')}</p>
          <h1 className="public-kit-title" lang={language.lang} dir={language.dir}>
            {profile.display_name}
          </h1>
        </div>
        <div className="public-kit-actions">
          <a className="kit-button" href={kit.rendering.pdf_url} download>
            <IconDownload size={18} aria-hidden />
            {t('public.downloadPdf')}
          </a>
          <RequestCreatorButton influencerId={kit.influencer_id} />
        </div>
      </div>
      <KitSheet theme={kit.theme}>
        <Flipbook pages={pages} dir={language.dir} />
      </KitSheet>
      <footer className="public-kit-footer">
        <p className="public-kit-dimmed">
          {t('public.generated', { date: formatDate(kit.content.generated_at, i18n.language) })}
        </p>
        <figure className="public-kit-qr">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(kit.qr_svg)}`}
            alt={t('public.qr', { name: profile.display_name })}
            width={112}
            height={112}
          />
          <figcaption>{t('public.qrCaption')}</figcaption>
        </figure>
      </footer>
    </KitFrame>
  );
}

const REQUEST_PATH = '/request-content/add';

/**
 * "Request this creator": an advertiser goes to a new content request with the creator; a
 * visitor signs up as a brand first and comes back there; a creator (or the team) sees nothing.
 * The stored role stands in while the account is read.
 */
function RequestCreatorButton({ influencerId }: { influencerId: number }) {
  const { t } = useTranslation('media-kit');
  const hasSession = readTokens() !== null;
  const me = useMe();
  const role = me.data?.role ?? (hasSession ? readStoredRole() : null);
  const target = `${REQUEST_PATH}?influencer_id=${influencerId}`;
  const to = !hasSession
    ? `/sign-up?as=brand&redirect=${encodeURIComponent(target)}`
    : role === 'BRAND' || role === 'AGENCY'
      ? target
      : null;
  if (to === null) return null;
  return (
    <Link className="kit-button" data-variant="filled" to={to}>
      <IconSend size={18} aria-hidden />
      {t('public.request')}
    </Link>
  );
}
