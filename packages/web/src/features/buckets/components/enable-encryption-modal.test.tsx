import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { EncryptionCard } from './encryption-card.js';

const ids = TEST_IDS.encryption;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement & HTMLSelectElement;
const BASE = '/api/v1/buckets/photos/encryption';
const NOT_FOUND = 'The server side encryption configuration was not found';

/** A console that keeps the bucket's encryption and answers like the real one (404 when none). */
function fakeConsole(initial: { algorithm: string; kmsMasterKeyID?: string } | null) {
  let stored = initial;
  return (call: FakeCall) => {
    if (call.method === 'GET' && call.url === `${BASE}/info`) {
      return stored === null
        ? {
            status: 404,
            body: {
              code: 'not_found',
              message: NOT_FOUND,
              detailedMessage: `ServerSideEncryptionConfigurationNotFoundError: ${NOT_FOUND}`,
            },
          }
        : { status: 200, body: stored };
    }
    if (call.method === 'POST' && call.url === `${BASE}/enable`) {
      const body = call.body as { encType: string; kmsKeyID?: string };
      if (body.kmsKeyID === 'missing-key') {
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message: 'Invalid keyId',
            detailedMessage: 'KMS.NotFoundException: Invalid keyId',
          },
        };
      }
      stored =
        body.encType === 'sse-s3'
          ? { algorithm: 'AES256' }
          : body.kmsKeyID !== undefined
            ? { algorithm: 'aws:kms', kmsMasterKeyID: body.kmsKeyID }
            : { algorithm: 'aws:kms' };
      return { status: 200, body: stored };
    }
    if (call.method === 'POST' && call.url === `${BASE}/disable`) {
      stored = null;
      return { status: 204 };
    }
    return { status: 404, body: { message: 'not here', detailedMessage: '' } };
  };
}

async function openModal() {
  fireEvent.click(screen.getByTestId(ids.edit));
  await screen.findByTestId(ids.modal);
}

describe('Encryption card and Enable Bucket Encryption', () => {
  it('shows a bucket without encryption as Disabled with no error, and enables SSE-S3', async () => {
    const { calls } = renderWithApp(<EncryptionCard bucket="photos" />, { handler: fakeConsole(null) });
    await screen.findByText('Disabled');
    expect(screen.queryByTestId(ids.readError)).toBeNull();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();

    await openModal();
    expect(screen.getByRole('dialog', { name: 'Enable Bucket Encryption' })).toBeTruthy();
    // Starts as Disabled (spec 1 §4), with no key field.
    expect(field(ids.type).value).toBe('disabled');
    expect(screen.queryByTestId(ids.kmsKeyId)).toBeNull();
    fireEvent.change(field(ids.type), { target: { value: 'sse-s3' } });
    expect(screen.queryByTestId(ids.kmsKeyId)).toBeNull();
    fireEvent.click(field(ids.save));
    await screen.findByText("Encryption of bucket 'photos' set to SSE-S3.");
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `${BASE}/enable`,
      body: { encType: 'sse-s3' },
    });
    expect(screen.getByTestId(ids.value).textContent).toBe('SSE-S3');
    expect(screen.queryByTestId(ids.keyId)).toBeNull();
    // The bucket's sections are read again after the change (spec 1 §4).
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url === `${BASE}/info`).length).toBe(2),
    );
  });

  it('starts SSE-KMS buckets on SSE-KMS with their key; an unknown key shows the server error inside the modal', async () => {
    const { calls } = renderWithApp(<EncryptionCard bucket="photos" />, {
      handler: fakeConsole({ algorithm: 'aws:kms', kmsMasterKeyID: 'app-key' }),
    });
    await screen.findByText('SSE-KMS');
    expect(screen.getByTestId(ids.keyId).textContent).toBe('Key: app-key');
    await openModal();
    expect(field(ids.type).value).toBe('sse-kms');
    expect(field(ids.kmsKeyId).value).toBe('app-key');

    fireEvent.change(field(ids.kmsKeyId), { target: { value: 'missing-key' } });
    fireEvent.click(field(ids.save));
    const error = await screen.findByTestId(ids.error);
    expect(error.textContent).toContain('Invalid keyId');
    expect(error.textContent).toContain('KMS.NotFoundException: Invalid keyId');
    // Still open, still showing the key typed; the card is unchanged.
    expect(field(ids.kmsKeyId).value).toBe('missing-key');
    expect(screen.getByTestId(ids.value).textContent).toBe('SSE-KMS');

    // An empty key means the KMS's default key: no kmsKeyID is sent.
    fireEvent.change(field(ids.kmsKeyId), { target: { value: '  ' } });
    fireEvent.click(field(ids.save));
    await screen.findByText("Encryption of bucket 'photos' set to SSE-KMS.");
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ encType: 'sse-kms' });
    expect(screen.getByTestId(ids.keyId).textContent).toBe('Key: default');
  });

  it('starts AES256 buckets on SSE-S3, and Disabled calls disable', async () => {
    const { calls } = renderWithApp(<EncryptionCard bucket="photos" />, {
      handler: fakeConsole({ algorithm: 'AES256' }),
    });
    await screen.findByText('SSE-S3');
    await openModal();
    expect(field(ids.type).value).toBe('sse-s3');
    fireEvent.change(field(ids.type), { target: { value: 'disabled' } });
    fireEvent.click(field(ids.save));
    await screen.findByText("Encryption of bucket 'photos' set to Disabled.");
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.url)).toEqual([`${BASE}/disable`]);
    expect(screen.getByTestId(ids.value).textContent).toBe('Disabled');
  });

  it('shows Unknown with the reason when the encryption cannot be read, and offers no change', async () => {
    renderWithApp(<EncryptionCard bucket="photos" />, {
      handler: () => ({
        status: 403,
        body: {
          code: 'access_denied',
          message: 'Access Denied.',
          detailedMessage: 'AccessDenied: Access Denied.',
        },
      }),
    });
    await screen.findByText('Unknown');
    expect(screen.getByTestId(ids.readError).textContent).toBe('Access Denied.');
    expect((screen.getByTestId(ids.edit) as HTMLButtonElement).disabled).toBe(true);
  });
});
