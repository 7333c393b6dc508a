import { isAdvertiserRole, type Role } from '@clipmarket/contracts/enums';
import type { NotificationPreferencesBody } from '@clipmarket/contracts/profile';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { UsersRepository } from './users.repository.js';

/** PUT /v2/user/notifications-preferences: in-app notifications and e-mails on or off. */
export function createPreferencesService({
  db,
  repository,
}: {
  db: Db;
  repository: UsersRepository;
}) {
  return {
    /** Only the caller's own profile; any other profile id is a 404. */
    async updateNotificationPreferences(
      caller: { userId: number; role: Role },
      body: NotificationPreferencesBody,
    ): Promise<void> {
      const values = {
        allowNotifications: body.allow_notifications,
        allowEmails: body.allow_emails,
      };
      let updated = false;
      if (isAdvertiserRole(caller.role)) {
        if (body.influencer_id !== undefined) throw notFound('Profile');
        updated = await repository.updateAdvertiserPreferences(
          db,
          caller.userId,
          body.advertiser_id,
          values,
        );
      } else if (caller.role === 'TALENT') {
        if (body.advertiser_id !== undefined) throw notFound('Profile');
        updated = await repository.updateInfluencerPreferences(
          db,
          caller.userId,
          body.influencer_id,
          values,
        );
      }
      if (!updated) throw notFound('Profile');
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
