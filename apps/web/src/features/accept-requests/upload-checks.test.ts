import { describe, expect, it } from 'vitest';
import { lengthWarning, sizeLabel } from './upload-checks';

describe('upload checks', () => {
  it('shows a size that reads: bytes, kilobytes, megabytes', () => {
    expect(sizeLabel(0)).toEqual({ key: 'upload.sizeBytes', count: 0 });
    expect(sizeLabel(6)).toEqual({ key: 'upload.sizeBytes', count: 6 });
    expect(sizeLabel(1023)).toEqual({ key: 'upload.sizeBytes', count: 1023 });
    expect(sizeLabel(1024)).toEqual({ key: 'upload.sizeKb', size: 1 });
    expect(sizeLabel(740 * 1024)).toEqual({ key: 'upload.sizeKb', size: 740 });
    expect(sizeLabel(12.5 * 1024 * 1024)).toEqual({ key: 'upload.size', size: 12.5 });
  });

  it('warns of a video far shorter or longer than the length ordered', () => {
    expect(lengthWarning(8, 30)).toBe('shorter');
    expect(lengthWarning(25, 30)).toBeNull();
    expect(lengthWarning(30, 30)).toBeNull();
    expect(lengthWarning(36, 30)).toBeNull();
    expect(lengthWarning(40, 30)).toBe('longer');
    expect(lengthWarning(null, 30)).toBeNull();
    expect(lengthWarning(8, null)).toBeNull();
    expect(lengthWarning(Number.POSITIVE_INFINITY, 30)).toBeNull();
  });
});
