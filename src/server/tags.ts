import type { FastifyInstance } from 'fastify';
import brands from '../../config/brands.json';
import { analyticsEntry, type AnalyticsEntry } from '../contract/data-layer.ts';
import type { Db, Migration } from './database.ts';
import { TAG_EVENT_FIELDS, TAG_SCRIPT } from './tags-script.ts';

/**
 * The local default of first-party server-side tagging (SPEC §1): the script the page loads
 * 3000 ms after it has loaded (GET /tags/gtm.js) and the endpoint it sends events to
 * (POST /tags/collect). In production TAG_MANAGER_SCRIPT_URL points at the real tagging
 * server instead; locally the events are kept in the database, so a developer can see what
 * a deployment's tag manager would receive.
 */

/** A kept event: the data-layer entry's allowed fields and the brand's container. */
export interface TagEvent extends AnalyticsEntry {
  container: string | null;
}

/** The events the local tagging endpoint received: the allowed fields only, never a request's body. */
export const tagEventsMigration: Migration = {
  version: 7,
  description: 'tag events: what the local first-party tagging endpoint received',
  up: (db) => {
    db.exec(`
      CREATE TABLE tag_events (
        id INTEGER PRIMARY KEY,
        container TEXT,
        event TEXT NOT NULL,
        funnel TEXT,
        brand TEXT CHECK (brand IS NULL OR brand IN ('male', 'female')),
        variant TEXT,
        step_index INTEGER,
        outcome TEXT,
        received_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};

/** The page's route pattern, sent with every event since the first version. */
export const tagEventsPagePathMigration: Migration = {
  version: 8,
  description: 'tag events: the page as its route pattern',
  up: (db) => {
    db.exec('ALTER TABLE tag_events ADD COLUMN page_path TEXT');
  },
};

/** A split test's fields (issue 29): which test, variant and funnel version an event is about. */
export const tagEventsExperimentMigration: Migration = {
  version: 15,
  description: 'tag events: the split test, variant and funnel version of a split test event',
  up: (db) => {
    db.exec(`
      ALTER TABLE tag_events ADD COLUMN experiment TEXT;
      ALTER TABLE tag_events ADD COLUMN experiment_variant TEXT;
      ALTER TABLE tag_events ADD COLUMN funnel_version TEXT;
    `);
  },
};

const CONTAINERS: ReadonlySet<string> = new Set(Object.values(brands.brands).map((brand) => brand.tagManagerContainer));
const KEYS: ReadonlySet<string> = new Set(['container', ...TAG_EVENT_FIELDS]);

/** Reads the text, or null for an empty or odd body: a collector answers 400 to it. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The event when every field is allowed (analytics.ts's allow-list) and there is no other
 * field; otherwise null. Stricter than the browser module, which drops what is not allowed:
 * anything here that is not allowed was not sent by the app, so nothing of it is kept.
 */
export function tagEventOf(raw: unknown): TagEvent | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const body = raw as Record<string, unknown>;
  if (Object.keys(body).some((key) => !KEYS.has(key))) return null;
  const entry = analyticsEntry(
    body.event,
    {
      funnel: body.funnel,
      brand: body.brand,
      variant: body.variant,
      stepIndex: body.step_index,
      route: body.page_path,
    },
    body.outcome,
    {
      experiment: body.experiment,
      variant: body.experiment_variant,
      code: body.funnel,
      version: body.funnel_version,
      step: body.step_index,
    },
  );
  if (entry === null) return null;
  const event: TagEvent = {
    container: typeof body.container === 'string' && CONTAINERS.has(body.container) ? body.container : null,
    ...entry,
  };
  // A field sent with a value the allow-list does not hold is a reason to refuse the event.
  const refused = (['container', ...TAG_EVENT_FIELDS] as const).some(
    (key) => body[key] !== undefined && body[key] !== null && body[key] !== event[key],
  );
  return refused ? null : event;
}

/**
 * Registers GET /tags/gtm.js and POST /tags/collect. In their own scope: the collector reads
 * its body as text whatever the content type (the script sends text/plain to avoid a CORS
 * preflight), with a small limit, and parses it itself so no parser error quotes it.
 */
export function registerTags(app: FastifyInstance, db: Db): void {
  const insert = db.prepare<
    [
      string | null,
      string,
      string | null,
      string | null,
      string | null,
      number | null,
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
      string,
    ]
  >(
    `INSERT INTO tag_events (container, event, funnel, brand, variant, step_index, outcome, page_path,
       experiment, experiment_variant, funnel_version, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  void app.register((scope, _options, done) => {
    scope.get('/tags/gtm.js', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(TAG_SCRIPT),
    );
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, parsed) => {
      parsed(null, body);
    });
    scope.post('/tags/collect', (request, reply) => {
      const event = tagEventOf(typeof request.body === 'string' ? jsonOf(request.body) : null);
      if (event === null) {
        return reply.code(400).send({ status: 400, message: 'This is not an allowed tag event' });
      }
      insert.run(
        event.container,
        event.event,
        event.funnel,
        event.brand,
        event.variant,
        event.step_index,
        event.outcome,
        event.page_path,
        event.experiment,
        event.experiment_variant,
        event.funnel_version,
        new Date().toISOString(),
      );
      // The event's name only: its other fields are coarse, but a log is no place to collect them.
      request.log.info({ tagEvent: event.event }, 'tag event kept');
      return reply.code(204).send();
    });
    done();
  });
}
