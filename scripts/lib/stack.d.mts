// Types for stack.mjs (imported by the e2e tests and the coldload benchmark).
export declare const ROOT: string;
export declare const DEFAULT_DEPLOY_DIR: string;
export declare const DEFAULT_PORT: number;
export declare const PROXY_FAIL_TIMEOUT_S: number;

export type StackService =
  | 'proxy'
  | 'api-1'
  | 'api-2'
  | 'shell'
  | 'mf-auth'
  | 'mf-boards'
  | 'mf-board-view'
  | 'mf-settings';

export declare function stackPorts(port?: number): Record<StackService, number>;
export declare function findNginx(options?: { install?: boolean }): string;
export declare function deployWorkspaceBuilds(
  deployDir: string,
  options?: { log?: (line: string) => void },
): void;

export interface StackOptions {
  deployDir?: string;
  port?: number;
  host?: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
  jwtSecret?: string;
  logLevel?: string;
  /** Collect the children's output in `output` instead of printing it. */
  quiet?: boolean;
  /** Publish the workspace builds before starting (default true). */
  deploy?: boolean;
  installNginx?: boolean;
  /** Uploads in a bucket of an s3rver process (service `s3`) instead of the APIs' DATA_DIR. */
  s3?: boolean;
  /** METRICS_TOKEN of the API instances (/metrics on their own ports). */
  metricsToken?: string;
}

export interface RestartStep {
  name: 'api-1' | 'api-2';
  /** Taking it out of the proxy's rotation (rewrite, reload, the new workers serving). */
  rotationMs: number;
  /** SIGTERM to exit. */
  drainMs: number;
  /** Start to /health/ready. */
  startMs: number;
  /** When the step began (ISO). */
  at: string;
}

export interface Stack {
  url: string;
  ports: Record<StackService, number>;
  deployDir: string;
  output: string[];
  services: StackService[];
  serviceUrl(name: StackService): string | undefined;
  stopService(name: StackService, options?: { graceMs?: number }): Promise<void>;
  startService(name: StackService): Promise<void>;
  /** Restarts api-1, then api-2, each drained while the other serves. */
  rollingRestart(options?: { beforeStep?: (name: 'api-1' | 'api-2') => unknown }): Promise<RestartStep[]>;
  stop(): Promise<void>;
}

export declare function startStack(options?: StackOptions): Promise<Stack>;
