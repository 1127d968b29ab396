import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { CreateBucketModal } from './create-bucket-modal.js';

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('CreateBucketModal', () => {
  afterEach(() => vi.useRealTimers());

  it('enables Save only 1000 ms after the last key of a non-blank name, then posts the payload', async () => {
    vi.useFakeTimers();
    const { calls } = renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 201, body: { name: 'photos' } }),
    });
    fireEvent.change(input(TEST_IDS.createBucket.name), { target: { value: 'photos' } });
    expect(input(TEST_IDS.createBucket.save).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(input(TEST_IDS.createBucket.save).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(input(TEST_IDS.createBucket.save).disabled).toBe(false);

    fireEvent.click(input(TEST_IDS.createBucket.versioning));
    fireEvent.click(input(TEST_IDS.createBucket.quota));
    expect(input(TEST_IDS.createBucket.quotaSize).value).toBe('1');
    expect(input(TEST_IDS.createBucket.quotaUnit).value).toBe('TiB');
    vi.useRealTimers();
    fireEvent.click(input(TEST_IDS.createBucket.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/buckets',
      body: {
        name: 'photos',
        versioning: true,
        locking: false,
        quota: { enabled: true, quota_type: 'hard', amount: 1099511627776 },
      },
    });
  });

  it('shows the naming rule the name breaks while typing, accessibly, and keeps Save disabled', () => {
    vi.useFakeTimers();
    renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 201, body: { name: 'x' } }),
    });
    const name = input(TEST_IDS.createBucket.name);
    expect(screen.queryByTestId(TEST_IDS.createBucket.nameRule)).toBeNull();
    expect(name.getAttribute('aria-invalid')).not.toBe('true');

    // No debounce wait: the rule shows on the key that breaks it.
    fireEvent.change(name, { target: { value: 'My_Photos' } });
    const rule = screen.getByTestId(TEST_IDS.createBucket.nameRule);
    expect(rule.textContent).toBe(
      'Bucket names can contain only lowercase letters, numbers, dots (.) and hyphens (-).',
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(rule.id);

    fireEvent.change(name, { target: { value: 'my..photos' } });
    expect(screen.getByTestId(TEST_IDS.createBucket.nameRule).textContent).toBe(
      'Bucket names must not contain two adjacent dots.',
    );
    fireEvent.change(name, { target: { value: '10.0.0.1' } });
    expect(screen.getByTestId(TEST_IDS.createBucket.nameRule).textContent).toBe(
      'Bucket names must not be formatted as an IP address (for example, 192.168.5.4).',
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(input(TEST_IDS.createBucket.save).disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'my-photos' } });
    expect(screen.queryByTestId(TEST_IDS.createBucket.nameRule)).toBeNull();
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    act(() => vi.advanceTimersByTime(1000));
    expect(input(TEST_IDS.createBucket.save).disabled).toBe(false);
  });

  it('offers Retention only with Versioning on; Retention forces Object Locking on and disables its switch', () => {
    renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 200 }),
    });
    expect(screen.queryByTestId(TEST_IDS.createBucket.retention)).toBeNull();
    fireEvent.click(input(TEST_IDS.createBucket.versioning));
    fireEvent.click(input(TEST_IDS.createBucket.retention));
    expect(input(TEST_IDS.createBucket.locking).checked).toBe(true);
    expect(input(TEST_IDS.createBucket.locking).disabled).toBe(true);
    expect(input(TEST_IDS.createBucket.retentionValidity).value).toBe('1');
    expect(input(TEST_IDS.createBucket.retentionUnit).value).toBe('days');
    fireEvent.click(input(TEST_IDS.createBucket.versioning));
    expect(screen.queryByTestId(TEST_IDS.createBucket.retention)).toBeNull();
    expect(input(TEST_IDS.createBucket.locking).disabled).toBe(false);
  });

  it('shows the non-erasure-coded message and disables versioning, locking and quota', () => {
    renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 200 }),
      session: { ...SESSION, distributedMode: false },
    });
    expect(screen.getByTestId(TEST_IDS.createBucket.nonErasureMessage).textContent).toBe(
      'Some these features are disabled as server is running in non-erasure coded mode.',
    );
    for (const id of [
      TEST_IDS.createBucket.versioning,
      TEST_IDS.createBucket.locking,
      TEST_IDS.createBucket.quota,
    ]) {
      expect(input(id).disabled).toBe(true);
    }
  });

  it('shows a refusal inside the modal', async () => {
    vi.useFakeTimers();
    renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({
        status: 409,
        body: {
          message: 'bucket already exists',
          detailedMessage: 'Your previous request to create the named bucket succeeded',
        },
      }),
    });
    fireEvent.change(input(TEST_IDS.createBucket.name), { target: { value: 'dup' } });
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    fireEvent.click(input(TEST_IDS.createBucket.save));
    const alert = await screen.findByTestId(TEST_IDS.createBucket.error);
    expect(alert.textContent).toContain('Bucket already exists');
    expect(alert.textContent).toContain('Your previous request to create the named bucket succeeded');
  });
});
