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

/**
 * Which group each module of a first screen's shared chunks goes to, read off one build's
 * chunks. A chunk that the entry loads stays as it is (it is on every page already); so do
 * lazy chunks themselves (pages, catalogs). Every other chunk that a root's chunk imports,
 * directly or not, is named after the set of roots that load it, and its modules go there.
 */
export function planFirstLoadChunks(
  chunks: readonly OutputChunk[],
  screens: Readonly<Record<string, readonly string[]>>,
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

  const onEveryPage = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.isEntry) for (const file of staticClosure(chunk)) onEveryPage.add(file);
  }

  const loadedBy = new Map<string, string[]>();
  for (const [screen, moduleIds] of Object.entries(screens)) {
    const files = new Set<string>();
    for (const moduleId of moduleIds) {
      const lazyChunk = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
      if (!lazyChunk) throw new Error(`first-load chunks: no lazy chunk for ${moduleId}`);
      for (const file of staticClosure(lazyChunk)) files.add(file);
    }
    for (const file of files) {
      const chunk = byFile.get(file)!;
      if (onEveryPage.has(file) || chunk.isEntry || chunk.isDynamicEntry) continue;
      loadedBy.set(file, [...(loadedBy.get(file) ?? []), screen]);
    }
  }

  const groupOf = new Map<string, string>();
  for (const [file, names] of loadedBy) {
    for (const moduleId of byFile.get(file)!.moduleIds) groupOf.set(moduleId, names.join('-'));
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
  screens: Readonly<Record<string, readonly string[]>>,
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
  const absolute = Object.fromEntries(
    Object.entries(screens).map(([name, files]) => [
      name,
      files.map((file) => path.resolve(config.root, file)),
    ]),
  );
  const groupOf = planFirstLoadChunks(chunks, absolute);
  return {
    debugName: 'first-load',
    name: (moduleId) => groupOf.get(moduleId) ?? null,
    // Only the planned modules move: the entry's stay in the entry's chunk.
    includeDependenciesRecursively: false,
  };
}
