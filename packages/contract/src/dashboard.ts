/**
 * The dashboard and metrics pages (spec 2 §2 "Dashboard and Metrics", §3 "Admin info", "Dashboard
 * widget", §7 "Dashboard"): admin info (usage figures and the widgets on offer) and one widget's
 * series over a time range. Series are Prometheus range-query results: metric labels and
 * [unix seconds, value] pairs. A widget's data comes from Prometheus when the console is configured
 * with one, otherwise from the console's own history of the storage server's metrics.
 */
import { z } from 'zod';

export const WidgetTypeSchema = z.enum(['singleValue', 'linearGraph', 'barChart', 'pieChart', 'singleRep']);
/** The dashboard's tabs: Summary, Traffic, Resources. */
export const WidgetGroupSchema = z.enum(['summary', 'traffic', 'resources']);
/** How the web formats a widget's values. */
export const WidgetUnitSchema = z.enum([
  'bytes',
  'bytesPerSecond',
  'count',
  'perSecond',
  'seconds',
  'microseconds',
  'ratio',
]);
/** Where widget data comes from: a configured Prometheus, or the console's own metric history. */
export const MetricsSourceSchema = z.enum(['prometheus', 'console']);

export const WidgetSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  type: WidgetTypeSchema,
  group: WidgetGroupSchema,
  unit: WidgetUnitSchema,
  /** The metric label that names each series in a legend (server, drive, api, range). */
  legend: z.string().optional(),
});

export const MetricSeriesSchema = z.object({
  metric: z.record(z.string(), z.string()),
  values: z.array(z.tuple([z.number(), z.number()])),
});

export const AdminInfoResponseSchema = z.object({
  buckets: z.number().int().nonnegative(),
  objects: z.number().int().nonnegative(),
  /** Bytes used. */
  usage: z.number().nonnegative(),
  /** Empty when no metric source can answer (the page shows the usage view). */
  widgets: z.array(WidgetSchema),
  source: MetricsSourceSchema.optional(),
});

export const WidgetParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(1_000_000),
});

/** Ten years: a bound on the range's numbers, not on what a source keeps. */
const MAX_SECONDS = 10 * 366 * 86_400;

export const WidgetQuerySchema = z
  .object({
    step: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_SECONDS)
      .optional()
      .describe('Seconds between points; 0 or absent: the range in minutes (so about 60 points)'),
    start: z.coerce.number().int().min(0).optional().describe('Unix seconds; default: end less 7 days'),
    end: z.coerce.number().int().min(0).optional().describe('Unix seconds; default: now'),
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.start < q.end, {
    message: 'start must be before end',
    path: ['start'],
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.end - q.start <= MAX_SECONDS, {
    message: 'the range may span at most ten years',
    path: ['end'],
  });

export const WidgetDetailsSchema = WidgetSchema.extend({
  source: MetricsSourceSchema,
  /** The range and step the series were evaluated at (the console's history answers what it has). */
  start: z.number(),
  end: z.number(),
  step: z.number(),
  series: z.array(MetricSeriesSchema),
});

export type WidgetType = z.infer<typeof WidgetTypeSchema>;
export type WidgetGroup = z.infer<typeof WidgetGroupSchema>;
export type WidgetUnit = z.infer<typeof WidgetUnitSchema>;
export type Widget = z.infer<typeof WidgetSchema>;
export type MetricSeries = z.infer<typeof MetricSeriesSchema>;
export type MetricsSource = z.infer<typeof MetricsSourceSchema>;
export type AdminInfoResponse = z.infer<typeof AdminInfoResponseSchema>;
export type WidgetDetails = z.infer<typeof WidgetDetailsSchema>;
