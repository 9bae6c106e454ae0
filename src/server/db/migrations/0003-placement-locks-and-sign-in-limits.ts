// Vaults never leave by cascade: removing a field that still holds one is refused, so a
// placement that a missed lock let through fails loudly instead of vanishing
// (docs/decisions/0014-placement-locks.md). Written to hold whatever an earlier migration
// made of the constraint.
//
// Sign-in limits count in one row per key, raised by a single upsert before any password is
// hashed, and remember the devices people signed in from (docs/decisions/0013-sign-in-limits.md).
export const name = '0003-placement-locks-and-sign-in-limits';

export const sql = /* sql */ `
ALTER TABLE vaults DROP CONSTRAINT IF EXISTS vaults_field_id_fkey;
ALTER TABLE vaults ADD CONSTRAINT vaults_field_id_fkey
  FOREIGN KEY (field_id) REFERENCES fields(id) ON DELETE RESTRICT;

CREATE TABLE sign_in_counters (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz,
  lockouts integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sign_in_counters_updated_idx ON sign_in_counters(updated_at);

CREATE TABLE sign_in_devices (
  token_hash text NOT NULL,
  email text NOT NULL,
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, email)
);
CREATE INDEX sign_in_devices_last_used_idx ON sign_in_devices(last_used_at);

DROP TABLE login_attempts;
`;
