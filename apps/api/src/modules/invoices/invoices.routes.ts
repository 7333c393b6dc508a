import {
  invoiceParamsSchema,
  invoicePdfQuerySchema,
  invoicesQuerySchema,
  invoicesResponseSchema,
} from '@clipmarket/contracts/invoices';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { renderInvoicePdf } from './invoices.pdf.js';
import type { InvoicesService } from './invoices.service.js';

const tags = ['invoices'];

export function createInvoicesRoutes(service: InvoicesService, db: Db): ModuleRoutes {
  return async (app) => {
    app.get(
      '/invoices',
      {
        preHandler: app.requireRole('BRAND', 'AGENCY'),
        schema: {
          tags,
          security: bearerSecurity,
          summary: "The caller's invoices, newest first (`before_id` pages on)",
          querystring: invoicesQuerySchema,
          response: { 200: invoicesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await service.listForOwner(db, {
          ownerUserId: currentUser(request).userId,
          beforeId: request.query.before_id,
          limit: request.query.limit,
        });
        return {
          data: {
            items: page.items.map((row) => ({
              invoice_id: row.id,
              number: row.number,
              issued_at: row.issuedAt.toISOString(),
              label: row.label,
              line_label: row.priced.lines[0]?.label ?? null,
              line_count: row.priced.lines.length,
              purchase_kind: row.purchaseKind,
              total: row.total,
              einvoice: row.submission
                ? { state: row.submission.state, reference: row.submission.reference }
                : null,
            })),
            next_before_id: page.nextBeforeId,
          },
        };
      },
    );

    app.get(
      '/invoices/:invoice_id/pdf',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary:
            "An invoice as a PDF, in its owner's language unless `lang` asks for another; " +
            'its owner or an admin only (anyone else: 404)',
          params: invoiceParamsSchema,
          querystring: invoicePdfQuerySchema,
          response: errorResponses,
        },
      },
      async (request, typedReply) => {
        // The body is the PDF's bytes, streamed: the plain reply type, not the schema's.
        const reply = typedReply as FastifyReply;
        const auth = currentUser(request);
        const invoice = await service.getReadable(
          db,
          { userId: auth.userId, role: auth.role },
          request.params.invoice_id,
        );
        const pdf = renderInvoicePdf(invoice, request.query.lang ?? invoice.language);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.get(
      '/invoices/:invoice_id/teif.xml',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary:
            'An invoice as TEIF 1.8.8 XML (El Fatoora), unsigned, checked against the schema; ' +
            'its owner or an admin only (anyone else: 404)',
          params: invoiceParamsSchema,
          response: errorResponses,
        },
      },
      async (request, typedReply) => {
        // The body is the file's text, not a JSON answer of the schema.
        const reply = typedReply as FastifyReply;
        const auth = currentUser(request);
        const { invoice, xml } = await service.getTeifFile(
          db,
          { userId: auth.userId, role: auth.role },
          request.params.invoice_id,
        );
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="TEIF_${invoice.number}.xml"`)
          .header('cache-control', 'private, no-store')
          .send(xml);
      },
    );
  };
}
