/**
 * Operator mode's Storage page (spec 3 §3 "PVC", "Drive", "Format issue"; §7 "Storage"): the
 * tenants' volumes (PVCs) across the cluster and the locally attached drives of direct-csi with
 * their format request.
 */
import { z } from 'zod';

export const PvcSchema = z
  .object({
    name: z.string(),
    namespace: z.string(),
    status: z.string().describe('The claim phase: Bound, Pending, Lost'),
    tenant: z.string().describe('The v1.min.io/tenant label'),
    capacity: z.string().describe("The bound size as Kubernetes writes it, e.g. '100Gi'"),
    storageClass: z.string(),
    volume: z.string(),
    age: z.string().describe('Creation time, ISO 8601'),
  })
  .meta({ id: 'Pvc' });

export const ListPvcsResponseSchema = z.object({ pvcs: z.array(PvcSchema) }).meta({ id: 'ListPvcsResponse' });

export const DriveSchema = z
  .object({
    drive: z.string().describe('/dev/<name>'),
    node: z.string(),
    capacity: z.number().describe('Bytes'),
    allocated: z.number().describe('Bytes'),
    volumes: z.number().int(),
    status: z.string().describe("direct-csi's driveStatus; a trailing * when not owned or initialised"),
    message: z.string(),
  })
  .meta({ id: 'Drive' });

export const ListDrivesResponseSchema = z
  .object({ drives: z.array(DriveSchema) })
  .meta({ id: 'ListDrivesResponse' });

export const FormatDrivesRequestSchema = z
  .object({
    drives: z
      .array(z.string().regex(/^[^:\s]+:\/dev\/\S+$/, "'node:/dev/name'"))
      .min(1)
      .max(10_000),
    force: z.boolean().default(false),
  })
  .meta({ id: 'FormatDrivesRequest' });

export const FormatIssueSchema = z.object({ node: z.string(), drive: z.string(), error: z.string() });

export const FormatDrivesResponseSchema = z
  .object({ formatIssuesList: z.array(FormatIssueSchema) })
  .meta({ id: 'FormatDrivesResponse' });

export type Pvc = z.infer<typeof PvcSchema>;
export type Drive = z.infer<typeof DriveSchema>;
export type FormatIssue = z.infer<typeof FormatIssueSchema>;
export type FormatDrivesRequest = z.infer<typeof FormatDrivesRequestSchema>;
