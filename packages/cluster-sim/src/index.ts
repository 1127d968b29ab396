/** Public entry of `@coffer/cluster-sim`: the simulated Kubernetes cluster for tests and demos. */
export { startClusterSim, type ClusterSim, type ClusterSimOptions } from './cluster-sim.js';
export type { CrdFlavour } from './api/tenant-schema.js';
export { ENDPOINT_ANNOTATION } from './operator/workloads.js';
export { DEMO_TENANT } from './demo-tenant.js';
export { parityOptions, erasureSetSize } from '@coffer/protocol';
