export {
  attachOrStartCluster,
  type Cluster,
  type ClusterExit,
  createDatabase,
  dropDatabase,
  freePort,
  isListening,
  type LocalCluster,
  type StartClusterOptions,
  startCluster,
  withDatabase,
} from './cluster.ts';
export { debianBinDir, hasDebianPostgres, startSystemCluster, startSystemStandby } from './system-cluster.ts';
