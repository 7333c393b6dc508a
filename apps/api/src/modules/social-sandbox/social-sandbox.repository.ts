import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { socialSandboxPosts } from './social-sandbox.schema.js';

export type SandboxPost = typeof socialSandboxPosts.$inferSelect;
type Platform = SandboxPost['platform'];

export const socialSandboxRepository = {
  /** Publishes (or moves to another account, or brings back) a post of the sandbox. */
  async upsertPost(
    q: DbOrTx,
    values: { platform: Platform; accountId: string; postKey: string; publishedAt: Date },
  ): Promise<SandboxPost> {
    const [row] = await q
      .insert(socialSandboxPosts)
      .values(values)
      .onConflictDoUpdate({
        target: [socialSandboxPosts.platform, socialSandboxPosts.postKey],
        set: { accountId: values.accountId, publishedAt: values.publishedAt, deletedAt: null },
      })
      .returning();
    return row!;
  },

  async markDeleted(q: DbOrTx, platform: Platform, postKey: string, at: Date): Promise<void> {
    await q
      .update(socialSandboxPosts)
      .set({ deletedAt: at })
      .where(
        and(eq(socialSandboxPosts.platform, platform), eq(socialSandboxPosts.postKey, postKey)),
      );
  },

  /** An account's live posts, newest first. */
  async postsOf(q: DbOrTx, platform: Platform, accountId: string): Promise<SandboxPost[]> {
    return q
      .select()
      .from(socialSandboxPosts)
      .where(
        and(
          eq(socialSandboxPosts.platform, platform),
          eq(socialSandboxPosts.accountId, accountId),
          isNull(socialSandboxPosts.deletedAt),
        ),
      )
      .orderBy(desc(socialSandboxPosts.publishedAt));
  },

  async find(q: DbOrTx, platform: Platform, postKey: string): Promise<SandboxPost | undefined> {
    const [row] = await q
      .select()
      .from(socialSandboxPosts)
      .where(
        and(eq(socialSandboxPosts.platform, platform), eq(socialSandboxPosts.postKey, postKey)),
      );
    return row;
  },

  async findById(q: DbOrTx, id: number): Promise<SandboxPost | undefined> {
    const [row] = await q.select().from(socialSandboxPosts).where(eq(socialSandboxPosts.id, id));
    return row;
  },
};
