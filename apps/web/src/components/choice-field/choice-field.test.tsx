import { Modal } from '@mantine/core';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../app/test-utils';
import i18n from '../../lib/i18n';
import { ChoiceField, type ChoiceGroup, type ChoiceOption } from './choice-field';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const countries: ChoiceOption[] = [
  { value: 'FR', label: 'France' },
  { value: 'TN', label: 'Tunisia' },
  { value: 'CI', label: "Côte d'Ivoire" },
];

function Countries({
  searchable = true,
  clearable = true,
  disabled = false,
  initial = [],
  data = countries,
  onSubmit = () => {},
}: {
  searchable?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  initial?: string[];
  data?: ChoiceOption[] | ChoiceGroup[];
  onSubmit?: () => void;
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ChoiceField
        multiple
        label="Countries"
        placeholder="Search"
        data={data}
        value={value}
        onChange={setValue}
        searchable={searchable}
        clearable={clearable}
        disabled={disabled}
        nothingFoundMessage="Nothing found"
      />
      <output data-testid="value">{value.join(',')}</output>
      <button type="submit">Refine</button>
    </form>
  );
}

function SortBy() {
  const [value, setValue] = useState('followers');
  return (
    <>
      <ChoiceField
        label="Sort by"
        data={[
          { value: 'followers', label: 'Followers count' },
          { value: 'views', label: 'Average video views' },
          { value: 'engagement', label: 'Engagement rate' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = (name = 'Countries') => screen.getByRole('combobox', { name });
const chosen = () => screen.getByTestId('value').textContent;

describe('ChoiceField, multiple and searchable', () => {
  it('is a combobox named by its label, with its list in the page only while open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    const input = field();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByLabelText('Countries')).toBe(input);

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['France', 'Tunisia', "Côte d'Ivoire"]);
    expect(within(list).getByRole('option', { name: 'France' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['ArrowDown', '{ArrowDown}'],
  ])('opens on %s without submitting the form', async (_, key) => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Countries onSubmit={onSubmit} />);
    await user.tab();
    expect(field()).toHaveFocus();
    await user.keyboard(key);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ArrowDown highlights the first option, then moves and wraps; Home and End jump', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const highlighted = () =>
      document.getElementById(field().getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(highlighted()).toBe('France');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe("Côte d'Ivoire");
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('France');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe("Côte d'Ivoire");
    await user.keyboard('{Home}');
    expect(highlighted()).toBe('France');
    await user.keyboard('{End}');
    expect(highlighted()).toBe("Côte d'Ivoire");
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('CI');
  });

  it('typing filters the options and highlights the first match: "Tunisia" then Enter picks Tunisia', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Countries onSubmit={onSubmit} />);
    await user.click(field());
    await user.keyboard('tuni');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Tunisia']);
    await user.keyboard('sia{Enter}');
    expect(chosen()).toBe('TN');
    expect(onSubmit).not.toHaveBeenCalled();
    // The list stays open for more, the search is cleared and the option shows it is chosen.
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Tunisia' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Remove Tunisia' })).toBeInTheDocument();
  });

  it('matches without case or accents, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    await user.click(field());
    await user.keyboard('COTE');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      "Côte d'Ivoire",
    ]);
    await user.keyboard('zz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('');
  });

  it('a click toggles an option and keeps the list open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    await user.click(field());
    await user.click(screen.getByRole('option', { name: 'France' }));
    await user.click(screen.getByRole('option', { name: 'Tunisia' }));
    expect(chosen()).toBe('FR,TN');
    expect(field()).toHaveFocus();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'France' }));
    expect(chosen()).toBe('TN');
  });

  it('Escape closes the list and keeps the focus in the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    await user.click(field());
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveFocus();
  });

  it('in a modal (the phone drawer), Escape closes the list, not the modal', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <Modal opened onClose={onClose} title="Filters">
        <Countries />
      </Modal>,
    );
    await user.click(await screen.findByRole('combobox', { name: 'Countries' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Tab and a click elsewhere close the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries />);
    await user.click(field());
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(field());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Backspace in an empty search removes the last chosen value', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries initial={['FR', 'TN']} />);
    await user.click(field());
    await user.keyboard('x{Backspace}');
    expect(chosen()).toBe('FR,TN');
    await user.keyboard('{Backspace}');
    expect(chosen()).toBe('FR');
  });

  it('shows chosen values as pills, each with a named remove button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries initial={['FR', 'TN']} />);
    expect(field()).not.toHaveAttribute('placeholder');
    await user.click(screen.getByRole('button', { name: 'Remove France' }));
    expect(chosen()).toBe('TN');
    expect(screen.queryByRole('button', { name: 'Remove France' })).toBeNull();
  });

  it('a named button clears every chosen value and gives the focus to the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries initial={['FR', 'TN']} />);
    await user.click(screen.getByRole('button', { name: 'Clear Countries' }));
    expect(chosen()).toBe('');
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('placeholder', 'Search');
    expect(screen.queryByRole('button', { name: 'Clear Countries' })).toBeNull();
  });

  it('has no clear button unless clearable', () => {
    renderWithProviders(<Countries initial={['FR']} clearable={false} />);
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
  });

  it('names its buttons in the interface language', async () => {
    renderWithProviders(<Countries initial={['FR']} />);
    await act(() => i18n.changeLanguage('tn'));
    expect(await screen.findByRole('button', { name: 'إزالة France' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'مسح الكل: Countries' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByRole('button', { name: 'Retirer France' })).toBeInTheDocument();
  });

  it('disabled: neither opens nor removes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Countries initial={['FR']} disabled />);
    expect(field()).toBeDisabled();
    await user.click(field());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove France' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear Countries' })).toBeNull();
  });

  it('shows grouped options under their headings, and the group in the pill', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Countries
        data={[
          { group: 'Woman', items: [{ value: 'F:18', label: '18-25' }] },
          { group: 'Man', items: [{ value: 'M:18', label: '18-25' }] },
        ]}
      />,
    );
    await user.click(field());
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(2);
    expect(
      within(screen.getByRole('group', { name: 'Man' })).getByRole('option'),
    ).toHaveTextContent('18-25');
    await user.click(within(screen.getByRole('group', { name: 'Man' })).getByRole('option'));
    expect(chosen()).toBe('M:18');
    expect(screen.getByRole('button', { name: 'Remove Man 18-25' })).toBeInTheDocument();
  });
});

describe('ChoiceField, multiple and plain (read-only)', () => {
  it('opens on Enter and Space, and Space toggles the highlighted option', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Countries searchable={false} onSubmit={onSubmit} />);
    await user.tab();
    expect(field()).not.toHaveAttribute('aria-autocomplete');
    expect(field()).toHaveAttribute('readonly');
    await user.keyboard('{Enter}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown} ');
    expect(chosen()).toBe('FR');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen()).toBe('FR,TN');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Escape}{Backspace}');
    expect(chosen()).toBe('FR');
  });
});

describe('ChoiceField, single (Sort by)', () => {
  it('shows its value, picks on click and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SortBy />);
    const input = field('Sort by');
    expect(input).toHaveValue('Followers count');
    await user.click(input);
    const list = screen.getByRole('listbox', { name: 'Sort by' });
    expect(list).not.toHaveAttribute('aria-multiselectable');
    expect(within(list).getByRole('option', { name: 'Followers count' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(list).getByRole('option', { name: 'Engagement rate' }));
    expect(chosen()).toBe('engagement');
    expect(input).toHaveValue('Engagement rate');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on Space with the chosen option highlighted; Enter picks and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SortBy />);
    await user.tab();
    await user.keyboard(' ');
    const input = field('Sort by');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)).toHaveTextContent(
      'Followers count',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen()).toBe('views');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
    // Choosing the chosen option again keeps it (no deselect).
    await user.keyboard('{Enter}{Enter}');
    expect(chosen()).toBe('views');
    // Backspace does nothing to a single value.
    await user.keyboard('{Backspace}');
    expect(chosen()).toBe('views');
  });
});
