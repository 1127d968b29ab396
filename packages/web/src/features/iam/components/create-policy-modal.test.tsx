import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { CreatePolicyModal } from './create-policy-modal.js';

const ids = TEST_IDS.createPolicy;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('CreatePolicyModal (spec 2 §5)', () => {
  it('keeps Save disabled while the JSON is broken, and sends the trimmed name with the document', async () => {
    const { calls } = renderWithApp(<CreatePolicyModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 200, body: { name: 'team', policy: '{}' } }),
    });
    fireEvent.change(field(ids.name), { target: { value: ' team ' } });
    expect(field(ids.save).disabled).toBe(false);
    fireEvent.change(field(ids.document), { target: { value: '{"Statement": [' } });
    expect(field(ids.save).disabled).toBe(true);
    expect(screen.getByTestId(ids.documentProblem).textContent).toMatch(/^The policy is not valid JSON/);

    const document = '{"Version":"2012-10-17","Statement":[]}';
    fireEvent.change(field(ids.document), { target: { value: document } });
    expect(screen.queryByTestId(ids.documentProblem)).toBeNull();
    fireEvent.click(field(ids.save));
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/policies',
      body: { name: 'team', policy: document },
    });
  });

  it("shows the server's refusal inside the modal", async () => {
    renderWithApp(<CreatePolicyModal opened onClose={() => undefined} />, {
      handler: () => ({
        status: 400,
        body: { message: 'invalid policy', detailedMessage: 'MalformedPolicy: Action is missing' },
      }),
    });
    fireEvent.change(field(ids.name), { target: { value: 'team' } });
    fireEvent.click(field(ids.save));
    const error = await screen.findByTestId(ids.error);
    expect(error.textContent).toContain('Invalid policy');
    expect(error.textContent).toContain('MalformedPolicy: Action is missing');
  });
});
