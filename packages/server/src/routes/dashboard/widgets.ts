/**
 * The dashboard's widgets, defined once: id, title, type, tab, unit and the query (or named
 * queries, one series each, for a pie's slices). The panels follow MinIO's console (bucket and
 * object counts, capacity, usage growth, object size distribution, S3 request, error and traffic
 * rates, node memory and CPU, drives) over MinIO's v2 metric names, so the same widgets read a real
 * MinIO through Prometheus and the engine through the console's own history.
 */
import { OBJECT_SIZE_RANGES, type Widget } from '@coffer/contract';
import { metricsOf, type Query, type VectorQuery } from './widget-query.js';

export interface NamedQuery {
  /** Value of the widget's legend label on this query's series (absent: the series' own). */
  readonly name?: string;
  readonly query: Query;
}

export interface WidgetDefinition extends Widget {
  readonly queries: readonly NamedQuery[];
}

const v = (metric: string, extra: Omit<VectorQuery, 'kind' | 'metric'> = {}): VectorQuery => ({
  kind: 'vector',
  metric,
  ...extra,
});
const one = (query: Query): NamedQuery[] => [{ query }];
const total = (metric: string): NamedQuery[] => one(v(metric, { agg: 'max' }));
const perServerRate = (metric: string): NamedQuery[] =>
  one(v(metric, { rate: true, agg: 'sum', by: ['server'] }));

export const WIDGETS: readonly WidgetDefinition[] = [
  // Summary
  {
    id: 1,
    title: 'Number of Buckets',
    type: 'singleValue',
    group: 'summary',
    unit: 'count',
    queries: total('minio_cluster_bucket_total'),
  },
  {
    id: 2,
    title: 'Number of Objects',
    type: 'singleValue',
    group: 'summary',
    unit: 'count',
    queries: total('minio_cluster_usage_object_total'),
  },
  {
    id: 3,
    title: 'Used Capacity',
    type: 'singleValue',
    group: 'summary',
    unit: 'bytes',
    queries: total('minio_cluster_usage_total_bytes'),
  },
  {
    id: 4,
    title: 'Uptime',
    type: 'singleValue',
    group: 'summary',
    unit: 'seconds',
    queries: one({ kind: 'age', of: v('minio_node_process_starttime_seconds', { agg: 'max' }) }),
  },
  {
    id: 5,
    title: 'Online Drives',
    type: 'singleRep',
    group: 'summary',
    unit: 'count',
    queries: one(v('minio_cluster_drive_online_total', { agg: 'sum' })),
  },
  {
    id: 6,
    title: 'Offline Drives',
    type: 'singleRep',
    group: 'summary',
    unit: 'count',
    queries: one(v('minio_cluster_drive_offline_total', { agg: 'sum' })),
  },
  {
    id: 7,
    title: 'Usable Capacity',
    type: 'pieChart',
    group: 'summary',
    unit: 'bytes',
    legend: 'name',
    queries: [
      {
        name: 'used',
        query: {
          kind: 'difference',
          left: v('minio_cluster_capacity_usable_total_bytes', { agg: 'max' }),
          right: v('minio_cluster_capacity_usable_free_bytes', { agg: 'max' }),
        },
      },
      { name: 'free', query: v('minio_cluster_capacity_usable_free_bytes', { agg: 'max' }) },
    ],
  },
  {
    id: 8,
    title: 'Data Usage Growth',
    type: 'linearGraph',
    group: 'summary',
    unit: 'bytes',
    queries: total('minio_cluster_usage_total_bytes'),
  },
  {
    id: 9,
    title: 'Object Size Distribution',
    type: 'barChart',
    group: 'summary',
    unit: 'count',
    legend: 'range',
    queries: one(
      v('minio_bucket_objects_size_distribution', {
        match: { range: OBJECT_SIZE_RANGES },
        agg: 'sum',
        by: ['range'],
      }),
    ),
  },
  // Traffic
  {
    id: 10,
    title: 'S3 API Request Rate',
    type: 'linearGraph',
    group: 'traffic',
    unit: 'perSecond',
    legend: 'server',
    queries: perServerRate('minio_s3_requests_total'),
  },
  {
    id: 11,
    title: 'S3 API Request Error Rate',
    type: 'linearGraph',
    group: 'traffic',
    unit: 'perSecond',
    legend: 'server',
    queries: perServerRate('minio_s3_requests_errors_total'),
  },
  {
    id: 12,
    title: 'S3 API Data Received Rate',
    type: 'linearGraph',
    group: 'traffic',
    unit: 'bytesPerSecond',
    legend: 'server',
    queries: perServerRate('minio_s3_traffic_received_bytes'),
  },
  {
    id: 13,
    title: 'S3 API Data Sent Rate',
    type: 'linearGraph',
    group: 'traffic',
    unit: 'bytesPerSecond',
    legend: 'server',
    queries: perServerRate('minio_s3_traffic_sent_bytes'),
  },
  {
    id: 14,
    title: 'S3 Requests by API',
    type: 'barChart',
    group: 'traffic',
    unit: 'count',
    legend: 'api',
    queries: one(v('minio_s3_requests_total', { agg: 'sum', by: ['api'] })),
  },
  {
    id: 15,
    title: 'Time to First Byte',
    type: 'barChart',
    group: 'traffic',
    unit: 'count',
    legend: 'le',
    queries: one(v('minio_s3_requests_ttfb_seconds_distribution', { agg: 'sum', by: ['le'] })),
  },
  // Resources
  {
    id: 16,
    title: 'Node Memory Usage',
    type: 'linearGraph',
    group: 'resources',
    unit: 'bytes',
    legend: 'server',
    queries: one(v('minio_node_process_resident_memory_bytes', { agg: 'max', by: ['server'] })),
  },
  {
    id: 17,
    title: 'Node CPU Usage',
    type: 'linearGraph',
    group: 'resources',
    unit: 'ratio',
    legend: 'server',
    queries: perServerRate('minio_node_process_cpu_total_seconds'),
  },
  {
    id: 18,
    title: 'Open File Descriptors',
    type: 'linearGraph',
    group: 'resources',
    unit: 'count',
    legend: 'server',
    queries: one(v('minio_node_file_descriptor_open_total', { agg: 'max', by: ['server'] })),
  },
  {
    id: 19,
    title: 'Drive Used Capacity',
    type: 'linearGraph',
    group: 'resources',
    unit: 'bytes',
    legend: 'drive',
    queries: one(v('minio_node_drive_used_bytes', { agg: 'max', by: ['drive'] })),
  },
  {
    id: 20,
    title: 'Drive Free Capacity',
    type: 'barChart',
    group: 'resources',
    unit: 'bytes',
    legend: 'drive',
    queries: one(v('minio_node_drive_free_bytes', { agg: 'max', by: ['drive'] })),
  },
  {
    id: 21,
    title: 'Drive Latency',
    type: 'linearGraph',
    group: 'resources',
    unit: 'microseconds',
    legend: 'drive',
    queries: one(v('minio_node_drive_latency_us', { agg: 'max', by: ['drive'] })),
  },
];

/** A widget as admin info lists it (without its queries). */
export function describeWidget(w: WidgetDefinition): Widget {
  return {
    id: w.id,
    title: w.title,
    type: w.type,
    group: w.group,
    unit: w.unit,
    ...(w.legend !== undefined ? { legend: w.legend } : {}),
  };
}

/** Every metric name a widget reads: what the console's history keeps. */
export const WIDGET_METRICS: ReadonlySet<string> = new Set(
  WIDGETS.flatMap((w) => w.queries.flatMap((q) => metricsOf(q.query))),
);
