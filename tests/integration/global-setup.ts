import type { TestProject } from 'vitest/node';
import { startCluster, type Cluster } from '../support/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

let cluster: Cluster | null = null;

// TEST_DB=postgres runs the integration suite on PostgreSQL: the server named by
// DATABASE_URL when given, else a throwaway cluster started here for the run.
export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('postgresUrl', null);
    return;
  }
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return;
  }
  cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
}

export async function teardown(): Promise<void> {
  cluster?.stop();
  cluster = null;
}
