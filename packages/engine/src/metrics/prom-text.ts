/**
 * Prometheus text exposition format 0.0.4: `# HELP`, `# TYPE`, then one line per sample,
 * `name{label="value",…} number`. Label values escape backslash, double quote and newline; help
 * text escapes backslash and newline (the format's only escapes). Families are written in the order
 * they are added, each once.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram';

export type Labels = Record<string, string>;

export interface Sample {
  labels?: Labels;
  value: number;
  /** Appended to the family name (histograms: `_bucket`, `_sum`, `_count`). */
  suffix?: string;
}

/** Content-Type of the text format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  if (!labels) return '';
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

export class PrometheusText {
  private readonly lines: string[] = [];
  private readonly seen = new Set<string>();

  /** Add one metric family. A family without samples is left out entirely. */
  family(name: string, type: MetricType, help: string, samples: Sample[]): this {
    if (samples.length === 0) return this;
    if (this.seen.has(name)) throw new Error(`metric family ${name} written twice`);
    this.seen.add(name);
    this.lines.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
    for (const s of samples)
      this.lines.push(`${name}${s.suffix ?? ''}${formatLabels(s.labels)} ${formatValue(s.value)}`);
    return this;
  }

  toString(): string {
    return this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
  }
}
