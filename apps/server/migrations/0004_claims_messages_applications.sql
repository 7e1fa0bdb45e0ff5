-- Claims with messages and attachments, the inbox/outbox, and applications (Anträge).

CREATE TABLE claims (
  akten_id             text PRIMARY KEY,
  versicherungs_nummer text NOT NULL REFERENCES contracts (versicherungs_nummer),
  partner_nummer       text NOT NULL REFERENCES partners (partner_nummer),
  status               text NOT NULL DEFAULT 'GEMELDET' CHECK (status IN ('GEMELDET', 'IN_BEARBEITUNG', 'ABGESCHLOSSEN', 'ABGELEHNT')),
  schadendatum         date NOT NULL,
  beschreibung         text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claims_partner_idx ON claims (partner_nummer);

CREATE TABLE claim_messages (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  akten_id     text NOT NULL REFERENCES claims (akten_id),
  richtung     text NOT NULL CHECK (richtung IN ('EINGANG', 'AUSGANG')),
  betreff      text NOT NULL,
  nachricht    text NOT NULL,
  gelesen      boolean NOT NULL DEFAULT false,
  erstelldatum timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_messages_akte_idx ON claim_messages (akten_id);

CREATE TABLE messages (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pool              text NOT NULL CHECK (pool IN ('benutzer', 'vermittler')),
  owner_id          text NOT NULL,
  box               text NOT NULL CHECK (box IN ('eingang', 'gesendet')),
  betreff           text NOT NULL,
  nachricht         text NOT NULL,
  gelesen           boolean NOT NULL DEFAULT false,
  geloescht         boolean NOT NULL DEFAULT false,
  erstelldatum      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_owner_idx ON messages (pool, owner_id, box);

CREATE TABLE attachments (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_message_id  uuid REFERENCES claim_messages (id),
  message_id        uuid REFERENCES messages (id),
  name              text NOT NULL,
  content_type      text NOT NULL,
  size_bytes        integer NOT NULL CHECK (size_bytes >= 0),
  storage_key       text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(claim_message_id, message_id) = 1)
);

CREATE TABLE applications (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  antragsnummer     text UNIQUE,
  brand             text NOT NULL CHECK (brand IN ('andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch')),
  produkt           text NOT NULL,
  status            text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted')),
  owner_role        text NOT NULL CHECK (owner_role IN ('benutzer', 'vermittler', 'oeffentlich')),
  owner_id          text,
  data              jsonb NOT NULL DEFAULT '{}'::jsonb,
  submitted_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'submitted') = (submitted_at IS NOT NULL))
);
CREATE INDEX applications_owner_idx ON applications (owner_role, owner_id);
