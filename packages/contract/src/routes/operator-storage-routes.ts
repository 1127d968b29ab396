/**
 * Operator mode, storage (spec 3 §7 "Storage"): the tenants' PVCs and direct-csi drives with their
 * format request. Operator sessions only.
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  FormatDrivesRequestSchema,
  FormatDrivesResponseSchema,
  ListDrivesResponseSchema,
  ListPvcsResponseSchema,
} from '../operator-storage.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

const op = { tags: ['storage'], session: 'operator' } as const;

export const OPERATOR_STORAGE_ROUTES = {
  listPvcs: {
    method: 'GET',
    path: `${API_PREFIX}/list-pvcs`,
    summary: "Every tenant's volume claims (PVCs labelled v1.min.io/tenant)",
    ...op,
    response: { 200: ListPvcsResponseSchema, ...errors },
  },
  listDrives: {
    method: 'GET',
    path: `${API_PREFIX}/direct-csi/drives`,
    summary: 'The drives direct-csi found on the nodes, with their volume counts',
    description: 'direct_csi_not_installed when the cluster has no direct-csi drives resource.',
    ...op,
    response: { 200: ListDrivesResponseSchema, ...errors },
  },
  formatDrives: {
    method: 'POST',
    path: `${API_PREFIX}/direct-csi/drives/format`,
    summary: "Ask direct-csi to format drives ('node:/dev/name') with xfs; answers the drives refused",
    ...op,
    body: FormatDrivesRequestSchema,
    response: { 200: FormatDrivesResponseSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
