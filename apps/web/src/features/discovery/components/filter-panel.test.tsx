import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { useMe } from '../../../lib/me';
import { emptyFilters, type DiscoveryFilters } from '../filter-state';
import { discoveryApi, openOptions } from '../test-data';
import { FilterPanel } from './filter-panel';

/** The page's part: it keeps the filters the panel edits. */
function Harness({
  initialFilters = emptyFilters,
  onRefine,
  onChange,
  onReset,
}: {
  initialFilters?: DiscoveryFilters;
  onRefine: (filters: DiscoveryFilters) => void;
  onChange?: (filters: DiscoveryFilters) => void;
  onReset?: () => void;
}) {
  const [filters, setFilters] = useState(initialFilters);
  return (
    <FilterPanel
      filters={filters}
      onChange={(next) => {
        setFilters(next);
        onChange?.(next);
      }}
      onRefine={onRefine}
      onReset={() => {
        setFilters(emptyFilters);
        onReset?.();
      }}
    />
  );
}

/** Shows the role once the signed-in user is known, as the panel reads it. */
function SignedInRole() {
  const me = useMe();
  return me.data ? <p>signed in as {me.data.role}</p> : null;
}

function mockReferenceApi(role: 'BRAND' | 'TALENT' = 'BRAND') {
  return mockApi(
    discoveryApi(
      { 'GET /country/states/FR': { body: { data: [{ isoCode: 'IDF', name: 'Paris' }] } } },
      role,
    ),
  );
}

/** The pills a multi-select field shows for its chosen values. */
function chosenValues(label: string) {
  const input = screen.getByRole('combobox', { name: label });
  const root = input.closest('.choice-field') as HTMLElement;
  return [...root.querySelectorAll('.choice-field-pill-label')].map((pill) => pill.textContent);
}

describe('FilterPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is for advertisers only', async () => {
    const calls = mockReferenceApi('TALENT');
    renderWithProviders(
      <>
        <Harness onRefine={() => {}} />
        <SignedInRole />
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/user/getMe')).toBe(true));
    // The panel has rendered with the same answer (one query, one commit).
    expect(await screen.findByText('signed in as TALENT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(calls.some((c) => c.path === '/reference/enums')).toBe(false);
  });

  it('collapses and expands on a click on its header', async () => {
    mockReferenceApi();
    renderWithProviders(<Harness onRefine={() => {}} />);
    const header = await screen.findByRole('button', { name: /Filters/ });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Refine' })).toBeInTheDocument();
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refine' })).toBeNull());
    await userEvent.click(header);
    expect(await screen.findByRole('button', { name: 'Refine' })).toBeInTheDocument();
  });

  it('rebuilds the age options when the gender changes', async () => {
    mockReferenceApi();
    const onRefine = vi.fn<(filters: DiscoveryFilters) => void>();
    renderWithProviders(<Harness onRefine={onRefine} />);
    await screen.findByRole('checkbox', { name: 'Female' });

    // No gender: one flat list of ages.
    let listbox = await openOptions('Age');
    expect(within(listbox).queryByText('Woman')).toBeNull();
    await userEvent.click(within(listbox).getByRole('option', { name: '18-25' }));
    expect(chosenValues('Age')).toEqual(['18-25']);

    // A gender is chosen: ages are grouped and the chosen age now means "women 18-25".
    await userEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    listbox = await openOptions('Age');
    expect(within(listbox).getByText('Woman')).toBeInTheDocument();
    expect(within(listbox).queryByText('Man')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Male' }));
    listbox = await openOptions('Age');
    expect(within(listbox).getByText('Man')).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option', { name: '25-35' })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(
      expect.objectContaining({ gender: ['F', 'M'], age: ['F:18-25'] }),
    );

    // Unticking Female drops the women's ages.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    expect(chosenValues('Age')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(expect.objectContaining({ gender: ['M'], age: [] }));
  });

  it('loads the cities of each chosen country and drops them with the country', async () => {
    const calls = mockReferenceApi();
    const onRefine = vi.fn<(filters: DiscoveryFilters) => void>();
    renderWithProviders(<Harness onRefine={onRefine} />);
    await screen.findByRole('checkbox', { name: 'Female' });

    const countries = await openOptions('Country of residence');
    await userEvent.click(await within(countries).findByRole('option', { name: /Tunisia/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const cities = await openOptions('Cities in Tunisia');
    await userEvent.click(await within(cities).findByRole('option', { name: 'Sfax' }));
    expect(calls.some((c) => c.path === '/country/states/TN')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(
      expect.objectContaining({ residence: ['TN'], city: { TN: ['Sfax'] } }),
    );

    // Another country: its own list; Tunisia gone, its cities with it.
    const input = screen.getByRole('combobox', { name: 'Country of residence' });
    await userEvent.click(input);
    await userEvent.keyboard('{Backspace}');
    const next = await openOptions('Country of residence');
    await userEvent.click(await within(next).findByRole('option', { name: /France/ }));
    expect(await screen.findByRole('combobox', { name: 'Cities in France' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Cities in Tunisia' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === '/country/states/FR')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(
      expect.objectContaining({ residence: ['FR'], city: {} }),
    );
  });

  it('resets every filter with "Reset all filters"', async () => {
    mockReferenceApi();
    const onRefine = vi.fn<(filters: DiscoveryFilters) => void>();
    const onReset = vi.fn();
    const onChange = vi.fn<(filters: DiscoveryFilters) => void>();
    renderWithProviders(
      <Harness
        onRefine={onRefine}
        onReset={onReset}
        onChange={onChange}
        initialFilters={{ ...emptyFilters, platform: 'tiktok', categories: [2] }}
      />,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Male' }));
    const listbox = await openOptions('Age');
    await userEvent.click(within(listbox).getByRole('option', { name: '45+' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        platform: 'tiktok',
        categories: [2],
        gender: ['M'],
        age: ['M:45+'],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reset all filters' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('checkbox', { name: 'Male' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Instagram' })).toBeChecked();
    expect(chosenValues('Age')).toEqual([]);
    expect(chosenValues('Categories')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(emptyFilters);
  });

  it('sends the name search, the country of origin and the order with Refine', async () => {
    mockReferenceApi();
    const onRefine = vi.fn<(filters: DiscoveryFilters) => void>();
    renderWithProviders(<Harness onRefine={onRefine} />);
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Name or username' }),
      'sami',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const origins = await openOptions('Country of origin');
    await userEvent.click(await within(origins).findByRole('option', { name: /France/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Engagement rate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(onRefine).toHaveBeenLastCalledWith(
      expect.objectContaining({ q: 'sami', origin: ['FR'], order_by: 'engagement_rate' }),
    );
  });

  it('shows what it is given above the filters and under the buttons', async () => {
    mockReferenceApi();
    renderWithProviders(
      <FilterPanel
        filters={emptyFilters}
        onChange={() => {}}
        onRefine={() => {}}
        onReset={() => {}}
        status={<p>Quota here</p>}
        footer={<p>History here</p>}
      />,
    );
    expect(await screen.findByText('Quota here')).toBeInTheDocument();
    expect(screen.getByText('History here')).toBeInTheDocument();
  });
});
