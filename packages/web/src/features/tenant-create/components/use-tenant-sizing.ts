/**
 * The Tenant Size step's derived values (spec 3 §3 "Tenant size derived", §4 "Size step
 * validity", §8): the distribution of the total over servers and drives, the parity choices from
 * the server and what each costs, the memory request and limit from the cluster's maximum, and the
 * step's problems. It runs at the page so Next, the preview and Create all read the same numbers.
 */
import { useMemo } from 'react';
import { useMaxAllocatableMemory } from '../api/get-max-allocatable-memory.js';
import { useParity } from '../api/get-parity.js';
import type { TenantSizeForm } from '../model/form.js';
import { tenantSizeProblems, wholeNumber, type StepProblems } from '../model/rules.js';
import {
  GIB,
  MIN_DRIVES_PER_SERVER,
  MIN_SERVERS,
  calculateDistribution,
  erasureCodeCalc,
  memoryResource,
  type Distribution,
  type EcParityCalc,
  type MemorySize,
} from '../model/sizing.js';

export interface TenantSizing {
  distribution: Distribution;
  memorySize: MemorySize;
  ecParityCalc: EcParityCalc | null;
  /** The parity choices; empty while loading or after a failure. */
  parities: string[];
  parityLoading: boolean;
  /** The server's message when the parity call failed (the step is then disabled). */
  parityError: string | null;
  problems: StepProblems;
  valid: boolean;
}

export function useTenantSizing(
  form: TenantSizeForm,
  limitBytes: number,
  formatLimit: (bytes: number) => string,
): TenantSizing {
  const nodes = wholeNumber(form.nodes);
  const drives = wholeNumber(form.drivesPerServer);
  const capacity = wholeNumber(form.volumeSize) * GIB;
  const countsOk = nodes >= MIN_SERVERS && drives >= MIN_DRIVES_PER_SERVER;
  const parity = useParity(nodes, drives, countsOk);
  const maxMemory = useMaxAllocatableMemory(nodes, nodes >= MIN_SERVERS);

  const distribution = useMemo(
    () => calculateDistribution(capacity, nodes, drives),
    [capacity, nodes, drives],
  );
  const parities = useMemo(() => (parity.isSuccess ? parity.data : []), [parity.isSuccess, parity.data]);
  const ecParityCalc = useMemo(
    () =>
      parities.length === 0 || distribution.error !== null
        ? null
        : erasureCodeCalc(parities, distribution.persistentVolumes, distribution.pvSize, nodes),
    [parities, distribution, nodes],
  );
  const memoryGi = Number(form.memoryNode.trim());
  const memorySize = maxMemory.isSuccess
    ? memoryResource(memoryGi, capacity, maxMemory.data.max_memory)
    : { request: 0, limit: 0, error: null };

  const problems: StepProblems = { ...tenantSizeProblems(form, limitBytes, formatLimit) };
  // §8: a failed max-memory call marks the servers field invalid with the server's message.
  if (problems.nodes === undefined && maxMemory.isError) {
    problems.nodes = { key: 'serverMessage', values: { message: maxMemory.error.message } };
  }
  if (problems.memoryNode === undefined && memorySize.error !== null)
    problems.memoryNode = { key: memorySize.error };
  const parityError = parity.isError ? parity.error.message : null;
  const valid =
    Object.keys(problems).length === 0 &&
    distribution.error === null &&
    maxMemory.isSuccess &&
    memorySize.error === null &&
    ecParityCalc !== null &&
    parities.includes(form.ecParity);
  return {
    distribution,
    memorySize,
    ecParityCalc,
    parities,
    parityLoading: countsOk && parity.isPending,
    parityError,
    problems,
    valid,
  };
}
