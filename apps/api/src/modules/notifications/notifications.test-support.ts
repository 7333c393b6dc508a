// Test-only helpers: people created straight in the users tables, as the brief asks, so the
// notification tests depend on no other module's endpoints.
import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '@clipmarket/contracts/enums';
import { uniqueEmail, type TestContext } from '../../test/harness.js';
import { advertisers, influencers, users } from '../users/users.schema.js';

export interface TestPerson {
  userId: number;
  profileId: number;
  email: string;
  role: Role;
  token: string;
}

export async function createPerson(
  ctx: TestContext,
  options: {
    role: Role;
    language?: 'en' | 'fr' | 'tn';
    name?: string;
    allowNotifications?: 'Y' | 'N';
    allowEmails?: 'Y' | 'N';
  },
): Promise<TestPerson> {
  const { db } = ctx.database;
  const email = uniqueEmail(`notif-${options.role.toLowerCase()}`);
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-real-hash',
      role: options.role,
      isVerified: true,
      language: options.language ?? 'en',
    })
    .returning({ id: users.id });
  const userId = user!.id;
  let profileId = userId;
  const preferences = {
    allowNotifications: options.allowNotifications ?? 'Y',
    allowEmails: options.allowEmails ?? 'Y',
  };
  if (options.role === 'BRAND' || options.role === 'AGENCY') {
    const [row] = await db
      .insert(advertisers)
      .values({ userId, name: options.name ?? 'Délice', firstName: 'Amel', ...preferences })
      .returning({ id: advertisers.id });
    profileId = row!.id;
  } else if (options.role === 'TALENT') {
    const [row] = await db
      .insert(influencers)
      .values({
        userId,
        influencerName: options.name ?? 'sami.creates',
        igUsername: options.name ?? 'sami.creates',
        firstName: 'Sami',
        lastName: 'Ben Ali',
        ...preferences,
      })
      .returning({ id: influencers.id });
    profileId = row!.id;
  }
  const token = await ctx.tokens.signAccessToken({ userId, role: options.role });
  return { userId, profileId, email, role: options.role, token };
}

export function readOutbox(ctx: TestContext): string[] {
  const dir = path.join(ctx.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
