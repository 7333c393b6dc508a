import {
  businessSettingParamsSchema,
  businessSettingResponseSchema,
  businessSettingsAuditQuerySchema,
  businessSettingsAuditResponseSchema,
  businessSettingsResponseSchema,
  updateBusinessSettingBodySchema,
  type BusinessSetting,
  type BusinessSettingChange,
} from '@clipmarket/contracts/settings';
import { definitionOf } from '@clipmarket/contracts/business-settings';
import type { Db } from '../../platform/db/client.js';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { SettingChangeRow } from './settings.repository.js';
import type { SettingsService, SettingView } from './settings.service.js';

const tags = ['settings'];

function toSettingDto(view: SettingView): BusinessSetting {
  const definition = definitionOf(view.key);
  return {
    key: view.key,
    unit: definition.unit,
    value: view.value,
    default: definition.default,
    min: definition.min,
    max: definition.max,
    is_default: view.value === definition.default,
    updated_at: view.override?.updatedAt.toISOString() ?? null,
    updated_by_user_id: view.override?.updatedByUserId ?? null,
  };
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

function toChangeDto(row: SettingChangeRow): BusinessSettingChange {
  return {
    id: row.id,
    key: row.key,
    old_value: numberOrNull(row.oldValue),
    new_value: numberOrNull(row.newValue) ?? 0,
    changed_by_user_id: row.changedByUserId,
    changed_at: row.changedAt.toISOString(),
  };
}

/** Admin-only: read and change the business settings, and see who changed what (ADR 011). */
export function createSettingsRoutes(service: SettingsService, db: Db): ModuleRoutes {
  return async (app) => {
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.get(
      '/admin/settings',
      {
        ...admin,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Every business setting with its value, default, bounds and last change',
          response: { 200: businessSettingsResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: (await service.list(db)).map(toSettingDto) }),
    );

    app.get(
      '/admin/settings/audit',
      {
        ...admin,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Recent changes of the business settings, newest first',
          querystring: businessSettingsAuditQuerySchema,
          response: { 200: businessSettingsAuditResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await service.listChanges(db, {
          key: request.query.key,
          beforeId: request.query.before_id,
          limit: request.query.limit,
        });
        return { data: { items: page.items.map(toChangeDto), next_before_id: page.nextBeforeId } };
      },
    );

    app.put(
      '/admin/settings/:key',
      {
        ...admin,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Changes one business setting (within its bounds); the change is audited',
          params: businessSettingParamsSchema,
          body: updateBusinessSettingBodySchema,
          response: { 200: businessSettingResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const view = await service.change(db, {
          key: request.params.key,
          value: request.body.value,
          userId: currentUser(request).userId,
        });
        return { data: toSettingDto(view) };
      },
    );
  };
}
