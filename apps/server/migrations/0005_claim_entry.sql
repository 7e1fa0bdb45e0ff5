-- Claim entry: short-lived claim-app tokens and failed look-ups for throttling (kept in the
-- database so that several server processes behave as one).

CREATE TABLE claim_tokens (
  token_hash           text PRIMARY KEY,
  versicherungs_nummer text NOT NULL REFERENCES contracts (versicherungs_nummer),
  versicherung         text NOT NULL,
  expires_at           timestamptz NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_tokens_expiry_idx ON claim_tokens (expires_at);

CREATE TABLE claim_lookup_failures (
  id           bigserial PRIMARY KEY,
  client_key   text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_lookup_failures_client_idx ON claim_lookup_failures (client_key, attempted_at);
