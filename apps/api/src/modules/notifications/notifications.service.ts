import crypto from 'node:crypto';
import type { Language, NotificationRole, Role } from '@clipmarket/contracts/enums';
import type {
  NotificationItem,
  NotificationListQuery,
  NotificationParams,
  NotificationTestBody,
} from '@clipmarket/contracts/notifications';
import { AppError, notFound } from '../../platform/http/errors.js';
import { parseAcceptLanguage } from '../../platform/i18n.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import { fillMessage, fillRedirection, pickMessage, type Params } from './notification-render.js';
import { toEfileRef } from '../media/index.js';
import type { NotificationParty } from '../users/index.js';
import { findTemplateByType, notificationTemplates } from './notification-templates.js';
import { buildNotificationEmail } from './notifications.emails.js';
import type {
  NotificationListRow,
  NotificationRow,
  NotificationsRepository,
  TemplateRow,
} from './notifications.repository.js';

export interface NotifyInput {
  receiverUserId: number;
  type: string;
  module: string;
  /** What it points to depends on the type (see `item` in notification-templates.ts). */
  moduleItemId?: number | null;
  collaborationId?: number | null;
  /** The person behind the event; their picture and name show in the bell. None = the platform. */
  sender?: { userId: number; role?: Role | NotificationRole };
  /** Placeholder values; brand_name / talent_name default to the sender's or receiver's name. */
  params?: NotificationParams;
  /** A picture (files.id) shown for "product" templates. */
  fileId?: number | null;
  /**
   * Makes notifying idempotent: a second call with the same key stores, pushes and mails
   * nothing (event handlers pass one, as an event may be delivered more than once).
   */
  idempotencyKey?: string;
  /**
   * The e-mail sent instead of the notification's short twin (the weekly campaign summary
   * carries its figures), under the same preference (allow_emails) and idempotency key.
   */
  email?: MailMessage;
}

export interface NotifyResult {
  notification_hash: string;
  /** Pushed over the socket (allow_notifications = Y). */
  pushed: boolean;
  /** E-mail queued (allow_emails = Y). */
  emailed: boolean;
  /** Already notified under the same idempotency key: nothing was done. */
  isRepeat?: boolean;
}

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  mailer: Mailer;
  realtime: RealtimeHub;
  /** Base URL of the web app, for links in e-mails. */
  publicUrl: string;
  /**
   * Days within which a creator is paid after the advertiser pays (payment_pending text): the
   * business setting, read at each notification so an admin's change applies at once.
   */
  readPaymentDelayDays(): Promise<number>;
  logError?: (error: unknown, message: string) => void;
}

/** Spec §4: advertiser if the user has an advertiser profile, admin for ADMIN, talent otherwise. */
export function resolveNotificationRole(party: NotificationParty): NotificationRole {
  if (party.role === 'ADMIN') return 'admin';
  return party.advertiser ? 'advertiser' : 'talent';
}

/** The spec's receiver_id / sender_id: advertiser_id or influencer_id (user id for admins). */
function profileIdOf(party: NotificationParty, role: NotificationRole): number {
  if (role === 'advertiser' && party.advertiser) return party.advertiser.id;
  if (role === 'talent' && party.influencer) return party.influencer.id;
  return party.userId;
}

function preferencesOf(party: NotificationParty, role: NotificationRole) {
  const profile = role === 'advertiser' ? party.advertiser : party.influencer;
  // Admins have no profile and therefore no preferences: they get everything.
  return {
    allowNotifications: (profile?.allowNotifications ?? 'Y') === 'Y',
    allowEmails: (profile?.allowEmails ?? 'Y') === 'Y',
  };
}

function displayNameOf(party: NotificationParty, role: NotificationRole): string | null {
  if (role === 'advertiser') return party.advertiser?.name || null;
  const influencer = party.influencer;
  if (!influencer) return null;
  const fullName = [influencer.firstName, influencer.lastName].filter(Boolean).join(' ');
  return influencer.name || fullName || null;
}

function nameParams(party: NotificationParty, role: NotificationRole): Params {
  const name = displayNameOf(party, role);
  if (!name) return {};
  return role === 'advertiser'
    ? { brand_name: name }
    : role === 'talent'
      ? { talent_name: name }
      : {};
}

/** Spec §7: a hash of type, module, request id, sender id, receiver id and sender role. */
function buildHash(parts: (string | number | null | undefined)[]): string {
  const nonce = crypto.randomBytes(16).toString('hex');
  return crypto
    .createHash('sha256')
    .update(
      [...parts.map((p) => (p === null || p === undefined ? '' : String(p))), nonce].join('|'),
    )
    .digest('hex');
}

function messagesOf(template: TemplateRow | null, type: string) {
  if (template) {
    return {
      messages: { en: template.messageEn, fr: template.messageFr, ar: template.messageAr },
      redirection: template.redirection,
      icon: template.icon,
      colour: template.colour,
      imageKind: template.imageKind,
    };
  }
  // A template removed from the database: fall back to the catalogue, then to the bare type.
  const fallback = findTemplateByType(type);
  return {
    messages: fallback?.message ?? { en: type, fr: type, ar: type },
    redirection: fallback?.redirection ?? '/',
    icon: fallback?.icon ?? 'bell',
    colour: fallback?.colour ?? ('transparent' as const),
    imageKind: fallback?.imageKind ?? ('none' as const),
  };
}

/**
 * Values a text may need that its row does not hold: rows stored before a placeholder existed
 * (and demo data) read the current setting, so no text says "within  days".
 */
type ParamDefaults = Partial<Record<'payment_delay_days', number>>;

function renderParams(notification: NotificationRow, defaults: ParamDefaults = {}): Params {
  return {
    ...defaults,
    ...notification.params,
    module_item_id: notification.moduleItemId,
    collaboration_id: notification.collaborationId,
  };
}

function renderOne(
  notification: NotificationRow,
  template: TemplateRow | null,
  language: Language,
  defaults: ParamDefaults = {},
) {
  const view = messagesOf(template, notification.type);
  const params = renderParams(notification, defaults);
  return {
    content: fillMessage(pickMessage(view.messages, language), params, language),
    redirection: fillRedirection(view.redirection, params),
    icon: view.icon,
    colour: view.colour,
    imageKind: view.imageKind,
  };
}

function stringParam(params: Record<string, string | number>, key: string): string | null {
  const value = params[key];
  return value === undefined || value === '' ? null : String(value);
}

function toItem(
  row: NotificationListRow,
  language: Language,
  defaults: ParamDefaults,
): NotificationItem {
  const n = row.notification;
  const rendered = renderOne(n, row.template, language, defaults);
  const requestTitle = stringParam(n.params, 'request_name');
  const opportunityTitle = stringParam(n.params, 'opportunity_name');
  const eventId = n.params.event_id;
  const s = row.sender;
  return {
    notification_hash: n.hash,
    notification_status: n.status,
    notification_module: n.module,
    notification_type: n.type,
    module_item_id: n.moduleItemId,
    collaboration_id: n.collaborationId,
    receiver_id: n.receiverId,
    sender_role: n.senderRole,
    sender_id: n.senderId,
    created_at: n.createdAt.toISOString(),
    sender: s
      ? {
          ig_username: s.igUsername,
          first_name: s.advertiserFirstName ?? s.influencerFirstName,
          last_name: s.advertiserLastName ?? s.influencerLastName,
          name: s.advertiserName ?? s.influencerName,
          efile:
            s.efileToken && s.efileExtension
              ? toEfileRef({ token: s.efileToken, fileExtension: s.efileExtension })
              : null,
        }
      : null,
    content_request: requestTitle ? { content_request_title: requestTitle } : null,
    content_opportunity: opportunityTitle ? { content_opportunity_title: opportunityTitle } : null,
    file: row.file
      ? {
          efile: toEfileRef(row.file),
          event_id: typeof eventId === 'number' && Number.isInteger(eventId) ? eventId : null,
        }
      : null,
    content: rendered.content,
    redirection: rendered.redirection,
    icon: rendered.icon,
    colour: rendered.colour,
    image_kind: rendered.imageKind,
  };
}

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository, mailer, realtime } = deps;
  const logError =
    deps.logError ?? ((error: unknown, message: string) => console.error(message, error));

  async function resolveLanguage(
    userId: number,
    explicit: Language | undefined,
    acceptLanguage: string | undefined,
  ): Promise<Language> {
    return (
      explicit ??
      parseAcceptLanguage(acceptLanguage) ??
      (await repository.findUserLanguage(userId)) ??
      'en'
    );
  }

  async function sendEmail(
    receiver: NotificationParty,
    notification: NotificationRow,
    template: TemplateRow,
    email: MailMessage | undefined,
  ): Promise<boolean> {
    try {
      const rendered = renderOne(notification, template, receiver.language);
      await mailer.send(
        email ??
          buildNotificationEmail({
            to: receiver.email,
            language: receiver.language,
            content: rendered.content,
            link: new URL(rendered.redirection, deps.publicUrl).toString(),
          }),
      );
      return true;
    } catch (error) {
      // The notification is stored and shown in the bell; a mail outage must not undo it.
      logError(error, 'notification e-mail failed');
      return false;
    }
  }

  /**
   * The single way to notify someone: stores the notification, pushes `new_notification` to the
   * receiver's room and e-mails them, each as their preferences allow. Call it after the
   * transaction that caused the event has committed, so nobody is told about a rolled-back change.
   */
  async function notify(input: NotifyInput): Promise<NotifyResult> {
    const receiver = await repository.findParty(input.receiverUserId);
    if (!receiver) throw notFound('Receiver');
    const receiverRole = resolveNotificationRole(receiver);
    const template = await repository.findTemplate(receiverRole, input.module, input.type);
    if (!template) {
      throw new AppError(
        'VALIDATION_FAILED',
        `No ${receiverRole} notification template ${input.module}/${input.type}`,
        [{ field: 'type', message: `Unknown notification type for a ${receiverRole}` }],
      );
    }
    const sender = input.sender ? await repository.findParty(input.sender.userId) : null;
    if (input.sender && !sender) throw notFound('Sender');
    const senderRole = sender ? resolveNotificationRole(sender) : null;
    const senderId = sender && senderRole ? profileIdOf(sender, senderRole) : null;
    const receiverId = profileIdOf(receiver, receiverRole);

    const params: Record<string, string | number> = {};
    const defaults: Params = {
      ...nameParams(receiver, receiverRole),
      ...(sender && senderRole ? nameParams(sender, senderRole) : {}),
      // Stored with the notification so the text keeps the delay promised at the time.
      ...(input.type === 'payment_pending'
        ? { payment_delay_days: await deps.readPaymentDelayDays() }
        : {}),
    };
    for (const [key, value] of Object.entries({ ...defaults, ...input.params })) {
      if (value !== null && value !== undefined) params[key] = value;
    }
    if (input.fileId) params.file_id = input.fileId;

    const notification = await repository.insert({
      hash: input.idempotencyKey
        ? crypto.createHash('sha256').update(`once|${input.idempotencyKey}`).digest('hex')
        : buildHash([
            input.type,
            input.module,
            input.moduleItemId,
            senderId,
            receiverId,
            senderRole,
          ]),
      receiverUserId: receiver.userId,
      receiverId,
      receiverRole,
      senderUserId: sender?.userId ?? null,
      senderId,
      senderRole,
      module: input.module,
      type: input.type,
      moduleItemId: input.moduleItemId ?? null,
      collaborationId: input.collaborationId ?? null,
      params,
    });
    if (!notification) {
      return { notification_hash: '', pushed: false, emailed: false, isRepeat: true };
    }

    const preferences = preferencesOf(receiver, receiverRole);
    if (preferences.allowNotifications) {
      realtime.emitToUser(receiver.userId, 'new_notification', {
        notification_hash: notification.hash,
      });
    }
    const emailed = preferences.allowEmails
      ? await sendEmail(receiver, notification, template, input.email)
      : false;
    return {
      notification_hash: notification.hash,
      pushed: preferences.allowNotifications,
      emailed,
    };
  }

  /** Removes a notification wherever it is shown (`notification_deleted`). */
  async function deleteNotification(hash: string): Promise<boolean> {
    const deleted = await repository.deleteByHash(hash);
    if (!deleted) return false;
    realtime.emitToUser(deleted.receiverUserId, 'notification_deleted', {
      notification_hash: hash,
    });
    return true;
  }

  return {
    notify,
    deleteNotification,

    async list(userId: number, query: NotificationListQuery, acceptLanguage: string | undefined) {
      const language = await resolveLanguage(userId, query.lang, acceptLanguage);
      const [rows, counts] = await Promise.all([
        repository.listForReceiver(userId, (query.page - 1) * query.limit, query.limit),
        repository.countForReceiver(userId),
      ]);
      const lacksDelay = rows.some(
        ({ notification }) =>
          notification.type === 'payment_pending' &&
          notification.params.payment_delay_days === undefined,
      );
      const defaults: ParamDefaults = lacksDelay
        ? { payment_delay_days: await deps.readPaymentDelayDays() }
        : {};
      return {
        data: rows.map((row) => toItem(row, language, defaults)),
        attributes: {
          count: counts.unread,
          total: counts.total,
          page: query.page,
          limit: query.limit,
        },
      };
    },

    async markRead(userId: number, hash: string) {
      const found = await repository.findForReceiver(hash, userId);
      if (!found) throw notFound('Notification');
      if (found.notification.status !== 'Read') await repository.markRead(hash, userId);
      return {
        notification_hash: hash,
        notification_status: 'Read' as const,
        redirection: renderOne(found.notification, found.template, 'en').redirection,
      };
    },

    async deleteOwn(userId: number, hash: string) {
      const deleted = await repository.deleteByHash(hash, userId);
      if (!deleted) throw notFound('Notification');
      realtime.emitToUser(userId, 'notification_deleted', { notification_hash: hash });
      return { notification_hash: hash, deleted: true as const };
    },

    /** Admin and demo aid: any catalogue type for any user, checked against the receiver's role. */
    async createTestNotification(body: NotificationTestBody) {
      const known = notificationTemplates.filter(
        (t) => t.type === body.type && (!body.module || t.module === body.module),
      );
      if (known.length === 0) {
        throw new AppError('VALIDATION_FAILED', `Unknown notification type ${body.type}`, [
          { field: 'type', message: 'Unknown notification type' },
        ]);
      }
      const receiver = await repository.findParty(body.user_id);
      if (!receiver) throw notFound('User');
      const role = resolveNotificationRole(receiver);
      const template = known.find((t) => t.role === role);
      if (!template) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Notification type ${body.type} is not sent to a ${role}`,
          [{ field: 'type', message: `This type is not sent to a ${role}` }],
        );
      }
      if (body.sender_user_id && !(await repository.findParty(body.sender_user_id))) {
        throw new AppError('VALIDATION_FAILED', 'Unknown sender', [
          { field: 'sender_user_id', message: 'Unknown user' },
        ]);
      }
      const result = await notify({
        receiverUserId: receiver.userId,
        type: template.type,
        module: template.module,
        moduleItemId: body.module_item_id ?? null,
        collaborationId: body.collaboration_id ?? null,
        ...(body.sender_user_id ? { sender: { userId: body.sender_user_id } } : {}),
        ...(body.params ? { params: body.params } : {}),
      });
      return { notification_hash: result.notification_hash };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
