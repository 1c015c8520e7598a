/**
 * Numbered schema migrations, embedded in the binary (never read from disk, so a compiled
 * `vellum` carries its own schema). Append only: a migration that has shipped is never edited.
 *
 * Money columns hold atomic USDC units (6 decimals) as decimal TEXT so no value ever passes
 * through a float; call counts are INTEGER (they stay far below 2^53).
 */
export interface Migration {
  version: number;
  name: string;
  /**
   * Portable SQL for both backends (src/store/db.ts): on PostgreSQL, `INTEGER PRIMARY KEY` becomes
   * BIGSERIAL and other INTEGER columns BIGINT (src/store/postgres.ts `ddlForPostgres`).
   */
  sql: string;
  /** PostgreSQL text, only where the portable one cannot express it. */
  postgres?: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    sql: `
CREATE TABLE settings (
  name        TEXT PRIMARY KEY,
  value       TEXT NOT NULL,              -- JSON
  updated_at  INTEGER NOT NULL            -- unix ms
);

-- Free-trial allowance per client (IPv4 address or IPv6 /64) per UTC day.
CREATE TABLE free_calls (
  client  TEXT NOT NULL,
  day     TEXT NOT NULL,                  -- YYYY-MM-DD, UTC
  used    INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (client, day)
);

CREATE TABLE api_keys (
  id               INTEGER PRIMARY KEY,
  key_hash         TEXT NOT NULL UNIQUE,  -- hex SHA-256 of the full key; the key itself is never stored
  prefix           TEXT NOT NULL,         -- first characters, for the operator to find a key
  payer            TEXT,                  -- checksummed address of the buyer, NULL for operator-made keys
  calls_remaining  INTEGER NOT NULL CHECK (calls_remaining >= 0),
  total_calls      INTEGER NOT NULL,      -- calls ever credited
  created_at       INTEGER NOT NULL,
  last_used_at     INTEGER,
  revoked_at       INTEGER
);
CREATE INDEX api_keys_prefix ON api_keys (prefix);
CREATE INDEX api_keys_payer ON api_keys (payer);

-- Every credit and debit of a key: calls_remaining always equals SUM(calls) of its rows.
CREATE TABLE ledger (
  id          INTEGER PRIMARY KEY,
  key_id      INTEGER NOT NULL REFERENCES api_keys (id),
  kind        TEXT NOT NULL CHECK (kind IN ('redemption', 'call', 'refund', 'adjustment')),
  calls       INTEGER NOT NULL,           -- signed
  reason      TEXT,
  ref         TEXT,                       -- tx hash, reservation id, …
  created_at  INTEGER NOT NULL
);
CREATE INDEX ledger_key ON ledger (key_id, id);

-- A transaction hash buys once, for credits or for the kit: UNIQUE (chain_id, tx_hash).
CREATE TABLE redemptions (
  id             INTEGER PRIMARY KEY,
  chain_id       INTEGER NOT NULL,
  tx_hash        TEXT NOT NULL,           -- lowercase 0x + 64 hex
  purpose        TEXT NOT NULL CHECK (purpose IN ('credits', 'kit')),
  payer          TEXT NOT NULL,
  amount_atomic  TEXT NOT NULL,
  block_number   INTEGER NOT NULL,
  key_id         INTEGER REFERENCES api_keys (id),
  created_at     INTEGER NOT NULL,
  UNIQUE (chain_id, tx_hash)
);

-- Calls in flight: a free or paid call is reserved before the fetch and confirmed or released
-- after it. Rows still here when the service starts belong to a process that died mid-call.
CREATE TABLE reservations (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('free', 'paid')),
  client      TEXT,                       -- free: the counted client
  day         TEXT,                       -- free: the UTC day counted
  key_id      INTEGER REFERENCES api_keys (id),
  created_at  INTEGER NOT NULL
);

CREATE TABLE kits (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  version      TEXT NOT NULL,
  file_name    TEXT NOT NULL,             -- inside the data dir's kit/ folder
  sha256       TEXT NOT NULL,
  size_bytes   INTEGER NOT NULL,
  contents     TEXT NOT NULL,             -- JSON array of paths
  imported_at  INTEGER NOT NULL,
  current      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE kit_orders (
  id                 INTEGER PRIMARY KEY,
  token_hash         TEXT NOT NULL UNIQUE,
  redemption_id      INTEGER NOT NULL REFERENCES redemptions (id),
  payer              TEXT NOT NULL,
  amount_atomic      TEXT NOT NULL,
  downloads_allowed  INTEGER NOT NULL,
  downloads_used     INTEGER NOT NULL DEFAULT 0 CHECK (downloads_used <= downloads_allowed),
  created_at         INTEGER NOT NULL,
  last_download_at   INTEGER
);
`,
  },
  {
    version: 6,
    name: "reservations owned by an instance with a lease",
    // Several instances share one PostgreSQL ledger: a call in flight belongs to the instance that
    // reserved it (owner = its random instance id) until lease_until (unix ms), which the owner
    // renews while it lives. Another instance releases it only once the lease has expired
    // (src/store/leases.ts).
    sql: `
ALTER TABLE reservations ADD COLUMN owner TEXT;
ALTER TABLE reservations ADD COLUMN lease_until INTEGER;
CREATE INDEX reservations_owner ON reservations (owner);
`,
  },
];

/** The newest version this build knows (versions are appended by several people: not always in order). */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
