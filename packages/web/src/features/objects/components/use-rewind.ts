/**
 * The object browser's rewind mode (spec 2 §3 "Object-browser state: rewind (enabled, bucket,
 * date)", §4 "Rewind"): enabled by choosing a date, which is kept with the bucket it was chosen
 * in; while enabled the list shows the objects as of that date. Browsing another bucket resets it.
 */
import { useState } from 'react';

export interface RewindMode {
  /** Rewind is on for the bucket on show. */
  active: boolean;
  /** ISO 8601 date the list is rewound to ('' when off). */
  date: string;
  enable: (date: string) => void;
  disable: () => void;
}

export function useRewind(bucket: string): RewindMode {
  const [state, setState] = useState<{ bucket: string; date: string } | null>(null);
  // A rewind chosen in another bucket does not apply here (and is dropped on the next change).
  const active = state !== null && state.bucket === bucket;
  return {
    active,
    date: active ? state.date : '',
    enable: (date) => setState({ bucket, date }),
    disable: () => setState(null),
  };
}
