import { calls, recordRequest } from './fetch';

/**
 * Stands in for XMLHttpRequest (uploads): each request is logged with the fetch calls and kept in
 * `FakeXhr.all`; the test drives its progress and its answer.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  static last: FakeXhr | null = null;

  static reset() {
    FakeXhr.all = [];
    FakeXhr.last = null;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  /** How many requests had been made when this one was sent. */
  afterCalls = 0;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.afterCalls = calls().length;
    recordRequest(this.method, this.url);
    FakeXhr.all.push(this);
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
