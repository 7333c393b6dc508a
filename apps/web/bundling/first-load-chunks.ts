import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

/** Chunks of one build, as Rolldown returns them. */
type OutputChunk = Rolldown.OutputChunk;

/** A `build.rolldownOptions.output.codeSplitting.groups` entry. */
export interface ChunkGroup {
  debugName: string;
  name: (moduleId: string) => string | null;
  includeDependenciesRecursively: boolean;
}

type Screens = Readonly<Record<string, readonly string[]>>;

/**
 * Which group each module of a first screen's shared chunks goes to, read off one build's
 * chunks. A chunk that the entry loads stays as it is (it is on every page already); so do
 * lazy chunks themselves (pages, catalogs). Every other chunk that a root's chunk imports,
 * directly or not, is named after the set of roots that load it, and its modules go there.
 *
 * `secondaryScreens` are first screens reached from outside the app (a creator's public media
 * kit, opened from a link shared on a social app): they get chunks of their own without
 * reshaping the main screens' much. What such a screen loads that no main screen does goes to
 * a group named after it. Of a main screens' group it uses a part of, it takes the whole group
 * unless that part is under a quarter of it: a cut costs each main screen that loads the group
 * one more file and some compression (~1 KB gzip for a group of 10), worth it only when the
 * secondary screen would otherwise download mostly code it does not run. Such a part becomes a
 * group of its own (`brand-home-creator-home-public-kit`), loaded by the main screens beside
 * the rest. A secondary screen can also be an entry (an HTML page of the build): its static
 * imports are then its first load, the chunks it shares with the main entry stay shared, and
 * it always cuts the parts it uses out of the main screens' groups (a whole group would bring
 * the main entry's chunk, which these groups import).
 */
export function planFirstLoadChunks(
  chunks: readonly OutputChunk[],
  screens: Screens,
  secondaryScreens: Screens = {},
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (start: OutputChunk) => {
    const seen = new Set<string>();
    const stack = [start.fileName];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };

  // A secondary screen may be an entry of its own (the public media kit's media-kit.html): what
  // it loads is on its page only, not on every page.
  const secondaryModules = new Set(Object.values(secondaryScreens).flat());
  const onEveryPage = new Set<string>();
  for (const chunk of chunks) {
    if (!chunk.isEntry || secondaryModules.has(chunk.facadeModuleId ?? '')) continue;
    for (const file of staticClosure(chunk)) onEveryPage.add(file);
  }

  /** The chunks a screen loads besides the entry's, the lazy ones excepted. */
  const sharedFilesOf = (moduleIds: readonly string[]) => {
    const files = new Set<string>();
    for (const moduleId of moduleIds) {
      const rootChunk = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
      if (!rootChunk) throw new Error(`first-load chunks: no lazy chunk for ${moduleId}`);
      for (const file of staticClosure(rootChunk)) files.add(file);
    }
    return [...files].filter((file) => {
      const chunk = byFile.get(file)!;
      return !(onEveryPage.has(file) || chunk.isEntry || chunk.isDynamicEntry);
    });
  };

  const loadedBy = new Map<string, string[]>();
  for (const [screen, moduleIds] of Object.entries(screens)) {
    for (const file of sharedFilesOf(moduleIds)) {
      loadedBy.set(file, [...(loadedBy.get(file) ?? []), screen]);
    }
  }

  const groupOf = new Map<string, string>();
  for (const [file, names] of loadedBy) {
    for (const moduleId of byFile.get(file)!.moduleIds) groupOf.set(moduleId, names.join('-'));
  }

  const sizeOf = new Map<string, number>();
  for (const chunk of chunks) {
    for (const moduleId of chunk.moduleIds) {
      sizeOf.set(moduleId, chunk.modules[moduleId]?.renderedLength ?? 0);
    }
  }
  const sizeOfAll = (moduleIds: Iterable<string>) =>
    [...moduleIds].reduce((sum, moduleId) => sum + (sizeOf.get(moduleId) ?? 0), 0);
  const isEntry = (moduleId: string) =>
    chunks.some((chunk) => chunk.isEntry && chunk.facadeModuleId === moduleId);
  for (const [screen, moduleIds] of Object.entries(secondaryScreens)) {
    // A main screens' group imports the main entry's chunk (Mantine, the app's shell): an entry
    // of its own that took a whole group would download the app it was made to leave out.
    const alwaysCut = moduleIds.some(isEntry);
    const usedByGroup = new Map<string, string[]>();
    for (const file of sharedFilesOf(moduleIds)) {
      for (const moduleId of byFile.get(file)!.moduleIds) {
        const group = groupOf.get(moduleId);
        if (group === undefined) groupOf.set(moduleId, screen);
        else usedByGroup.set(group, [...(usedByGroup.get(group) ?? []), moduleId]);
      }
    }
    for (const [group, used] of usedByGroup) {
      const whole = [...groupOf].filter(([, name]) => name === group).map(([id]) => id);
      if (!alwaysCut && 4 * sizeOfAll(used) >= sizeOfAll(whole)) continue;
      for (const moduleId of used) groupOf.set(moduleId, `${group}-${screen}`);
    }
  }
  return groupOf;
}

/**
 * Chunks planned for the first screens (ADR 028). Left to itself the bundler puts the code
 * shared between lazy pages in one chunk per sharing pattern: a signed-in home fetched ~75
 * files, most of 1–2 KB, and on HTTP/1.1 (six connections per host) each one waits its turn,
 * about a round trip on a phone network. So the build runs twice: a first pass (not written)
 * shows which chunks each first screen (`roots`: the shell, the homes, the login page) loads
 * besides the entry's; the real build then merges them into one chunk per set of screens
 * that load them. A screen fetches what it fetched before, in a handful of files; later pages
 * import from these chunks what they share with a first screen.
 */
export async function firstLoadChunkGroup(
  config: InlineConfig & { root: string },
  screens: Screens,
  secondaryScreens: Screens = {},
): Promise<ChunkGroup> {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((result) =>
    result.output.filter((item): item is OutputChunk => item.type === 'chunk'),
  );
  const absolute = (list: Screens) =>
    Object.fromEntries(
      Object.entries(list).map(([name, files]) => [
        name,
        files.map((file) => path.resolve(config.root, file)),
      ]),
    );
  const groupOf = planFirstLoadChunks(chunks, absolute(screens), absolute(secondaryScreens));
  return {
    debugName: 'first-load',
    name: (moduleId) => groupOf.get(moduleId) ?? null,
    // Only the planned modules move: the entry's stay in the entry's chunk.
    includeDependenciesRecursively: false,
  };
}
