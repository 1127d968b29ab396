/**
 * The shape every translation must have: the English catalogue's keys, nested the same way, with
 * any string as value. A second language typed with it fails to compile when it misses a key or
 * adds one English does not have.
 */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
