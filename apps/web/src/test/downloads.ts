import { vi } from 'vitest';

/**
 * Captures the files a page saves (lib/download-file.ts: a Blob behind an object URL, clicked
 * on a temporary link) instead of letting jsdom navigate: each file's name and content.
 * `restore` puts the link's click back.
 */
export function captureDownloads() {
  const saved: Array<{ filename: string; blob: Blob }> = [];
  let last: Blob | null = null;
  const createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:test-download';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) saved.push({ filename: this.download, blob: last });
  });
  return {
    saved,
    /** A saved file's text as its bytes say, the byte-order mark kept. */
    textOf: async (blob: Blob) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer()),
    restore: () => click.mockRestore(),
  };
}
