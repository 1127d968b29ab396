/**
 * Certificate uploads (spec 3 §5 "Other": cert .cer, .crt, .cert, .pem; key .key, .pem): accepted
 * types, the base64 the payload carries, a wrong type refused; and the credentials dialog when the
 * identity provider manages the users (no keys generated).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import {
  CERT_EXTENSIONS,
  CertificateFileInput,
  KEY_EXTENSIONS,
  acceptsFile,
  fileToBase64,
} from './certificate-file-input.js';
import { CredentialsModal } from './credentials-modal.js';

const noCalls = () => ({ status: 404 });

describe('certificate files', () => {
  it('accepts the spec’s extensions only, case-insensitively', () => {
    for (const name of ['a.cer', 'a.crt', 'a.cert', 'a.PEM'])
      expect(acceptsFile(name, CERT_EXTENSIONS)).toBe(true);
    expect(acceptsFile('a.key', CERT_EXTENSIONS)).toBe(false);
    for (const name of ['a.key', 'a.pem']) expect(acceptsFile(name, KEY_EXTENSIONS)).toBe(true);
    expect(acceptsFile('a.crt', KEY_EXTENSIONS)).toBe(false);
    expect(acceptsFile('pem', KEY_EXTENSIONS)).toBe(false);
  });

  it('reads a file as base64', async () => {
    expect(await fileToBase64(new Blob(['-----BEGIN CERTIFICATE-----\n']))).toBe(
      btoa('-----BEGIN CERTIFICATE-----\n'),
    );
  });

  it('loads an accepted file and refuses another type with a message', async () => {
    const onLoad = vi.fn();
    const { container } = renderWithApp(
      <CertificateFileInput label="Cert" kind="cert" fileName="" onLoad={onLoad} testId="cert" />,
      { handler: noCalls },
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'server.key')] } });
    expect(await screen.findByText('This file type is not accepted here: server.key')).toBeTruthy();
    expect(onLoad).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['PEM'], 'server.crt')] } });
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith('server.crt', btoa('PEM')));
  });
});

describe('credentials dialog', () => {
  it('says so when the identity provider manages the users', async () => {
    renderWithApp(
      <CredentialsModal result={{ externalIDP: true, console: [] }} onClose={() => undefined} />,
      {
        handler: noCalls,
      },
    );
    expect(
      await screen.findByText(
        'The identity provider manages this tenant’s users: no console credentials were generated.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId(TEST_IDS.tenantCreate.credentialsAccessKey)).toBeNull();
  });
});
