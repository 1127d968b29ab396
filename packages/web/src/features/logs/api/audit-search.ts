/**
 * GET /logs/search (spec 2 §7 "Audit and session"): the audit log, page by page (100 records,
 * `pageNo` from 0) as the user scrolls. The search is keyed by what was submitted (Get Information
 * or a new sort order), so each submission starts again at page 0 (spec 2 §4 "Audit search").
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { AuditLogRecord } from '@coffer/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export type { AuditLogRecord };

export const AUDIT_PAGE_SIZE = 100;

/** One submitted search: the `fp` filters, the order and the time range (ISO). */
export interface AuditQuery {
  fp: readonly string[];
  order: 'timeDesc' | 'timeAsc';
  timeStart?: string;
  timeEnd?: string;
  /** Bumped by each Get Information, so the same criteria load afresh. */
  run: number;
}

export function useAuditSearch(query: AuditQuery | undefined) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: ['logs', 'audit', query] as const,
    queryFn: ({ pageParam, signal }) =>
      client.call(ENDPOINTS.searchAuditLogs, {
        query: {
          q: 'reqinfo',
          fp: query?.fp ?? [],
          pageSize: AUDIT_PAGE_SIZE,
          pageNo: pageParam,
          order: query?.order ?? 'timeDesc',
          ...(query?.timeStart !== undefined ? { timeStart: query.timeStart } : {}),
          ...(query?.timeEnd !== undefined ? { timeEnd: query.timeEnd } : {}),
        },
        signal,
      }),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (last, pages) => (last.results.length < AUDIT_PAGE_SIZE ? undefined : pages.length),
    enabled: query !== undefined,
    staleTime: Infinity,
  });
}
