/**
 * Work a request starts but does not wait for (sending mail), so an answer's timing cannot reveal
 * what happened behind it. Failures are logged; closing the app waits for whatever is still running.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  run(label: string, task: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: label }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
