/**
 * A pod's age (spec 3 §4 "Pods list": from the creation time in seconds): the largest whole unit
 * of seconds, minutes, hours or days, as Kubernetes tools print it.
 */
export interface Age {
  unit: 'ageSeconds' | 'ageMinutes' | 'ageHours' | 'ageDays';
  count: number;
}

export function podAge(createdSeconds: number, nowMs: number): Age {
  const seconds = Math.max(0, Math.floor(nowMs / 1000 - createdSeconds));
  if (seconds < 60) return { unit: 'ageSeconds', count: seconds };
  if (seconds < 3600) return { unit: 'ageMinutes', count: Math.floor(seconds / 60) };
  if (seconds < 86400) return { unit: 'ageHours', count: Math.floor(seconds / 3600) };
  return { unit: 'ageDays', count: Math.floor(seconds / 86400) };
}
