import {
  contentRequestLinePart1Transitions,
  contentRequestLineProcess,
  type ContentRequestLineTransition,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { Caller, UsersForRequests } from './content-requests.ports.js';
import { contentRequestsRepository as repository } from './content-requests.repository.js';
import type { RequestViews } from './content-requests.views.js';

const part1 = new Set<string>(contentRequestLinePart1Transitions);
/** Part-2 steps the generic transitions route also takes (the others have routes of their own). */
const genericPart2 = new Set<string>(['dispute']);
/** Where the other steps are taken, for the 409 of the generic route. */
const routeOfStep: Partial<Record<string, string>> = {
  submit: 'upload the video (POST /v2/content-videos/uploads)',
  approve: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  debrief: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  reject: 'review the video (POST /v2/content-request-influencers/{id}/review)',
  mark_paid: 'pay the content fee (POST /v2/content-request-influencers/{id}/payment)',
  submit_link: 'submit the links (POST /v2/content-request-influencers/{id}/links)',
};

/**
 * The steps a line's parties take on the generic route (part 1: accept, decline, cancel; and
 * `dispute`), with the checks the engine cannot make (a creator accepts once validated and with
 * financial info), and `submit` once the creator's video is ready (the videos module's port).
 */
export function createLineSteps(deps: {
  db: Db;
  workflow: Workflow;
  users: UsersForRequests;
  views: Pick<RequestViews, 'findPartyLine' | 'lineView'>;
}) {
  const { db, workflow, users } = deps;
  const { findPartyLine, lineView } = deps.views;

  return {
    /**
     * The content-videos module's port (`LinesForVideos.submitVideo`): `submit` as the line's creator once its video is
     * ready, when the line still waits for one (accepted or debriefed); false otherwise. `q`
     * lets the video become ready in the same transaction.
     */
    async submitVideo(lineId: number, creatorUserId: number, q: DbOrTx = db): Promise<boolean> {
      const line = await repository.findLine(q, lineId);
      if (!line || line.influencerUserId !== creatorUserId) return false;
      try {
        await workflow.apply(q, {
          process: contentRequestLineProcess,
          subjectId: lineId,
          transition: 'submit',
          actor: { role: 'TALENT', userId: creatorUserId },
        });
        return true;
      } catch (error) {
        // Not waiting for a video (submitted already, expired, cancelled): the engine refuses
        // the step; the video stays, the line is not submitted.
        if (error instanceof AppError && error.code === 'INVALID_TRANSITION') return false;
        throw error;
      }
    },

    /** A part-1 transition by the line's creator or advertiser; answers the line after it. */
    async transition(
      caller: Caller,
      lineId: number,
      body: { transition: string; reason?: string | undefined },
    ) {
      const { line, side } = await findPartyLine(db, caller, lineId);
      const name = body.transition as ContentRequestLineTransition;
      if (!Object.hasOwn(contentRequestLineProcess.transitions, name)) {
        throw new AppError('VALIDATION_FAILED', 'Unknown step', [
          { field: 'transition', message: `“${body.transition}” is not a step of a request` },
        ]);
      }
      if (!part1.has(name) && !genericPart2.has(name)) {
        throw new AppError(
          'INVALID_TRANSITION',
          `“${name}” is not taken here: ${routeOfStep[name] ?? 'the team takes it'}.`,
        );
      }
      if (name === 'accept' && side === 'creator') {
        const [creator] = (await users.describeRequestCreators(db, [line.influencerId])).values();
        if (!creator?.isValidated) {
          throw new AppError(
            'ACCOUNT_NOT_VALIDATED',
            'Your account is not validated yet: you can accept requests once our team has checked it.',
          );
        }
        if (!(await users.hasCompleteFinancialInfo(db, caller.userId))) {
          throw new AppError(
            'FINANCIAL_INFO_REQUIRED',
            'Please complete your financial info (payment method, account number and CIN) before accepting a request.',
          );
        }
      }
      await workflow.apply(db, {
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: name,
        actor: { role: caller.role, userId: caller.userId },
        reason: body.reason ?? null,
      });
      return lineView(db, caller, lineId);
    },
  };
}
