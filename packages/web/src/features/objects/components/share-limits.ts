/** Spec 2 §9: a share link lives at most 604800000 ms (7 days). Kept equal to the contract's. */
export const MAX_SHARE_MS = 604_800_000;
