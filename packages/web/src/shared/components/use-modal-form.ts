/**
 * The state of a form inside a modal (Create User, Create Policy, Change Password…): the fields,
 * a local validation problem cleared by the next edit, Clear and Close that also forget the last
 * server refusal, and a submit handler that checks the form, sends it, and on success says so in
 * the snackbar and closes. Save does nothing while the form cannot be saved or a request is in
 * flight.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Problem } from '../validation/problem.js';
import { useNotify } from './notify.js';

/** The part of a TanStack mutation the form drives. */
export interface FormMutation<R> {
  isPending: boolean;
  reset: () => void;
  mutate: (request: R, options: { onSuccess: () => void }) => void;
}

export interface ModalFormOptions<F, R> {
  empty: F;
  mutation: FormMutation<R>;
  onClose: () => void;
  /** Whether Save is enabled. */
  canSave: (form: F) => boolean;
  /** A message refusing the form on Save (spec 2 §5 texts), or null to send it. */
  problemOf?: (form: F) => Problem | null;
  toRequest: (form: F) => R;
  /** The snackbar text once the request succeeded (already translated). */
  successMessage: (request: R) => string;
}

export function useModalForm<F, R>({
  empty,
  mutation,
  onClose,
  canSave,
  problemOf,
  toRequest,
  successMessage,
}: ModalFormOptions<F, R>) {
  const [form, setForm] = useState<F>(empty);
  const [problem, setProblem] = useState<Problem | null>(null);
  const notify = useNotify();

  const update = (change: Partial<F>) => {
    setForm((current) => ({ ...current, ...change }));
    setProblem(null);
  };
  const clear = () => {
    setForm(empty);
    setProblem(null);
    mutation.reset();
  };
  const close = () => {
    clear();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave(form) || mutation.isPending) return;
    const found = problemOf?.(form) ?? null;
    setProblem(found);
    if (found !== null) return;
    const request = toRequest(form);
    mutation.mutate(request, {
      onSuccess: () => {
        notify.success(successMessage(request));
        close();
      },
    });
  };

  return { form, update, problem, saving: mutation.isPending, clear, close, handleSubmit };
}
