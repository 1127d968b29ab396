/** Public entry of `@coffer/cluster-sim`: the simulated Kubernetes cluster for tests and demos. */
export { startClusterSim, type ClusterSim, type ClusterSimOptions } from './cluster-sim.js';
export type { CrdFlavour } from './api/tenant-schema.js';
