/**
 * Admin info and widget series (spec 2 §7 "Dashboard"): GET /admin/info once on load, and each
 * widget's GET /admin/info/widgets/{id}/ with step, start and end — step the minutes in the range
 * (15 when under a minute), 0 and no start or end when no range is picked (the server then answers
 * the last 7 days). A failed widget stays in its card (its own message), not a toast.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { AdminInfoResponse, WidgetDetails } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export const ADMIN_INFO_KEY = ['admin-info'] as const;
export const WIDGET_KEY = ['dashboard-widget'] as const;

/** What the widget calls send: a picked range in unix seconds, or none. */
export interface WidgetRange {
  start?: number;
  end?: number;
}

/** Spec 2 §7: the step is the minutes in the range, 15 under a minute, 0 with no range. */
export function stepOf(range: WidgetRange): number {
  if (range.start === undefined || range.end === undefined) return 0;
  const minutes = Math.floor((range.end - range.start) / 60);
  return minutes < 1 ? 15 : minutes;
}

export function useAdminInfo() {
  const client = useApiClient();
  return useQuery<AdminInfoResponse>({
    queryKey: ADMIN_INFO_KEY,
    queryFn: ({ signal }) => client.call(ENDPOINTS.getAdminInfo, { signal }),
  });
}

export function useWidgetDetails(id: number, range: WidgetRange) {
  const client = useApiClient();
  return useQuery<WidgetDetails>({
    queryKey: [...WIDGET_KEY, id, range.start ?? null, range.end ?? null],
    queryFn: ({ signal }) =>
      client.call(ENDPOINTS.getWidgetDetails, {
        params: { id },
        query: {
          step: stepOf(range),
          ...(range.start !== undefined && range.end !== undefined
            ? { start: range.start, end: range.end }
            : {}),
        },
        signal,
      }),
    meta: { silent: true },
    retry: false,
  });
}
