import type { Migration } from './database.ts';
import { sessionsMigration } from './session-lifetime.ts';
import { returnLinkClaimsMigration } from './return-link-claims.ts';
import { journeyExperimentPatientsMigration } from './experiments.ts';
import { idempotencyMigration, idempotencySessionMigration } from './idempotency.ts';
import { consentRecordsMigration, legalDocumentsMigration } from './legal.ts';
import { tagEventsExperimentMigration, tagEventsMigration, tagEventsPagePathMigration } from './tags.ts';

/**
 * What the funnel sends: leads, billing, orders, identity checks, status updates and the
 * records of the portal calls. Card numbers and CVCs have no column anywhere: billing keeps
 * a token, the last four digits, the brand and the expiry, and orders the last four only.
 */
const funnelRecords: Migration = {
  version: 2,
  description: 'funnel records: leads, billing, orders, identity checks, status updates',
  up: (db) => {
    db.exec(`
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE leads (
        landing_id TEXT PRIMARY KEY,
        form_id TEXT NOT NULL DEFAULT 'MIP',
        path_code TEXT,
        -- The lead as the funnel sent it (validated against LeadPayload), contact fields included.
        lead_json TEXT NOT NULL CHECK (json_valid(lead_json)),
        answers_json TEXT NOT NULL CHECK (json_valid(answers_json)),
        scores_json TEXT CHECK (scores_json IS NULL OR json_valid(scores_json)),
        -- The landingId sent beside the lead when it differs from the lead's own landing_id.
        linked_landing_id TEXT,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX leads_form ON leads (form_id);

      CREATE TABLE customers (
        kt_customer_id TEXT PRIMARY KEY,
        landing_id TEXT,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT NOT NULL CHECK (length(phone) = 10),
        gender TEXT NOT NULL CHECK (gender IN ('male', 'female')),
        state TEXT CHECK (state IS NULL OR length(state) = 2),
        -- The opaque reference the portal login call carries (never an email or phone).
        portal_ref TEXT UNIQUE,
        has_id INTEGER NOT NULL DEFAULT 0 CHECK (has_id IN (0, 1)),
        allergies_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allergies_json)),
        portal_login_at TEXT,
        comm_change_confirmed_at TEXT,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;
      CREATE INDEX customers_email ON customers (email COLLATE NOCASE);
      CREATE INDEX customers_phone ON customers (phone);
      CREATE INDEX customers_name ON customers (last_name COLLATE NOCASE, first_name COLLATE NOCASE);
      CREATE INDEX customers_landing ON customers (landing_id);

      CREATE TABLE billing (
        billing_token TEXT PRIMARY KEY,
        landing_id TEXT NOT NULL REFERENCES leads (landing_id),
        last4 TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
        card_brand TEXT NOT NULL CHECK (card_brand IN ('visa', 'mastercard', 'amex', 'discover', 'other')),
        exp_month INTEGER CHECK (exp_month IS NULL OR exp_month BETWEEN 1 AND 12),
        exp_year INTEGER CHECK (exp_year IS NULL OR exp_year BETWEEN 2000 AND 2100),
        -- The payment simulator's verdict for the card: NULL when it would be charged, else why not.
        decline_reason TEXT,
        -- The billing customer without card number, CVC or payment token: names, address, contact.
        customer_json TEXT NOT NULL CHECK (json_valid(customer_json)),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX billing_landing ON billing (landing_id, created_at);

      CREATE TABLE orders (
        id TEXT PRIMARY KEY CHECK (id GLOB 'ord_*'),
        kind TEXT NOT NULL CHECK (kind IN ('order', 'follow-on', 'zero-dollar', 'non-linear', 'hrt-info')),
        landing_id TEXT NOT NULL REFERENCES leads (landing_id),
        lead_landing_id TEXT REFERENCES leads (landing_id),
        kt_customer_id TEXT,
        product_id TEXT NOT NULL,
        campaign_id TEXT,
        quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100),
        comp_order INTEGER NOT NULL DEFAULT 0 CHECK (comp_order IN (0, 1)),
        total TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'fulfilled', 'cancelled')),
        billing_token TEXT REFERENCES billing (billing_token),
        last4 TEXT CHECK (last4 IS NULL OR (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*')),
        -- The contact the order was placed with (validated Contact), for the clinic's records.
        contact_json TEXT CHECK (contact_json IS NULL OR json_valid(contact_json)),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX orders_landing ON orders (landing_id, created_at);
      CREATE INDEX orders_customer ON orders (kt_customer_id, created_at);

      CREATE TABLE soap_notes (
        id INTEGER PRIMARY KEY,
        landing_id TEXT NOT NULL REFERENCES leads (landing_id),
        notes TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX soap_notes_landing ON soap_notes (landing_id);

      CREATE TABLE identity_checks (
        id TEXT PRIMARY KEY CHECK (id GLOB 'idc_*'),
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        birthdate TEXT NOT NULL,
        state TEXT NOT NULL CHECK (length(state) = 2),
        id_type TEXT,
        -- Only the last four characters of the document number; an SSN is never stored.
        id_number_last4 TEXT CHECK (id_number_last4 IS NULL OR length(id_number_last4) <= 4),
        ssn_given INTEGER NOT NULL DEFAULT 0 CHECK (ssn_given IN (0, 1)),
        status TEXT NOT NULL CHECK (status IN ('verified', 'failed', 'review')),
        operation TEXT NOT NULL CHECK (operation IN ('checkIdentity', 'identityCheck')),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX identity_checks_name ON identity_checks (last_name COLLATE NOCASE, first_name COLLATE NOCASE);

      CREATE TABLE status_updates (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('CED', 'CHRT', 'FCHRT', 'appointment-made', 'restart')),
        landing_id TEXT,
        lead_landing_id TEXT,
        kt_customer_id TEXT,
        appointment_id TEXT,
        -- appointmentMade comes from the portal, appointmentMadeFromFlow from the funnel.
        source TEXT CHECK (source IS NULL OR source IN ('portal', 'flow')),
        is_restart INTEGER NOT NULL DEFAULT 0 CHECK (is_restart IN (0, 1)),
        created_at TEXT NOT NULL,
        CHECK (kind <> 'appointment-made' OR (appointment_id IS NOT NULL AND source IS NOT NULL)),
        CHECK (kind NOT IN ('CED', 'CHRT', 'FCHRT') OR landing_id IS NOT NULL),
        CHECK (kind <> 'restart' OR is_restart = 1)
      ) STRICT;
      CREATE INDEX status_updates_landing ON status_updates (landing_id, kind);
      CREATE INDEX status_updates_appointment ON status_updates (appointment_id);

      CREATE TABLE hrt_patient_updates (
        id INTEGER PRIMARY KEY,
        mpid TEXT NOT NULL,
        landing_id TEXT NOT NULL REFERENCES leads (landing_id),
        location TEXT,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX hrt_patient_updates_landing ON hrt_patient_updates (landing_id);

      CREATE TABLE continuous_orders (
        kt_customer_id TEXT NOT NULL REFERENCES customers (kt_customer_id),
        is_restart INTEGER NOT NULL CHECK (is_restart IN (0, 1)),
        medication_effectiveness TEXT,
        details_json TEXT NOT NULL CHECK (json_valid(details_json)),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (kt_customer_id, is_restart)
      ) STRICT;

      CREATE TABLE referrals (
        id TEXT PRIMARY KEY CHECK (id GLOB 'ref_*'),
        referrer_customer_id TEXT NOT NULL REFERENCES customers (kt_customer_id),
        friend_first_name TEXT NOT NULL,
        friend_email TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('invited', 'joined')),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        created_at TEXT NOT NULL,
        UNIQUE (referrer_customer_id, friend_email COLLATE NOCASE)
      ) STRICT;

      CREATE TABLE prescriptions (
        id TEXT PRIMARY KEY,
        kt_customer_id TEXT NOT NULL REFERENCES customers (kt_customer_id),
        medication TEXT NOT NULL,
        dosage TEXT,
        status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'expired', 'cancelled')),
        refills_remaining INTEGER CHECK (refills_remaining IS NULL OR refills_remaining BETWEEN 0 AND 99),
        written_at TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;
      CREATE INDEX prescriptions_customer ON prescriptions (kt_customer_id);
    `);
  },
};

/**
 * What the funnel reads: products, question pages, content, terms, state rules, locations,
 * short links and the scheduling service's stand-in. Every table has a demo flag: seeded rows
 * are demo content, so a real import can tell them apart and drop them.
 */
const funnelContent: Migration = {
  version: 3,
  description: 'funnel content: products, question pages, content, terms, scheduling, short links',
  up: (db) => {
    db.exec(`
      CREATE TABLE products (
        external_id TEXT NOT NULL CHECK (external_id NOT GLOB '*[^0-9]*'),
        category TEXT NOT NULL CHECK (category IN ('hrt', 'fhrt')),
        type TEXT NOT NULL CHECK (type IN ('product', 'mpid')),
        -- The product answered for id 'undefined' (SPEC §7), one per category.
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        campaign_id TEXT,
        comp_order INTEGER CHECK (comp_order IS NULL OR comp_order IN (0, 1)),
        brand TEXT,
        name TEXT NOT NULL,
        description TEXT,
        message TEXT,
        package_includes_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(package_includes_json)),
        includes_detail_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(includes_detail_json)),
        price TEXT NOT NULL,
        quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100),
        sale_price TEXT NOT NULL DEFAULT '',
        shipping TEXT,
        total TEXT NOT NULL,
        mp_id TEXT,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        PRIMARY KEY (external_id, category)
      ) STRICT;
      CREATE UNIQUE INDEX products_default ON products (category) WHERE is_default = 1;

      CREATE TABLE question_pages (
        form_id TEXT NOT NULL,
        page_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        page_json TEXT NOT NULL CHECK (json_valid(page_json)),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        PRIMARY KEY (form_id, page_id),
        UNIQUE (form_id, position)
      ) STRICT;

      CREATE TABLE content (
        key TEXT PRIMARY KEY,
        markdown TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      CREATE TABLE dead_ends (
        answer TEXT PRIMARY KEY,
        markdown TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      CREATE TABLE terms (
        version TEXT PRIMARY KEY,
        effective_date TEXT NOT NULL,
        markdown TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;
      CREATE INDEX terms_effective ON terms (effective_date);

      CREATE TABLE state_encounter_types (
        state TEXT PRIMARY KEY CHECK (length(state) = 2),
        encounter_types_json TEXT NOT NULL CHECK (json_valid(encounter_types_json)),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      CREATE TABLE microclinics (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        line1 TEXT NOT NULL,
        city TEXT NOT NULL,
        state TEXT NOT NULL CHECK (length(state) = 2),
        zip TEXT NOT NULL,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      CREATE TABLE short_links (
        hash TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      CREATE TABLE event_types (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        uri TEXT NOT NULL,
        scheduling_url TEXT,
        duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 1 AND 480),
        timezone TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
      ) STRICT;

      -- A weekly schedule: the dates offered are computed from today, so they never run out.
      CREATE TABLE availability (
        event_type_id TEXT NOT NULL REFERENCES event_types (id),
        weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
        start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        PRIMARY KEY (event_type_id, weekday, start_minute)
      ) STRICT;

      CREATE TABLE appointments (
        id TEXT PRIMARY KEY,
        event_type_id TEXT REFERENCES event_types (id),
        landing_id TEXT,
        start_time TEXT,
        end_time TEXT,
        status TEXT NOT NULL CHECK (status IN ('scheduled', 'made', 'cancelled')),
        made_from TEXT CHECK (made_from IS NULL OR made_from IN ('portal', 'flow')),
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX appointments_slot ON appointments (event_type_id, start_time);
    `);
  },
};

/** Every schema change, in order; openDatabase applies the ones a database has not seen. */
/**
 * The patient's place and answers in a funnel, under an opaque id the browser holds in an
 * HttpOnly cookie (schemas/app.openapi.json).
 */
const journeys: Migration = {
  version: 4,
  description: 'journeys: the place and answers of a patient in a funnel',
  up: (db) => {
    db.exec(`
      CREATE TABLE journeys (
        journey_id TEXT NOT NULL,
        path_code TEXT NOT NULL,
        state_json TEXT NOT NULL CHECK (json_valid(state_json)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (journey_id, path_code)
      ) STRICT;
      CREATE INDEX journeys_updated ON journeys (updated_at);
    `);
  },
};

/** ID documents the upload page sends (schemas/app.openapi.json, uploadIdDocument). */
const idDocuments: Migration = {
  version: 5,
  description: 'id documents: the photos of ID the upload page sends',
  up: (db) => {
    db.exec(`
      CREATE TABLE id_documents (
        id TEXT PRIMARY KEY,
        kt_customer_id TEXT NOT NULL REFERENCES customers (kt_customer_id),
        media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
        size INTEGER NOT NULL CHECK (size > 0),
        sha256 TEXT NOT NULL,
        content BLOB NOT NULL,
        received_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX id_documents_customer ON id_documents (kt_customer_id);
    `);
  },
};

/**
 * The local places service's demo data (schemas/app.openapi.json, tag places): street
 * addresses to suggest, and city centres and ZIP codes to turn into a point for the
 * microclinic lookup. `search_key` is the address in lower case with only letters, digits and
 * single spaces, so a prefix of what the patient types can be matched with LIKE.
 */
const places: Migration = {
  version: 6,
  description: 'places: demo addresses, cities and ZIP codes for the local places service',
  up: (db) => {
    db.exec(`
      CREATE TABLE places (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('address', 'city', 'zip')),
        line1 TEXT,
        city TEXT NOT NULL,
        state TEXT NOT NULL CHECK (length(state) = 2),
        zip TEXT NOT NULL CHECK (length(zip) = 5 AND zip NOT GLOB '*[^0-9]*'),
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
        search_key TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
        CHECK ((kind = 'address') = (line1 IS NOT NULL))
      ) STRICT;
      CREATE INDEX places_search ON places (kind, search_key);
      CREATE INDEX places_zip ON places (zip);
    `);
  },
};

/**
 * Which browser session owns which patient record (src/server/access.ts, docs/security.md):
 * a lead, customer or appointment is read or changed only by the session that created it or proved it is
 * that patient's. Orders, appointments and the rest follow their lead or customer.
 */
const sessionGrants: Migration = {
  version: 9,
  description: 'session grants: the browser session that owns each lead, customer and appointment',
  up: (db) => {
    db.exec(`
      CREATE TABLE session_grants (
        session_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('lead', 'customer', 'appointment', 'identity-check')),
        record_id TEXT NOT NULL,
        granted_at TEXT NOT NULL,
        PRIMARY KEY (session_id, kind, record_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX session_grants_granted ON session_grants (granted_at);
    `);
  },
};

/**
 * Journeys carry a revision, so a save made over a journey this browser has not seen is
 * refused (409) instead of replacing answers another tab saved (src/server/handlers/journeys.ts).
 * Journeys saved before this start at 1, as if each had been saved once.
 */
const journeyRevisions: Migration = {
  version: 10,
  description: 'journey revisions: a save names the revision it was made over',
  up: (db) => {
    db.exec('ALTER TABLE journeys ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1)');
  },
};

/** The CHECK of a funnel version column: the 8 hex digits of `stepsVersion`. */
const VERSION_GLOB = "GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'";

/**
 * Each journey's funnel version (issue 26): the short hash of the funnel steps its place belongs
 * to, as the journey's state records it (`funnel.version`), in a column of its own so a funnel
 * change can count the journeys standing on each version without reading their answers. Journeys
 * saved before have none (NULL): their place is read against the funnel as it is now.
 */
const journeyFunnelVersions: Migration = {
  version: 12,
  description: 'journey funnel versions: the version of the funnel steps a journey was saved on',
  up: (db) => {
    db.exec(`ALTER TABLE journeys ADD COLUMN funnel_version TEXT CHECK (funnel_version ${VERSION_GLOB})`);
    db.exec('CREATE INDEX journeys_funnel_version ON journeys (path_code, funnel_version)');
  },
};

/**
 * A journey's split test (issue 29): the experiment and variant the server assigned it on its
 * first save, the version of that variant's steps it was last counted on, and the highest step
 * counted (NULL: not shown yet). The server's own table, not the state: the browser replaces the
 * state whole on every save, so a variant kept there could be chosen by the browser. Not in the
 * journeys table either: Start over (DELETE /journey) forgets the journey, but not the variant,
 * nor how far the patient was counted in it, so starting over neither changes the one nor
 * counts the other again. Keyed by the session like the journey, so a renewed session keeps it.
 */
const journeyExperiments: Migration = {
  version: 13,
  description: 'journey experiments: the split test variant the server assigned a journey, and how far it was counted',
  up: (db) => {
    db.exec(`
      CREATE TABLE journey_experiments (
        journey_id TEXT NOT NULL,
        path_code TEXT NOT NULL,
        experiment TEXT NOT NULL,
        variant TEXT NOT NULL,
        counted_version TEXT CHECK (counted_version ${VERSION_GLOB}),
        counted_step INTEGER CHECK (counted_step BETWEEN -1 AND 99),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (journey_id, path_code)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX journey_experiments_updated ON journey_experiments (updated_at);
    `);
  },
};

/**
 * What split tests measure (issue 29): per code, test, variant, version of its steps and day,
 * how many patients were first shown it (step -1) and first reached each step. Counts, not
 * events: no journey or session id, no time of day, and no row per patient whose order could
 * be lined up with the journeys' saves. Nothing the patient typed is in it (docs/split-tests.md).
 */
const experimentCounts: Migration = {
  version: 14,
  description: 'experiment counts: patients shown each split test variant and reaching each of its steps, per day',
  up: (db) => {
    db.exec(`
      CREATE TABLE experiment_counts (
        code TEXT NOT NULL,
        experiment TEXT NOT NULL,
        variant TEXT NOT NULL,
        funnel_version TEXT NOT NULL CHECK (funnel_version ${VERSION_GLOB}),
        step INTEGER NOT NULL CHECK (step BETWEEN -1 AND 99),
        recorded_on TEXT NOT NULL CHECK (recorded_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        patients INTEGER NOT NULL CHECK (patients >= 1),
        PRIMARY KEY (code, experiment, variant, funnel_version, step, recorded_on)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};

/**
 * Refund requests (issue 37): a pay-first funnel's patient whose answers rule treatment out
 * after paying is owed the order's full refund, which staff make. One request per order (its
 * key), kept with what the server itself knows: the landing id of the order's lead, the amount
 * the order was charged, the card's last four, and why as reason keys (src/domain/qualification.ts),
 * never an answer or its words. Status `requested` until staff make it.
 */
const refundRequests: Migration = {
  version: 16,
  description: 'refund requests: the refund owed for an order whose answers rule treatment out after paying',
  up: (db) => {
    db.exec(`
      CREATE TABLE refund_requests (
        order_id TEXT PRIMARY KEY REFERENCES orders (id),
        landing_id TEXT NOT NULL REFERENCES leads (landing_id),
        amount TEXT NOT NULL,
        last4 TEXT CHECK (last4 IS NULL OR (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*')),
        -- Reason keys only, such as ["hormone-cancer"]: no answer, no free text.
        reasons_json TEXT NOT NULL CHECK (json_valid(reasons_json) AND json_type(reasons_json) = 'array'),
        status TEXT NOT NULL CHECK (status IN ('requested', 'refunded')),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX refund_requests_status ON refund_requests (status, created_at);
    `);
  },
};

/**
 * The consults a refund request cancelled (issue 37): a funnel that books before its assessment
 * (microbh) has a consult in the calendar when the answers rule the patient out; the request
 * cancels it and keeps which, as `[{ appointmentId, startTime }]`, for the patient's stop screen
 * and for staff.
 */
const refundCancelledAppointments: Migration = {
  version: 17,
  description: 'refund requests: the consults the request cancelled',
  up: (db) => {
    db.exec(`
      ALTER TABLE refund_requests ADD COLUMN cancelled_appointments_json TEXT NOT NULL DEFAULT '[]'
        CHECK (json_valid(cancelled_appointments_json) AND json_type(cancelled_appointments_json) = 'array');
    `);
  },
};

/**
 * Issue 38 point 1: patients whose state the clinic does not serve yet, who asked to be told when
 * it does. One entry per product, state and address; the address is for that message only.
 * (Versions 18 and 19 stay unused: an earlier, lost build of issue 38 point 3 used them, and a
 * database it migrated must not be read as having this build's tables. The agreement's are 21 and 22.)
 */
const stateWaitlist: Migration = {
  version: 20,
  description: 'the waitlist of patients in states the clinic does not serve yet',
  up: (db) => {
    db.exec(`
      CREATE TABLE state_waitlist (
        product TEXT NOT NULL CHECK (length(product) BETWEEN 1 AND 60),
        state TEXT NOT NULL CHECK (length(state) = 2 AND state NOT GLOB '*[^A-Z]*'),
        email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        path_code TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (product, state, email)
      ) STRICT;
    `);
  },
};

export const MIGRATIONS: readonly Migration[] = [
  idempotencyMigration,
  funnelRecords,
  funnelContent,
  journeys,
  idDocuments,
  places,
  tagEventsMigration,
  tagEventsPagePathMigration,
  sessionGrants,
  journeyRevisions,
  idempotencySessionMigration,
  journeyFunnelVersions,
  journeyExperiments,
  experimentCounts,
  tagEventsExperimentMigration,
  refundRequests,
  refundCancelledAppointments,
  stateWaitlist,
  legalDocumentsMigration,
  consentRecordsMigration,
  sessionsMigration,
  returnLinkClaimsMigration,
  journeyExperimentPatientsMigration,
];
