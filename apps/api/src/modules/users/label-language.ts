import type { FastifyRequest } from 'fastify';
import type { LabelLanguage } from './users.service.js';

/**
 * Category labels follow Accept-Language (en, fr, ar/tn); null when the header names none of
 * them, and the caller then falls back to the user's own language (`findLabelLanguage`).
 */
export function labelLanguageOf(request: FastifyRequest): LabelLanguage | null {
  const header = request.headers['accept-language']?.trim().toLowerCase();
  if (!header) return null;
  if (header.startsWith('ar') || header.startsWith('tn')) return 'ar';
  if (header.startsWith('fr')) return 'fr';
  if (header.startsWith('en')) return 'en';
  return null;
}
