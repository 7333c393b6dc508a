import { apiRequest } from '../../../lib/api-client';
import { readTokens } from '../../../lib/session';

/**
 * POST /v2/auth/logout revokes the refresh token on the server. The local session is
 * cleared by the caller whatever the answer: logging out never fails for the user.
 */
export async function logout(): Promise<void> {
  const refreshToken = readTokens()?.refreshToken;
  if (!refreshToken) return;
  try {
    await apiRequest('/auth/logout', { method: 'POST', body: { refreshToken } });
  } catch {
    // Offline or already revoked: the token dies with the local session anyway.
  }
}
