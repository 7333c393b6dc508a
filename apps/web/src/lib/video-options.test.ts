import {
  PRODUCT_IMAGES_MAX as contractImagesMax,
  timeSlots as contractSlots,
  videoDurations as contractDurations,
  videoFormats as contractFormats,
} from '@clipmarket/contracts/content-requests';
import { platforms } from '@clipmarket/contracts/enums';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_IMAGES_MAX,
  requestPlatforms,
  timeSlots,
  videoDurations,
  videoFormats,
} from './video-options';

describe('the request screens’ lists', () => {
  it('are the contracts’ lists', () => {
    expect(videoDurations).toEqual(contractDurations);
    expect(videoFormats).toEqual(contractFormats);
    expect(requestPlatforms).toEqual(platforms);
    expect(PRODUCT_IMAGES_MAX).toBe(contractImagesMax);
    expect(timeSlots).toEqual(contractSlots);
    expect(timeSlots).toContain('12:30');
  });
});
