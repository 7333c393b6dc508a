import {
  contentRequestLineReference,
  contentRequestReference,
  type ContentRequest,
  type CreatorLine,
  type AdvertiserLine,
  type VideoDuration,
} from '@clipmarket/contracts/content-requests';
import type { Efile } from '@clipmarket/contracts/media';
import { licenceTermsOrDefault, type LicenceQuote } from '@clipmarket/contracts/licences';
import type { Role } from '@clipmarket/contracts/enums';
import {
  contentRequestLineProcess,
  type ContentRequestLineState,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { SettingsReader } from '../settings/index.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import {
  licensedPricesOf,
  toLicenceQuote,
  type LicensedPrice,
} from './content-requests.licence-prices.js';
import { fundsSecured } from './content-requests.line-process.js';
import type {
  Caller,
  CreatorPricesForRequests,
  LicencesForRequests,
  MediaForRequests,
  UsersForRequests,
} from './content-requests.ports.js';
import {
  contentRequestsRepository as repository,
  type ContentRequestRow,
  type LineRow,
} from './content-requests.repository.js';
import type { DeliveryView } from './delivery/index.js';

type Side = 'creator' | 'advertiser';

const mediaUrl = (file: Efile, size: 'thumb' | 'medium') =>
  `/v2/media/${size}/${file.token}.${file.file_extension}`;

/**
 * How requests and lines read (contracts `ContentRequest`, `CreatorLine`, the line page): the
 * advertiser's requests with their lines, the creator's lines with what was asked of them (the
 * line's description, whatever its source: ADR 035), and one line for either party with its
 * delivery (videos, feedback, links, payment) added.
 */
export function createRequestViews(deps: {
  workflow: Workflow;
  settings: SettingsReader;
  users: UsersForRequests;
  media: MediaForRequests;
  creatorPrices: CreatorPricesForRequests;
  licences: LicencesForRequests;
  /** The delivery part's view of a line (videos, feedback, links, payment). */
  deliveryOf: DeliveryView;
}) {
  const { workflow, settings, users } = deps;

  async function imagesOf(q: DbOrTx, fileIds: number[]) {
    const files = await deps.media.describeFiles(q, fileIds);
    return fileIds.flatMap((id) => {
      const file = files.get(id);
      return file ? [{ file_id: id, url: mediaUrl(file, 'medium') }] : [];
    });
  }

  async function picturesOf(q: DbOrTx, fileIds: (number | null)[]) {
    return deps.media.describeFiles(
      q,
      fileIds.filter((id): id is number => id !== null),
    );
  }

  const allowedOf = (state: ContentRequestLineState, role: Role) =>
    workflow.allowed(contentRequestLineProcess, state, role);

  async function toRequests(
    q: DbOrTx,
    rows: ContentRequestRow[],
    role: Role,
  ): Promise<ContentRequest[]> {
    const lines = await repository.linesOf(
      q,
      rows.filter((r) => r.status === 'sent').map((r) => r.id),
    );
    const draftIds = rows.filter((r) => r.status !== 'sent').flatMap((r) => r.influencerIds);
    const creators = await users.describeRequestCreators(q, [
      ...draftIds,
      ...lines.map((l) => l.influencerId),
    ]);
    const pictures = await picturesOf(
      q,
      [...creators.values()].map((c) => c.profileFileId),
    );
    const pictureOf = (influencerId: number) => {
      const fileId = creators.get(influencerId)?.profileFileId;
      const file = fileId ? pictures.get(fileId) : undefined;
      return file ? mediaUrl(file, 'thumb') : null;
    };
    // The licence frozen into each sent line (issue 27 §1); lines sent before have none.
    const frozen = await deps.licences.firstTermsOf(
      q,
      lines.map((line) => line.id),
    );
    const frozenQuoteOf = (line: LineRow) => {
      const licence = frozen.get(line.id);
      return licence ? toLicenceQuote(licence.terms, licence.rates, licence.basePrice) : null;
    };
    const result: ContentRequest[] = [];
    for (const row of rows) {
      const own = lines.filter((l) => l.contentRequestId === row.id);
      // A draft's creators: their base price and the licence's add-ons at their rates.
      const prices =
        row.status !== 'sent' && row.videoDuration
          ? await licensedPricesOf(
              q,
              deps.licences,
              await deps.creatorPrices.pricesFor(
                q,
                row.influencerIds,
                row.videoDuration as VideoDuration,
              ),
              row.licence,
            )
          : new Map<number, LicensedPrice>();
      const creatorOf = (
        influencerId: number,
        price: number | null,
        licence: LicenceQuote | null,
      ) => ({
        influencer_id: influencerId,
        influencer_name: creators.get(influencerId)?.name ?? '',
        profile_picture_url: pictureOf(influencerId),
        price,
        licence_price: licence,
      });
      const advertiserLines: AdvertiserLine[] = own.map((line) => ({
        ...creatorOf(line.influencerId, line.price, frozenQuoteOf(line)),
        content_request_influencer_id: line.id,
        reference: contentRequestLineReference(row.id, line.lineNumber),
        status: line.state,
        reason: line.reason,
        funds_secured: fundsSecured(line),
        status_changed_at: line.enteredAt.toISOString(),
        allowed_transitions: allowedOf(line.state, role),
      }));
      result.push({
        content_request_id: row.id,
        reference: contentRequestReference(row.id),
        status: row.status,
        title: row.title,
        content_type: row.contentType,
        video_duration: row.videoDuration,
        format: row.format,
        product_name: row.productName,
        description: row.description,
        platforms: row.platforms,
        product_images: await imagesOf(q, row.productImageFileIds),
        delivery_date: row.deliveryDate,
        delivery_slot: row.deliverySlot,
        delivery_deadline: row.deliveryDeadline?.toISOString() ?? null,
        publishing_deadline: row.publishingDeadline,
        script: row.script,
        licence: licenceTermsOrDefault(row.licence),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
        creators:
          row.status === 'sent'
            ? own.map((line) => creatorOf(line.influencerId, line.price, frozenQuoteOf(line)))
            : row.influencerIds.map((id) => {
                const price = prices.get(id);
                return creatorOf(id, price?.total ?? null, price?.quote ?? null);
              }),
        lines: advertiserLines,
      });
    }
    return result;
  }

  /** Lines as their creator sees them: what was asked, by whom, by when (any source). */
  async function toCreatorLines(q: DbOrTx, lines: LineRow[]): Promise<CreatorLine[]> {
    const described = await deliveryLines.describeMany(
      q,
      lines.map((line) => line.id),
    );
    const acceptanceHours = await settings.get(q, 'acceptance_window_hours');
    const result: CreatorLine[] = [];
    for (const line of lines) {
      const { source, title, brief, sentAt, productImageFileIds } = described.get(line.id)!;
      const advertiser = await users.describeRequestAdvertiser(q, line.advertiserUserId);
      const pictures = await picturesOf(q, [advertiser?.profileFileId ?? null]);
      const picture = advertiser?.profileFileId
        ? pictures.get(advertiser.profileFileId)
        : undefined;
      result.push({
        content_request_influencer_id: line.id,
        content_request_id: line.contentRequestId,
        source,
        reference: source.reference,
        status: line.state,
        reason: line.reason,
        allowed_transitions: allowedOf(line.state, 'TALENT'),
        price: line.price,
        funds_secured: fundsSecured(line),
        answer_by:
          line.state === 'sent'
            ? new Date(line.enteredAt.getTime() + acceptanceHours * 3_600_000).toISOString()
            : null,
        status_changed_at: line.enteredAt.toISOString(),
        advertiser: {
          user_id: line.advertiserUserId,
          name: advertiser?.name ?? '',
          profile_picture_url: picture ? mediaUrl(picture, 'thumb') : null,
        },
        title,
        content_type: brief.content_type,
        video_duration: brief.video_duration ?? 0,
        // The description carries the stored format, one of `videoFormats`.
        format: brief.format as CreatorLine['format'],
        product_name: brief.product_name ?? '',
        description: brief.description ?? '',
        platforms: brief.platforms,
        product_images: await imagesOf(q, productImageFileIds),
        delivery_deadline: brief.delivery_deadline ?? '',
        publishing_deadline: brief.publishing_deadline,
        script: brief.script ?? '',
        sent_at: sentAt?.toISOString() ?? '',
      });
    }
    return result;
  }

  /** A line the caller is a party to (its creator, or its advertiser); 404 otherwise. */
  async function findPartyLine(q: DbOrTx, caller: Caller, lineId: number) {
    const line = await repository.findLine(q, lineId);
    const side: Side | null = !line
      ? null
      : caller.role === 'TALENT' && line.influencerUserId === caller.userId
        ? 'creator'
        : (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
            line.advertiserUserId === caller.userId
          ? 'advertiser'
          : null;
    if (!line || !side) throw notFound('Content request line');
    return { line, side };
  }

  async function lineView(q: DbOrTx, caller: Caller, lineId: number) {
    const { line, side } = await findPartyLine(q, caller, lineId);
    const delivery = await deps.deliveryOf(q, line, caller);
    if (side === 'creator') {
      const [view] = await toCreatorLines(q, [line]);
      return { ...view!, ...delivery, viewer: 'creator' as const };
    }
    const { source, title, brief } = await deliveryLines.describe(q, line.id);
    const [creator] = (await users.describeRequestCreators(q, [line.influencerId])).values();
    const pictures = await picturesOf(q, [creator?.profileFileId ?? null]);
    const picture = creator?.profileFileId ? pictures.get(creator.profileFileId) : undefined;
    const licence = (await deps.licences.firstTermsOf(q, [line.id])).get(line.id);
    return {
      influencer_id: line.influencerId,
      influencer_name: creator?.name ?? '',
      profile_picture_url: picture ? mediaUrl(picture, 'thumb') : null,
      price: line.price,
      // The split of the price frozen at sending (base + licence add-ons, issue 27 §1).
      licence_price: licence
        ? toLicenceQuote(licence.terms, licence.rates, licence.basePrice)
        : null,
      content_request_influencer_id: line.id,
      reference: source.reference,
      status: line.state,
      reason: line.reason,
      funds_secured: fundsSecured(line),
      status_changed_at: line.enteredAt.toISOString(),
      allowed_transitions: allowedOf(line.state, caller.role),
      ...delivery,
      viewer: 'advertiser' as const,
      content_request_id: line.contentRequestId,
      source,
      title,
      brief,
    };
  }

  return { toRequests, toCreatorLines, findPartyLine, lineView };
}

export type RequestViews = ReturnType<typeof createRequestViews>;
