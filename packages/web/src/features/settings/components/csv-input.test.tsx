import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { CSV_DELAY_MS, CsvInput } from './csv-input.js';

const ids = TEST_IDS.settings;
const entry = (index: number) => screen.getByTestId(ids.csvEntry('drives', index)) as HTMLInputElement;

describe('CSV field', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits the entries without blanks, joined with commas, 500 ms after the last change', () => {
    const onChange = vi.fn<(value: string) => void>();
    renderWithApp(
      <CsvInput name="drives" label="Drive Names" text="Drive Names" value="/a" onChange={onChange} />,
      { handler: () => ({ status: 404 }) },
    );
    expect(CSV_DELAY_MS).toBe(500);
    expect(entry(0).value).toBe('/a');
    fireEvent.click(screen.getByRole('button', { name: 'Add an entry to Drive Names' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an entry to Drive Names' }));
    fireEvent.change(entry(2), { target: { value: ' /c ' } });
    act(() => vi.advanceTimersByTime(CSV_DELAY_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    // Typing again restarts the delay.
    fireEvent.change(entry(2), { target: { value: ' /cc ' } });
    act(() => vi.advanceTimersByTime(CSV_DELAY_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange.mock.calls).toEqual([['/a,/cc']]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Drive Names entry 1' }));
    expect(entry(0).value).toBe('');
    act(() => vi.advanceTimersByTime(CSV_DELAY_MS));
    expect(onChange.mock.calls.at(-1)).toEqual(['/cc']);
  });

  it('commits at once when the field loses focus', () => {
    const onChange = vi.fn<(value: string) => void>();
    renderWithApp(
      <CsvInput name="drives" label="Drive Names" text="Drive Names" value="" onChange={onChange} />,
      { handler: () => ({ status: 404 }) },
    );
    fireEvent.change(entry(0), { target: { value: '/x' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(entry(0));
    expect(onChange.mock.calls).toEqual([['/x']]);
    act(() => vi.advanceTimersByTime(CSV_DELAY_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
