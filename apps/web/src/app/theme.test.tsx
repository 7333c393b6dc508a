import { Modal, MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { renderWithProviders } from './test-utils';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const sectors = ['Fashion', 'Food', 'Travel'];

function SectorSelect({ searchable }: { searchable: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Select
        label="Sector"
        data={sectors}
        value={value}
        onChange={setValue}
        searchable={searchable}
      />
      <output data-testid="value">{value ?? ''}</output>
    </form>
  );
}

function SectorsMultiSelect({
  searchable,
  onSubmit,
}: {
  searchable: boolean;
  onSubmit: () => void;
}) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <MultiSelect
        label="Sectors"
        data={sectors}
        value={value}
        onChange={setValue}
        searchable={searchable}
      />
      <output data-testid="value">{value.join(',')}</output>
    </form>
  );
}

describe('searchable selects (theme defaults, issue 8)', () => {
  it('a searchable select picks the highlighted option on Enter: typing "Food" then Enter chooses Food', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SectorSelect searchable />);
    await user.click(screen.getByRole('combobox', { name: 'Sector' }));
    await user.keyboard('Food{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Food');
  });

  it('a searchable multi-select picks the highlighted option on Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SectorsMultiSelect searchable onSubmit={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'Sectors' }));
    await user.keyboard('Trav{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Travel');
  });
});

describe('dropdowns open on Enter and on Space (theme defaults, issue 8)', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('a closed searchable select opens on %s', async (_, key) => {
    const user = userEvent.setup();
    renderWithProviders(<SectorSelect searchable />);
    const field = screen.getByRole('combobox', { name: 'Sector' });
    await user.click(field);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    await user.keyboard(key);
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('option', { name: 'Food' })).toBeInTheDocument();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('a plain select opens on %s', async (_, key) => {
    const user = userEvent.setup();
    renderWithProviders(<SectorSelect searchable={false} />);
    await user.tab();
    const field = screen.getByRole('combobox', { name: 'Sector' });
    expect(field).toHaveFocus();
    await user.keyboard(key);
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
  });

  it.each([
    ['searchable', 'Enter', true, '{Enter}'],
    ['searchable', 'Space', true, ' '],
    ['plain', 'Enter', false, '{Enter}'],
    ['plain', 'Space', false, ' '],
  ])(
    'a closed %s multi-select opens on %s instead of submitting the form',
    async (_, __, searchable, key) => {
      const user = userEvent.setup();
      let submitted = 0;
      renderWithProviders(
        <SectorsMultiSelect searchable={searchable} onSubmit={() => submitted++} />,
      );
      await user.tab();
      const field = screen.getByRole('combobox', { name: 'Sectors' });
      expect(field).toHaveFocus();
      if (field.getAttribute('aria-expanded') === 'true') {
        await user.keyboard('{Escape}');
        await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
      }
      await user.keyboard(key);
      await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
      expect(submitted).toBe(0);
    },
  );
});

describe('close buttons are named (theme defaults, issue 8)', () => {
  it('a modal close button is called "Close" in the interface language', async () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Settings">
        Body
      </Modal>,
    );
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('tn'));
    expect(await screen.findByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });
});

describe('typed text keeps its own direction (theme defaults)', () => {
  it('text fields and text areas take the direction of what is typed, in every language', async () => {
    await act(() => i18n.changeLanguage('tn'));
    renderWithProviders(
      <>
        <TextInput label="Instagram" defaultValue="nour.cooks.tn" />
        <Textarea label="Bio" defaultValue="Recettes tunisiennes, faites maison." />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Instagram' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAttribute('dir', 'auto');
  });
});
