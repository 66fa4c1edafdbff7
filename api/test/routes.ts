/** The API's operations as its own OpenAPI document lists them, so route walks cover new routes too. */
import type { BoardAction } from 'contract/roles';
import type { App } from '../src/app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Operation {
  method: Method;
  /** As documented: `/api/task/{boardId}/{taskId}`. */
  path: string;
  pathParams: string[];
  /** The smallest value each path parameter takes, where its schema says. */
  minimum: Record<string, number | undefined>;
  queryParams: { name: string; type?: string }[];
  bodyFields: string[];
  /** What it does on its board (contract/roles.ts): its `x-board-action`, else 'view' for a GET and 'edit' otherwise. */
  action: BoardAction;
}

interface DocOperation {
  'x-board-action'?: BoardAction;
  parameters?: { in: string; name: string; schema?: { type?: string; minimum?: number } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export async function operations(app: App): Promise<Operation[]> {
  const doc = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, DocOperation>>;
  }>();
  const result: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = operation.parameters ?? [];
      result.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        minimum: Object.fromEntries(parameters.map((p) => [p.name, p.schema?.minimum])),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, type: p.schema?.type })),
        bodyFields: Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        ),
        action: operation['x-board-action'] ?? (method === 'get' ? 'view' : 'edit'),
      });
    }
  }
  return result;
}

/** The path with each `{param}` replaced by `value(param)`. */
export const fillPath = (path: string, value: (param: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => value(name));
