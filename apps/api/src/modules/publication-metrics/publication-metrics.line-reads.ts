import type { LabelledFiguresDto, LineMetrics } from '@clipmarket/contracts/publication-metrics';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { Accounts } from './publication-metrics.accounts.js';
import type { LinksForMetrics } from './publication-metrics.ports.js';
import { metricsOfLines, type LabelledFigures } from './publication-metrics.reads.js';
import { submissionsRepository as submissions } from './publication-metrics.repository.js';
import { toMetricSubmission } from './publication-metrics.submissions.js';

const toDto = (figures: LabelledFigures | null): LabelledFiguresDto | null =>
  figures && {
    source: figures.source,
    read_at: figures.readAt.toISOString(),
    checked: figures.checked,
    post_deleted: figures.postDeleted,
    views: figures.views,
    reach: figures.reach,
    likes: figures.likes,
    comments: figures.comments,
    shares: figures.shares,
    saves: figures.saves,
    watch_time_ms: figures.watchTimeMs,
  };

/**
 * The figures of one delivery line's approved links for its creator (with what they may still
 * submit and their submissions) and its advertiser; anyone else finds no such line (404).
 */
export function createLineReads(deps: { db: Db; accounts: Accounts; links: LinksForMetrics }) {
  const { db } = deps;
  return {
    async ofLine(caller: { userId: number; role: string }, lineId: number): Promise<LineMetrics> {
      const parties = await deps.links.lineParties(db, lineId);
      const isCreator = parties?.influencerUserId === caller.userId;
      if (
        !parties ||
        (!isCreator && parties.advertiserUserId !== caller.userId && caller.role !== 'ADMIN')
      ) {
        throw notFound('Delivery line');
      }
      const approved = await deps.links.approvedLinksOfLine(db, lineId);
      const figures = (await metricsOfLines(db, [lineId])).get(lineId) ?? [];
      // The submissions (and their reasons) are the creator's own business.
      const own = isCreator ? await submissions.ofLine(db, lineId) : [];
      const connected = new Set<string>();
      if (isCreator) {
        for (const platform of new Set(approved.map((link) => link.platform))) {
          if (await deps.accounts.connectedAccount(caller.userId, platform))
            connected.add(platform);
        }
      }
      return {
        links: approved.map((link) => {
          const metrics = figures.find((entry) => entry.linkId === link.linkId);
          return {
            link_id: link.linkId,
            platform: link.platform,
            url: link.url,
            approved_at: link.approvedAt.toISOString(),
            latest: toDto(metrics?.latest ?? null),
            windows: {
              '24h': toDto(metrics?.windows['24h'] ?? null),
              '72h': toDto(metrics?.windows['72h'] ?? null),
              '7d': toDto(metrics?.windows['7d'] ?? null),
              '30d': toDto(metrics?.windows['30d'] ?? null),
            },
            can_submit: isCreator && !connected.has(link.platform),
            submissions: own.filter((row) => row.linkId === link.linkId).map(toMetricSubmission),
          };
        }),
      };
    },
  };
}

export type LineReads = ReturnType<typeof createLineReads>;
