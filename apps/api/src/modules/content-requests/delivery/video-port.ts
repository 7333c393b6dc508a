import type { Role } from '@clipmarket/contracts/enums';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { LineAccess, LineForUpload, LinesForVideos } from '../../content-videos/index.js';
import { contentRequestsRepository as repository } from '../content-requests.repository.js';
import type { UsersForRequests } from '../content-requests.ports.js';
import type { DeliveryLinesReader } from './ports.js';

/**
 * What content requests offer the content-videos module: its `LinesForVideos` port (declared
 * there) but `submitVideo`, which is on the service (it applies the line's process): the line a
 * creator uploads to, and who a caller is on a line (the videos' reads are authorized with it).
 */
export function createContentRequestsVideoPort(
  users: Pick<UsersForRequests, 'describeRequestAdvertiser'>,
  lines: DeliveryLinesReader,
): Omit<LinesForVideos, 'submitVideo'> {
  return {
    /** The line when `creatorUserId` is its creator (any state), else undefined. */
    async lineForUpload(
      db: DbOrTx,
      lineId: number,
      creatorUserId: number,
    ): Promise<LineForUpload | undefined> {
      const line = await repository.findLine(db, lineId);
      if (!line || line.influencerUserId !== creatorUserId) return undefined;
      const described = await lines.describe(db, lineId);
      const advertiser = await users.describeRequestAdvertiser(db, line.advertiserUserId);
      return {
        lineId: line.id,
        state: line.state,
        advertiserUserId: line.advertiserUserId,
        advertiserName: advertiser?.name ?? '',
        influencerUserId: line.influencerUserId,
        title: described.title,
        productName: described.productName,
        videoDurationSeconds: described.videoDurationSeconds,
      };
    },

    /** Who the caller is on the line: its creator, its advertiser, an admin; undefined = 404. */
    async lineAccess(
      db: DbOrTx,
      lineId: number,
      caller: { userId: number; role: Role },
    ): Promise<LineAccess | undefined> {
      const line = await repository.findLine(db, lineId);
      if (!line) return undefined;
      const side =
        caller.role === 'ADMIN'
          ? 'admin'
          : caller.role === 'TALENT' && line.influencerUserId === caller.userId
            ? 'creator'
            : (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
                line.advertiserUserId === caller.userId
              ? 'advertiser'
              : undefined;
      return side && { side, isPaid: line.paidAt !== null, state: line.state };
    },
  };
}

export type ContentRequestsVideoPort = ReturnType<typeof createContentRequestsVideoPort>;
