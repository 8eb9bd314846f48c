import type { Page, Request, TestInfo } from '@playwright/test';
import { watchPresses } from './patient.ts';

/** The methods that write. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One press of a screen's main action and the API writes made from it until the next screen had drawn. */
export interface PressWrites {
  /** Where it was pressed (path and form page title) and the button. */
  press: string;
  /** Each write, as `METHOD /api/path`. */
  writes: string[];
}

/** The journey write: each one sends the whole journey again. */
export const JOURNEY_WRITE = 'PUT /api/journey';

/**
 * How long after the next screen has drawn a press's writes are still counted: longer than the
 * journey's typing delay (600 ms, SAVE_DELAY_MS), so a write an effect of the new screen makes
 * "a moment later" is the press's.
 */
const SETTLE_MS = 1_500;

/** Longer than the journey's typing delay (SAVE_DELAY_MS, 600 ms). */
const TYPING_DELAY_MS = 800;

function pathOf(request: Request): string {
  return new URL(request.url()).pathname;
}

/**
 * Counts the API writes of each press of a screen's main action on a page, as a patient walks a
 * funnel: from the press until the next screen has drawn and settled (`drawn`), so the saves of
 * typing between presses are not counted. The walking helpers (e2e/support/patient.ts) report
 * their presses through `watchPresses`; a test calls `drawn` once the next screen shows.
 */
export class WriteCount {
  readonly presses: PressWrites[] = [];
  private open: PressWrites | null = null;
  private inFlight = new Set<Request>();

  constructor(private readonly page: Page) {
    page.on('request', (request) => {
      if (!WRITES.has(request.method()) || !pathOf(request).startsWith('/api/')) return;
      this.open?.writes.push(`${request.method()} ${pathOf(request)}`);
      this.inFlight.add(request);
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    watchPresses(page, async (button, press) => {
      await this.drawn();
      // The typing just before the press is saved after the journey's typing delay: let that
      // save go first, so what is counted is the press's own.
      await this.quiet(TYPING_DELAY_MS);
      const title = await page
        .getByRole('main')
        .getByRole('heading', { level: 2 })
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null);
      const where = `${new URL(page.url()).pathname}${title === null ? '' : ` “${title}”`}`;
      this.open = { press: `${where}: ${button}`, writes: [] };
      this.presses.push(this.open);
      await press();
    });
  }

  /**
   * The next screen has drawn: waits for the writes still under way and for SETTLE_MS more,
   * then stops counting for the press. Nothing to do when no press is being counted.
   */
  async drawn(): Promise<void> {
    if (this.open === null) return;
    await this.quiet(SETTLE_MS);
    this.open = null;
  }

  /** Waits `ms`, then for the writes still under way (at most 10 s). */
  private async quiet(ms: number): Promise<void> {
    await this.page.waitForTimeout(ms);
    for (let waited = 0; this.inFlight.size > 0 && waited < 10_000; waited += 100) {
      await this.page.waitForTimeout(100);
    }
  }

  /** The table of presses, writes and journey writes, for the test's output. */
  table(funnel: string): string {
    const rows = this.presses.map(({ press, writes }) => {
      const journey = writes.filter((write) => write === JOURNEY_WRITE).length;
      return `| ${funnel} | ${press} | ${String(writes.length)} | ${String(journey)} | ${writes.join(', ')} |`;
    });
    return [
      '| funnel | press | API writes | of them PUT /api/journey | writes |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  }

  /** Prints the table in the test's output and attaches it to the report. */
  async report(funnel: string, testInfo: TestInfo): Promise<void> {
    const table = this.table(funnel);
    console.log(`\n${table}\n`);
    await testInfo.attach(`writes per press (${funnel})`, { body: table, contentType: 'text/markdown' });
  }
}
