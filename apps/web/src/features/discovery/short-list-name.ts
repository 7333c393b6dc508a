import { SHORT_LIST_NAME_MAX } from '@clipmarket/contracts/discovery-limits';
import { ApiError } from '../../lib/api-client';

export { SHORT_LIST_NAME_MAX };

export type ShortListNameProblem = 'required' | 'tooLong' | 'taken';

/** What is wrong with a shortlist name before sending it, or null. */
export function checkShortListName(name: string): ShortListNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > SHORT_LIST_NAME_MAX) return 'tooLong';
  return null;
}

/** NAME_TAKEN belongs under the name field; other failures are shown as they come. */
export const isNameTaken = (error: unknown) =>
  error instanceof ApiError && error.code === 'NAME_TAKEN';
