import type {
  MediaKitAudience,
  MediaKitContent,
  MediaKitSection,
  MediaKitVideo,
} from '@clipmarket/contracts/media-kit';
import { formatMoney } from '@clipmarket/contracts/money-format';
import { type ReactNode, useId } from 'react';
import {
  formatCountry,
  formatDate,
  formatNumber,
  formatPercentage,
  formatPlace,
} from '../../../lib/format';
import type { KitLanguage } from '../kit-language';
import { kitSectionOrder } from '../kit-theme';

/** One page of the kit: its section, its name (the pager's), and its markup. */
export interface KitPage {
  section: MediaKitSection;
  title: string;
  content: ReactNode;
}

type SharedFigures = NonNullable<MediaKitVideo['at_7d']>;

/** "12 Nov 2026", in the kit's language. */
const dateOf = (value: string, kit: KitLanguage) => formatDate(value, kit.language);

/** A Latin run (a handle, an e-mail, a number with its sign) kept whole in an Arabic line. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const isCountryCode = (value: string) => /^[A-Z]{2}$/.test(value);

/**
 * The pages a kit's content makes, in the kit's order: the profile always, every other section
 * only when the content has it (a hidden section is null in a rendering's snapshot) and it has
 * something to show.
 */
export function kitPagesOf(content: MediaKitContent, kit: KitLanguage): KitPage[] {
  const { t } = kit;
  const pages: KitPage[] = [];
  for (const section of kitSectionOrder) {
    const page = pageOf(section, content, kit);
    if (page) pages.push({ section, title: t(`kit.sections.${section}`), content: page });
  }
  return pages;
}

function pageOf(section: MediaKitSection, content: MediaKitContent, kit: KitLanguage) {
  switch (section) {
    case 'profile':
      return <ProfilePage content={content} kit={kit} />;
    case 'audience':
      return content.audience && content.audience.length > 0 ? (
        <AudiencePage audience={content.audience} kit={kit} />
      ) : null;
    case 'rates':
      return content.rates && content.rates.length > 0 ? (
        <RatesPage rates={content.rates} generatedAt={content.generated_at} kit={kit} />
      ) : null;
    case 'track_record':
      return content.track_record ? (
        <TrackRecordPage
          record={content.track_record}
          generatedAt={content.generated_at}
          kit={kit}
        />
      ) : null;
    case 'videos':
      return content.videos && content.videos.length > 0 ? (
        <VideosPage videos={content.videos} kit={kit} />
      ) : null;
    case 'contact':
      return content.contact && (content.contact.email || content.contact.phone) ? (
        <ContactPage contact={content.contact} kit={kit} />
      ) : null;
  }
}

/** A page of the kit: an article in the kit's language and direction, named by its heading. */
function KitArticle({
  section,
  heading,
  kit,
  children,
}: {
  section: MediaKitSection;
  heading: string;
  kit: KitLanguage;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      className="kit-page"
      data-section={section}
      lang={kit.lang}
      dir={kit.dir}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="kit-page-title">
        {heading}
      </h2>
      {children}
    </article>
  );
}

/** Where a figure comes from and when: every figure of the kit says it. */
function Source({ children }: { children: ReactNode }) {
  return <p className="kit-source">{children}</p>;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="kit-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ProfilePage({ content, kit }: { content: MediaKitContent; kit: KitLanguage }) {
  const { t } = kit;
  const { profile } = content;
  const country =
    profile.country && isCountryCode(profile.country)
      ? formatCountry(profile.country, kit.language)
      : profile.country;
  const place = formatPlace([profile.city, country], kit.language);
  return (
    <KitArticle section="profile" heading={profile.display_name} kit={kit}>
      <div
        className="kit-cover"
        style={profile.cover_url ? { backgroundImage: `url("${profile.cover_url}")` } : undefined}
      >
        {profile.picture_url ? (
          <img className="kit-avatar" src={profile.picture_url} alt={t('kit.profile.picture')} />
        ) : (
          <span className="kit-avatar kit-avatar-initials" aria-hidden>
            {profile.display_name.slice(0, 2).toUpperCase()}
          </span>
        )}
      </div>
      {/* Left to right inside, on the kit's side of the page (right in an Arabic kit). */}
      <p className="kit-handle">
        <bdi dir="ltr">@{profile.influencer_name}</bdi>
      </p>
      {profile.headline && (
        <p className="kit-headline" dir="auto">
          {profile.headline}
        </p>
      )}
      {place && <p className="kit-muted">{t('kit.profile.location', { place })}</p>}
      {profile.bio && (
        <p className="kit-bio" dir="auto">
          {profile.bio}
        </p>
      )}
      {profile.categories.length > 0 && (
        <>
          <h3 className="kit-subtitle">{t('kit.profile.categories')}</h3>
          <ul className="kit-chips">
            {profile.categories.map((category) => (
              <li key={category}>{category}</li>
            ))}
          </ul>
        </>
      )}
    </KitArticle>
  );
}

function audienceSource(audience: MediaKitAudience, kit: KitLanguage) {
  const { t } = kit;
  const platform = t(`kit.platforms.${audience.platform}`);
  if (audience.source === 'api') {
    return audience.as_of
      ? t('kit.sources.api', { platform, date: dateOf(audience.as_of, kit) })
      : t('kit.sources.apiUndated', { platform });
  }
  return audience.as_of
    ? t('kit.sources.declared', { date: dateOf(audience.as_of, kit) })
    : t('kit.sources.declaredUndated');
}

function AudiencePage({ audience, kit }: { audience: MediaKitAudience[]; kit: KitLanguage }) {
  const { t } = kit;
  const unknown = t('kit.notKnown');
  const count = (value: number | null) =>
    value === null ? unknown : formatNumber(value, kit.language);
  return (
    <KitArticle section="audience" heading={t('kit.sections.audience')} kit={kit}>
      <ul className="kit-cards">
        {audience.map((account) => (
          <li key={account.platform} className="kit-card">
            <h3 className="kit-subtitle">
              {t(`kit.platforms.${account.platform}`)}
              {account.username && (
                <span className="kit-muted" dir="ltr">
                  {' '}
                  @{account.username}
                </span>
              )}
            </h3>
            <dl className="kit-figures">
              <Figure label={t('kit.audience.followers')} value={count(account.followers)} />
              <Figure
                label={t('kit.audience.engagementRate')}
                value={
                  account.engagement_rate_bp === null
                    ? unknown
                    : formatPercentage(account.engagement_rate_bp / 100, kit.language)
                }
              />
              <Figure label={t('kit.audience.medianViews')} value={count(account.median_views)} />
            </dl>
            <Source>{audienceSource(account, kit)}</Source>
          </li>
        ))}
      </ul>
    </KitArticle>
  );
}

function RatesPage({
  rates,
  generatedAt,
  kit,
}: {
  rates: NonNullable<MediaKitContent['rates']>;
  generatedAt: string;
  kit: KitLanguage;
}) {
  const { t } = kit;
  return (
    <KitArticle section="rates" heading={t('kit.sections.rates')} kit={kit}>
      <table className="kit-table">
        <caption>{t('kit.rates.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kit.rates.length')}</th>
            <th scope="col">{t('kit.rates.price')}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.video_duration}>
              <th scope="row">{t('kit.rates.seconds', { seconds: rate.video_duration })}</th>
              <td>{isolated(formatMoney(rate.price, kit.language))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Source>{t('kit.sources.rates', { date: dateOf(generatedAt, kit) })}</Source>
    </KitArticle>
  );
}

function TrackRecordPage({
  record,
  generatedAt,
  kit,
}: {
  record: NonNullable<MediaKitContent['track_record']>;
  generatedAt: string;
  kit: KitLanguage;
}) {
  const { t } = kit;
  const rating =
    record.average_rating_tenths === null
      ? t('kit.trackRecord.notRated')
      : t('kit.trackRecord.rating', {
          rating: formatNumber(record.average_rating_tenths / 10, kit.language),
          count: record.ratings,
        });
  return (
    <KitArticle section="track_record" heading={t('kit.sections.track_record')} kit={kit}>
      <dl className="kit-figures">
        <Figure
          label={t('kit.trackRecord.delivered')}
          value={formatNumber(record.delivered, kit.language)}
        />
        <Figure
          label={t('kit.trackRecord.onTime')}
          value={
            record.on_time_rate_bp === null
              ? t('kit.notKnown')
              : formatPercentage(record.on_time_rate_bp / 100, kit.language)
          }
        />
        <Figure label={t('kit.trackRecord.averageRating')} value={rating} />
      </dl>
      {record.by_content_type.length > 0 && (
        <>
          <h3 className="kit-subtitle">{t('kit.trackRecord.byType')}</h3>
          <ul className="kit-chips">
            {record.by_content_type.map((entry) => (
              <li key={entry.content_type}>
                {t('kit.trackRecord.typeCount', {
                  type: t(`kit.contentTypes.${entry.content_type}`, {
                    defaultValue: entry.content_type,
                  }),
                  count: entry.count,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <Source>{t('kit.sources.clipmarket', { date: dateOf(generatedAt, kit) })}</Source>
    </KitArticle>
  );
}

function figuresSource(figures: SharedFigures, kit: KitLanguage) {
  const date = dateOf(figures.read_at, kit);
  if (figures.source === 'creator') {
    return figures.checked
      ? kit.t('kit.sources.creatorChecked', { date })
      : kit.t('kit.sources.creator', { date });
  }
  return kit.t('kit.sources.api', {
    platform: kit.t(`kit.platforms.${figures.source === 'instagram_api' ? 'instagram' : 'tiktok'}`),
    date,
  });
}

function VideoFigures({ video, kit }: { video: MediaKitVideo; kit: KitLanguage }) {
  const { t } = kit;
  const figures = video.at_7d ?? video.latest;
  if (!figures) return <p className="kit-muted">{t('kit.videos.noFigures')}</p>;
  const count = (value: number | null) =>
    value === null ? t('kit.notKnown') : formatNumber(value, kit.language);
  return (
    <>
      <dl className="kit-figures">
        <Figure
          label={video.at_7d ? t('kit.videos.views7d') : t('kit.videos.views')}
          value={count(figures.views)}
        />
        <Figure label={t('kit.videos.engagements')} value={count(figures.engagements)} />
      </dl>
      <Source>{figuresSource(figures, kit)}</Source>
    </>
  );
}

function VideosPage({ videos, kit }: { videos: MediaKitVideo[]; kit: KitLanguage }) {
  const { t } = kit;
  return (
    <KitArticle section="videos" heading={t('kit.sections.videos')} kit={kit}>
      <ul className="kit-cards kit-videos">
        {videos.map((video) => {
          const platform = t(`kit.platforms.${video.platform}`);
          const facts = [
            video.content_type
              ? t(`kit.contentTypes.${video.content_type}`, { defaultValue: video.content_type })
              : null,
            video.video_duration === null
              ? null
              : t('kit.videos.duration', { seconds: video.video_duration }),
            platform,
          ].filter((fact): fact is string => fact !== null);
          return (
            <li key={video.line_id} className="kit-card">
              {video.poster_url && (
                <img className="kit-poster" src={video.poster_url} alt="" loading="lazy" />
              )}
              <h3 className="kit-subtitle">
                {video.brand ? t('kit.videos.for', { brand: video.brand }) : facts[0]}
              </h3>
              <p className="kit-muted">{facts.join(' · ')}</p>
              <VideoFigures video={video} kit={kit} />
              <a className="kit-link" href={video.url} target="_blank" rel="noopener noreferrer">
                {t('kit.videos.watch', { platform })}
              </a>
            </li>
          );
        })}
      </ul>
    </KitArticle>
  );
}

function ContactPage({
  contact,
  kit,
}: {
  contact: NonNullable<MediaKitContent['contact']>;
  kit: KitLanguage;
}) {
  const { t } = kit;
  return (
    <KitArticle section="contact" heading={t('kit.sections.contact')} kit={kit}>
      <dl className="kit-figures">
        {contact.email && (
          <div className="kit-figure">
            <dt>{t('kit.contact.email')}</dt>
            <dd>
              <a className="kit-link" href={`mailto:${contact.email}`} dir="ltr">
                {contact.email}
              </a>
            </dd>
          </div>
        )}
        {contact.phone && (
          <div className="kit-figure">
            <dt>{t('kit.contact.phone')}</dt>
            <dd>
              <a className="kit-link" href={`tel:${contact.phone.replace(/\s+/g, '')}`} dir="ltr">
                {contact.phone}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <Source>{t('kit.sources.contact')}</Source>
    </KitArticle>
  );
}
