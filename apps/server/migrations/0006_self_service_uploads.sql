-- Self-service changes beyond the first five kinds (pending as well), the contract confirmation,
-- cancellation and revocation records, and upload slots of the portal.

ALTER TABLE pending_changes DROP CONSTRAINT pending_changes_art_check;
ALTER TABLE pending_changes ADD CONSTRAINT pending_changes_art_check CHECK (art IN (
  'PHV_ANZAHL', 'BUEROHAFTPFLICHT', 'SELBSTBETEILIGUNG', 'ZAHLWEISE', 'ELEMENTAR',
  'FAMILIENSTAND', 'RISIKOORT', 'HAUSRAT_DECKUNG', 'JAHRESUMSATZ', 'VERSICHERUNGSSUMME',
  'BETRIEBSART'));

-- When the customer confirmed the contract (POST .../confirmation/{partner}/{contract}).
ALTER TABLE contracts ADD COLUMN bestaetigt_am timestamptz;
-- The received cancellation or revocation: { grund, freitext, zum, eingegangenAm }.
ALTER TABLE contracts ADD COLUMN kuendigung jsonb;
ALTER TABLE contracts ADD COLUMN widerruf jsonb;

-- An upload slot: created empty by POST, filled once by PUT, then attached to a message.
CREATE TABLE uploads (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  principal     text NOT NULL,
  state         text NOT NULL DEFAULT 'offen' CHECK (state IN ('offen', 'hochgeladen', 'verwendet')),
  name          text NOT NULL,
  content_type  text,
  size_bytes    integer CHECK (size_bytes >= 0),
  sha256        text,
  storage_key   text NOT NULL UNIQUE,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'offen') = (content_type IS NULL))
);
CREATE INDEX uploads_principal_idx ON uploads (principal, state);
