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
    version: 2,
    name: "failed-call budget and store write probe",
    // Issue 11. Failed calls are refunded, so each client (free: its IP or /64; paid: its key) has a
    // budget of failures per fixed window (src/store/failure-budget.ts). store_probe holds the one row
    // /health rewrites to learn whether the store can still be written.
    sql: `
CREATE TABLE failed_calls (
  client        TEXT NOT NULL,            -- ip:<IPv4 or IPv6 /64> or key:<sha256 of the key>
  window_start  BIGINT NOT NULL,          -- unix ms, a multiple of the window length
  failures      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (client, window_start)
);
CREATE INDEX failed_calls_window ON failed_calls (window_start);

CREATE TABLE store_probe (
  id       INTEGER PRIMARY KEY,
  checked  BIGINT NOT NULL,
  filler   TEXT
);
`,
  },
  {
    version: 3,
    name: "x402 settlements, SIWX nonces, keys owned by a wallet",
    // Issue 13. A settlement row is written BEFORE its transaction is broadcast (with the hash of
    // the locally signed transaction), and that hash is reserved in `redemptions` at the same time,
    // so a settled transaction can never be redeemed at /redeem and a crash mid-settlement is
    // resolved at the next start from the receipt or authorizationState (src/payments/settle.ts).
    sql: `
CREATE TABLE settlements (
  chain_id       INTEGER NOT NULL,
  payer          TEXT NOT NULL,           -- checksummed authorization.from
  nonce          TEXT NOT NULL,           -- EIP-3009 nonce, lowercase 0x + 64 hex
  asset          TEXT NOT NULL,           -- the USDC contract
  pay_to         TEXT NOT NULL,
  amount_atomic  TEXT NOT NULL,
  valid_before   BIGINT NOT NULL,         -- unix seconds
  payload        TEXT NOT NULL,           -- JSON { authorization, signature } as submitted
  status         TEXT NOT NULL CHECK (status IN ('pending', 'submitted', 'settled', 'failed')),
  tx_hash        TEXT,                    -- lowercase; known before broadcast
  raw_tx         TEXT,                    -- the signed transaction, rebroadcast after a crash
  error          TEXT,
  key_id         INTEGER REFERENCES api_keys (id),
  calls          INTEGER,
  gas_used       BIGINT,
  created_at     BIGINT NOT NULL,         -- unix ms
  updated_at     BIGINT NOT NULL,
  PRIMARY KEY (chain_id, payer, nonce)
);
CREATE INDEX settlements_status ON settlements (status);
CREATE INDEX settlements_tx ON settlements (tx_hash);

-- A vellum key owned by a wallet: created by its first settlement, topped up by later ones,
-- spent by a SIGN-IN-WITH-X proof from that address (or as a Bearer key).
ALTER TABLE api_keys ADD COLUMN owner TEXT;
CREATE UNIQUE INDEX api_keys_owner ON api_keys (owner);

-- SIGN-IN-WITH-X nonces already used (single use); rows past expires_at are pruned.
CREATE TABLE siwx_nonces (
  nonce       TEXT PRIMARY KEY,
  address     TEXT NOT NULL,
  expires_at  BIGINT NOT NULL             -- unix ms
);
CREATE INDEX siwx_nonces_expiry ON siwx_nonces (expires_at);
`,
  },
  {
    version: 4,
    name: "extraction cache",
    // Issue 15. Successful extractions by normalised final URL + options (src/store/cache.ts). The
    // body is the delivered article as JSON; size_bytes is its UTF-8 length, so the total kept can be
    // bounded by --cache-max-mb, evicting the oldest rows first (the created_at index).
    sql: `
CREATE TABLE extraction_cache (
  cache_key   TEXT PRIMARY KEY,           -- hex SHA-256 of the normalised URL and the options
  url         TEXT NOT NULL,              -- the normalised URL, for the operator
  body        TEXT NOT NULL,              -- JSON
  size_bytes  INTEGER NOT NULL,
  created_at  BIGINT NOT NULL             -- unix ms
);
CREATE INDEX extraction_cache_age ON extraction_cache (created_at);
`,
  },
  {
    version: 5,
    name: "running servers publish their effective settings",
    // One row per running `vellum serve` (several share one PostgreSQL database), replaced on each
    // heartbeat. The CLI and the console read it to show what the server really uses: a flag or an
    // environment variable beats a stored setting, and only the server knows its own.
    sql: `
CREATE TABLE server_instances (
  instance_id   TEXT PRIMARY KEY,         -- random per process start
  hostname      TEXT NOT NULL,
  pid           INTEGER NOT NULL,
  version       TEXT NOT NULL,
  url           TEXT NOT NULL,            -- where it listens
  settings      TEXT NOT NULL,            -- JSON: { name: { value, source } }, source flag|env|stored|default
  started_at    BIGINT NOT NULL,          -- unix ms
  heartbeat_at  BIGINT NOT NULL           -- unix ms; a row older than a few heartbeats is a dead process
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
  {
    version: 7,
    name: "extraction cache: sizes and ages readable from an index",
    // Issue 11. The cache's bound (src/store/cache.ts evictOldest) sums size_bytes and lists the
    // oldest rows after every write. size_bytes is stored after the body, so on the table itself each
    // of those reads walked every cached body (megabytes per row): 17% of the server's thread under
    // the hostile benchmark. An index holding the three columns answers both reads on its own.
    sql: `
CREATE INDEX extraction_cache_age_size ON extraction_cache (created_at, cache_key, size_bytes);
DROP INDEX extraction_cache_age;
`,
  },
];

/** The newest version this build knows (versions are appended by several people: not always in order). */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
