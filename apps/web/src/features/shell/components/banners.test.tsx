import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/test-utils';
import { parseAppEnvironment } from '../../../lib/config';
import { defaultFeatureFlags, parseFlag } from '../../../lib/feature-flags';
import { DemoMarker } from './demo-marker';
import { EnvironmentBanner } from './environment-banner';
import { IncompleteProfileBanner } from './incomplete-profile-banner';

describe('shell banners', () => {
  afterEach(cleanup);

  it('marks staging builds with a banner and a frame', () => {
    const { container } = renderWithProviders(<EnvironmentBanner />);
    expect(screen.getByRole('note')).toHaveTextContent('Staging environment');
    expect(container.ownerDocument.querySelector('.environment-frame')).not.toBeNull();
  });

  it('marks the demo with a strip the page makes room for, removed with it', () => {
    const { unmount } = renderWithProviders(<DemoMarker />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Demosample accounts and test payments, nothing here is real',
    );
    expect(document.documentElement.dataset.appEnv).toBe('demo');
    unmount();
    expect(document.documentElement.dataset.appEnv).toBeUndefined();
  });

  it('asks for the missing profile info and opens settings', async () => {
    const onComplete = vi.fn();
    renderWithProviders(<IncompleteProfileBanner onComplete={onComplete} />);
    expect(screen.getByText('Please fill in your info!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete profile' }));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
});

describe('build settings', () => {
  it('knows staging and the demo only when VITE_APP_ENV says so', () => {
    expect(parseAppEnvironment('staging')).toBe('staging');
    expect(parseAppEnvironment('demo')).toBe('demo');
    expect(parseAppEnvironment(undefined)).toBe('production');
    expect(parseAppEnvironment('prod')).toBe('production');
  });

  it('has the spec feature flags by default (campaigns on since they exist), switchable by env', () => {
    expect(defaultFeatureFlags).toEqual({
      chat: false,
      shortlist: true,
      campaign: true,
      feedback: false,
      contact: true,
    });
    expect(parseFlag('true', false)).toBe(true);
    expect(parseFlag('0', true)).toBe(false);
    expect(parseFlag('maybe', true)).toBe(true);
    expect(parseFlag(undefined, false)).toBe(false);
  });
});
