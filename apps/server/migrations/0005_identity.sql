-- Identity service (Cognito-compatible user pools "benutzer" and "vermittler").
-- Passwords are never stored: only the SRP salt and verifier. Every piece of sign-in state lives
-- here, so several server processes behave as one.

CREATE TABLE identity_keys (
  slot         integer PRIMARY KEY CHECK (slot = 1),
  kid          text NOT NULL,
  private_jwk  jsonb NOT NULL,
  public_jwk   jsonb NOT NULL,
  -- Server secret for the stable fake salts of unknown users.
  secret       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity_users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pool               text NOT NULL CHECK (pool IN ('benutzer', 'vermittler')),
  username           text NOT NULL,
  email              text NOT NULL,
  email_verified     boolean NOT NULL DEFAULT true,
  phone_number       text,
  nickname           text,
  partner_nummer     text,
  vermittler_nummer  text,
  status             text NOT NULL CHECK (status IN ('CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'UNCONFIRMED')),
  salt_hex           text NOT NULL,
  verifier_hex       text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (pool, username)
);

-- One row per sign-in: its id is the tokens' origin_jti; revoking it ends the sign-in.
CREATE TABLE identity_refresh_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash  text NOT NULL UNIQUE,
  user_id     uuid NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
  client_id   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_refresh_tokens_user_idx ON identity_refresh_tokens (user_id);

-- Open sign-in challenges (SRP server secret b, new-password sessions); single use.
CREATE TABLE identity_challenges (
  id           text PRIMARY KEY,
  pool         text NOT NULL,
  client_id    text NOT NULL,
  username     text NOT NULL,
  user_id      uuid REFERENCES identity_users (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED')),
  secret_hex   text,
  srp_a_hex    text,
  srp_b_hex    text,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per account, per client and per account and client, in fixed windows.
CREATE TABLE identity_throttle (
  key            text PRIMARY KEY,
  failures       integer NOT NULL DEFAULT 0,
  window_start   timestamptz NOT NULL,
  blocked_until  timestamptz
);

-- One-time codes (password reset, registration), stored as hashes.
CREATE TABLE identity_codes (
  pool        text NOT NULL,
  username    text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('FORGOT_PASSWORD', 'SIGN_UP')),
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pool, username, purpose)
);

-- Messages the service "sends" (e-mail/SMS with codes); a relay delivers them, the demo reads them.
CREATE TABLE identity_outbox (
  id           bigserial PRIMARY KEY,
  pool         text NOT NULL,
  username     text NOT NULL,
  channel      text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  destination  text NOT NULL,
  purpose      text NOT NULL,
  code         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_outbox_user_idx ON identity_outbox (pool, username);
