import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { AccessPolicyCard } from './access-policy-card.js';

const ids = TEST_IDS.accessPolicy;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

/** A console that stores what set-policy sends and answers it back, like the real one. */
function fakeConsole(initial: { access: string; definition?: string }) {
  let stored = { name: 'photos', ...initial };
  return (call: FakeCall) => {
    if (call.method === 'GET' && call.url === '/api/v1/buckets/photos') return { status: 200, body: stored };
    if (call.method === 'PUT' && call.url === '/api/v1/buckets/photos/set-policy') {
      const body = call.body as { access: string; definition?: string };
      if (body.definition?.includes('"Principal"') === false) {
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message: 'Statement 0: a bucket policy statement needs a Principal.',
            detailedMessage: 'MalformedPolicy: Statement 0: a bucket policy statement needs a Principal.',
          },
        };
      }
      stored = { name: 'photos', ...body };
      return { status: 200, body: stored };
    }
    return { status: 404, body: { message: 'not here', detailedMessage: '' } };
  };
}

async function openModal() {
  await screen.findByText('Private');
  fireEvent.click(screen.getByTestId(ids.edit));
  // The modal's frame comes first, its content after the opening transition starts: wait for the
  // content (a loaded run once found the frame without the choices).
  await screen.findByTestId(ids.option('CUSTOM'));
}

describe('Change Access Policy', () => {
  it('starts from the current access; Public warns what it means, sends {access} and the card follows', async () => {
    const { calls } = renderWithApp(<AccessPolicyCard bucket="photos" />, {
      handler: fakeConsole({ access: 'PRIVATE' }),
    });
    await openModal();
    expect(screen.getByRole('dialog', { name: 'Change Access Policy' })).toBeTruthy();
    expect(field(ids.option('PRIVATE')).checked).toBe(true);
    expect(screen.queryByTestId(ids.publicWarning)).toBeNull();
    fireEvent.click(field(ids.option('PUBLIC')));
    expect(screen.getByTestId(ids.publicWarning).textContent).toBe(
      'Anyone, without signing in, can list this bucket and read, write and delete its objects.',
    );
    fireEvent.click(field(ids.save));
    await screen.findByText("Access policy of bucket 'photos' set to Public.");
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ access: 'PUBLIC' });
    expect(screen.getByTestId(ids.value).textContent).toBe('Public');
    // The bucket's sections are read again after the change (spec 1 §4).
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/buckets/photos').length).toBe(2),
    );
    // Closed: the form is gone (the modal's frame may still be fading out).
    expect(screen.queryByTestId(ids.save)).toBeNull();
  });

  it('Custom: the JSON editor validates as you type and keeps Set disabled until the text is a JSON object', async () => {
    const { calls } = renderWithApp(<AccessPolicyCard bucket="photos" />, {
      handler: fakeConsole({ access: 'PRIVATE' }),
    });
    await openModal();
    expect(screen.queryByTestId(ids.document)).toBeNull();
    fireEvent.click(field(ids.option('CUSTOM')));
    // Starts from an empty policy, which is well-formed JSON (the server judges the statements).
    expect(JSON.parse(field(ids.document).value)).toEqual({ Version: '2012-10-17', Statement: [] });
    expect(field(ids.save).disabled).toBe(false);

    fireEvent.change(field(ids.document), { target: { value: '{"Statement": [' } });
    expect(screen.getByTestId(ids.documentProblem).textContent).toMatch(/^The policy is not valid JSON: /);
    expect(field(ids.save).disabled).toBe(true);
    fireEvent.change(field(ids.document), { target: { value: '   ' } });
    expect(screen.getByTestId(ids.documentProblem).textContent).toBe('The policy is empty');
    expect(field(ids.save).disabled).toBe(true);
    fireEvent.change(field(ids.document), { target: { value: '[1, 2]' } });
    expect(screen.getByTestId(ids.documentProblem).textContent).toBe('The policy must be a JSON object');
    expect(field(ids.save).disabled).toBe(true);
    // Submitting the form anyway (Enter) sends nothing.
    fireEvent.submit(field(ids.save).closest('form') as HTMLFormElement);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // A document the storage server refuses: its reason shows inside the modal, which stays open.
    const noPrincipal =
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"arn:aws:s3:::photos/*"}]}';
    fireEvent.change(field(ids.document), { target: { value: noPrincipal } });
    expect(screen.queryByTestId(ids.documentProblem)).toBeNull();
    fireEvent.click(field(ids.save));
    const error = await screen.findByTestId(ids.error);
    expect(error.textContent).toContain('Statement 0: a bucket policy statement needs a Principal.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      access: 'CUSTOM',
      definition: noPrincipal,
    });

    const readOnly = noPrincipal.replace('"Effect"', '"Principal":"*","Effect"');
    fireEvent.change(field(ids.document), { target: { value: readOnly } });
    fireEvent.click(field(ids.save));
    await screen.findByText("Access policy of bucket 'photos' set to Custom.");
    expect(screen.getByTestId(ids.value).textContent).toBe('Custom');
  });

  it('opens a custom bucket on Custom with its stored policy, pretty-printed', async () => {
    const definition =
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject","Resource":"arn:aws:s3:::photos/a"}]}';
    renderWithApp(<AccessPolicyCard bucket="photos" />, {
      handler: fakeConsole({ access: 'CUSTOM', definition }),
    });
    await screen.findByText('Custom');
    fireEvent.click(screen.getByTestId(ids.edit));
    await screen.findByTestId(ids.modal);
    expect(field(ids.option('CUSTOM')).checked).toBe(true);
    expect(field(ids.document).value).toBe(JSON.stringify(JSON.parse(definition), null, 2));
  });

  it('says Unknown with the reason, and offers no change, when the access cannot be read', async () => {
    renderWithApp(<AccessPolicyCard bucket="photos" />, {
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
    expect(field(ids.edit).disabled).toBe(true);
  });
});
