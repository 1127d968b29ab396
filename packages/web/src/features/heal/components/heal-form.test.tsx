import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { chartRows } from './heal-model.js';
import { EMPTY_HEAL_FORM, HealForm, type HealFormValue } from './heal-form.js';
import { HealResults } from './heal-results.js';

const ids = TEST_IDS.heal;
const none = () => ({ status: 404, body: {} });
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

function Harness({
  running = false,
  onStart = () => undefined,
}: {
  running?: boolean;
  onStart?: () => void;
}) {
  const [value, setValue] = useState<HealFormValue>(EMPTY_HEAL_FORM);
  return (
    <HealForm
      buckets={['alpha', 'beta']}
      value={value}
      onChange={setValue}
      onStart={onStart}
      running={running}
    />
  );
}

describe('heal form', () => {
  it('Force Start and Force Stop exclude each other; Recursive stays as set', () => {
    renderWithApp(<Harness />, { handler: none });
    fireEvent.click(input(ids.recursive));
    fireEvent.click(input(ids.forceStart));
    expect([
      input(ids.recursive).checked,
      input(ids.forceStart).checked,
      input(ids.forceStop).checked,
    ]).toEqual([true, true, false]);
    fireEvent.click(input(ids.forceStop));
    expect([input(ids.forceStart).checked, input(ids.forceStop).checked]).toEqual([false, true]);
    fireEvent.click(input(ids.forceStart));
    expect([input(ids.forceStart).checked, input(ids.forceStop).checked]).toEqual([true, false]);
    expect(input(ids.recursive).checked).toBe(true);
  });

  it('Start needs a bucket and is disabled while running', () => {
    renderWithApp(<Harness />, { handler: none });
    expect((screen.getByTestId(ids.start) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input(ids.prefix), { target: { value: 'dir/' } });
    expect(input(ids.prefix).value).toBe('dir/');
    cleanup();
    renderWithApp(<Harness running />, { handler: none });
    expect(input(ids.prefix).disabled).toBe(true);
    expect(input(ids.forceStart).disabled).toBe(true);
    expect((screen.getByTestId(ids.start) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('heal figures', () => {
  const progress = {
    healthBeforeCols: { Green: 1, Yellow: 3, Red: 0, Grey: 0 },
    healthAfterCols: { Green: 4, Yellow: 0, Red: 0, Grey: 0 },
    itemsScanned: 4,
    objectsHealed: 3,
    objectsScanned: 3,
    healDuration: 2,
    bytesScanned: 2048,
  };

  it('chart rows are percentages of the items scanned', () => {
    expect(chartRows(progress)).toEqual([
      { color: 'Green', before: 25, after: 100 },
      { color: 'Yellow', before: 75, after: 0 },
      { color: 'Red', before: 0, after: 0 },
      { color: 'Grey', before: 0, after: 0 },
    ]);
    expect(chartRows(undefined).every((r) => r.before === 0 && r.after === 0)).toBe(true);
  });

  it('shows size scanned, objects healed and healing time', () => {
    renderWithApp(<HealResults progress={progress} />, { handler: none });
    expect(screen.getByTestId(ids.sizeScanned).textContent).toBe('Size scanned: 2 KiB');
    expect(screen.getByTestId(ids.objectsHealed).textContent).toBe('Objects healed: 3 / 3');
    expect(screen.getByTestId(ids.healingTime).textContent).toBe('Healing time: 2s');
  });
});
