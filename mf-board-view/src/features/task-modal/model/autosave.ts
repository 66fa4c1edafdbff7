/**
 * The task modal's save queue: each burst of edits becomes one save, shortly after the typing stops
 * (`delayMs`) or at once on `flush()` (blur, close, Back, a hidden tab). One save at a time, in the
 * order made: an edit made while a save is under way is sent by the next one. No React here.
 *
 * - A save that answers with conflicts ('conflict') stops the queue: edits wait for the user's
 *   choice, and only `flush({ resolve: true })` (the 'Готово' button) sends them with it; leaving a
 *   field, hiding the tab or closing the modal does not decide for the user.
 * - A failed save ('failed': offline, 5xx, a field's 400) keeps the edits: the next edit, `flush()`
 *   or `retry()` (the connection is back, 'Повторить') sends them again.
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

export interface AutosaveOptions {
  delayMs: number;
  /** Sends the draft as it is now: 'saved', or 'conflict' when a field needs the user's choice. */
  send: () => Promise<'saved' | 'conflict'>;
  onStatus: (status: SaveStatus, error?: unknown) => void;
}

export class Autosave {
  private status: SaveStatus = 'saved';
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: AutosaveOptions) {}

  get current(): SaveStatus {
    return this.status;
  }

  /** There are edits not yet saved. */
  get unsaved(): boolean {
    return this.dirty || this.status === 'saving';
  }

  /** An edit: saved after `delayMs` of quiet, unless a conflict waits for the user's choice. */
  changed(): void {
    this.dirty = true;
    if (this.status === 'conflict') return;
    if (this.status !== 'saving') this.setStatus('pending');
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.options.delayMs);
  }

  /**
   * Saves now what is waiting; resolves once nothing is under way. With `resolve`, a conflict's
   * choices are sent too; without, a conflict keeps waiting for them.
   */
  async flush({ resolve = false }: { resolve?: boolean } = {}): Promise<SaveStatus> {
    if (this.status === 'conflict') {
      if (!resolve) return this.status;
      this.dirty = true;
    }
    this.cancelTimer();
    await this.run();
    return this.status;
  }

  /** Sends again after a failure; nothing to do otherwise. */
  retry(): Promise<SaveStatus> {
    if (this.status !== 'failed') return Promise.resolve(this.status);
    return this.flush();
  }

  dispose(): void {
    this.cancelTimer();
  }

  private async run(): Promise<void> {
    while (this.running) await this.running;
    if (!this.dirty) return;
    this.running = this.loop();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private async loop(): Promise<void> {
    // An edit made during a save waits for its own quiet (its timer), unless a flush sends it now.
    while (this.dirty && !this.timer) {
      this.dirty = false;
      this.setStatus('saving');
      try {
        if ((await this.options.send()) === 'conflict') {
          this.setStatus('conflict');
          return;
        }
      } catch (error) {
        this.dirty = true;
        this.setStatus('failed', error);
        return;
      }
    }
    this.setStatus(this.dirty ? 'pending' : 'saved');
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: SaveStatus, error?: unknown): void {
    this.status = status;
    this.options.onStatus(status, error);
  }
}
