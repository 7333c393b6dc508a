import type { NotificationTemplate } from './notification-templates.js';

/**
 * Written reviews (issue 27 §2): the other side hears a review was written (never what it says
 * before it shows), both hear when they become visible, and the contest's decision reaches the
 * author (when removed) and the subject. Each leads to the line's page of the receiver.
 */
const pages = {
  talent: '/make-content/{module_item_id}',
  advertiser: '/manage-content/{module_item_id}',
} as const;

function both(
  type: string,
  message: (other: '{brand_name}' | '{talent_name}') => NotificationTemplate['message'],
  icon: string,
  colour: NotificationTemplate['colour'],
): NotificationTemplate[] {
  return [
    {
      role: 'talent',
      module: 'content_request',
      type: `${type}_talent`,
      item: 'content_request_influencer_id',
      message: message('{brand_name}'),
      redirection: pages.talent,
      imageKind: 'none',
      icon,
      colour,
    },
    {
      role: 'advertiser',
      module: 'content_request',
      type: `${type}_advertiser`,
      item: 'content_request_influencer_id',
      message: message('{talent_name}'),
      redirection: pages.advertiser,
      imageKind: 'none',
      icon,
      colour,
    },
  ];
}

export const reviewTemplates: NotificationTemplate[] = [
  ...both(
    'review_written',
    (other) => ({
      en: `${other} reviewed your collaboration on "{request_name}" ({request_reference}). Write your review: both show once you have.`,
      fr: `${other} a évalué votre collaboration sur « {request_name} » ({request_reference}). Écrivez votre avis : les deux s'affichent dès que c'est fait.`,
      ar: `قيّم ${other} تعاونكما في «{request_name}» ({request_reference}). اكتب تقييمك: يظهر التقييمان بمجرد أن تفعل.`,
    }),
    'bell-ringing',
    'Purple',
  ),
  ...both(
    'review_visible',
    () => ({
      en: 'A review of your collaboration on "{request_name}" ({request_reference}) is now visible.',
      fr: 'Un avis sur votre collaboration « {request_name} » ({request_reference}) est maintenant visible.',
      ar: 'أصبح تقييم تعاونك في «{request_name}» ({request_reference}) ظاهرًا الآن.',
    }),
    'circle-check',
    'Purple',
  ),
  ...both(
    'review_removed',
    () => ({
      en: 'Our team removed your review of the collaboration on "{request_name}" ({request_reference}) after it was contested.',
      fr: 'Notre équipe a retiré votre avis sur la collaboration « {request_name} » ({request_reference}) après sa contestation.',
      ar: 'أزال فريقنا تقييمك للتعاون في «{request_name}» ({request_reference}) بعد الاعتراض عليه.',
    }),
    'message-report',
    'Black',
  ),
  ...both(
    'review_contest_decided',
    () => ({
      en: 'Our team decided on your request about the review of "{request_name}" ({request_reference}). Open the collaboration to see it.',
      fr: "Notre équipe a statué sur votre demande concernant l'avis sur « {request_name} » ({request_reference}). Ouvrez la collaboration pour la voir.",
      ar: 'بتّ فريقنا في طلبك بخصوص تقييم «{request_name}» ({request_reference}). افتح التعاون للاطلاع على القرار.',
    }),
    'message-report',
    'Black',
  ),
];
