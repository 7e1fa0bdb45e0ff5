-- Agencies, agents (Vermittler, with sub-agents) and partners (customers).

CREATE TABLE agencies (
  agentur_nummer   text PRIMARY KEY,
  brand            text NOT NULL CHECK (brand IN ('andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch')),
  name             text NOT NULL,
  strasse          text NOT NULL,
  hausnummer       text NOT NULL,
  plz              text NOT NULL,
  ort              text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agents (
  vermittler_nummer        text PRIMARY KEY,
  agentur_nummer           text NOT NULL REFERENCES agencies (agentur_nummer),
  parent_vermittler_nummer text REFERENCES agents (vermittler_nummer),
  brand                    text NOT NULL CHECK (brand IN ('andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch')),
  name                     text NOT NULL,
  email                    text NOT NULL,
  vertriebsweg             text NOT NULL,
  created_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agents_agentur_idx ON agents (agentur_nummer);

CREATE TABLE partners (
  partner_nummer     text PRIMARY KEY,
  brand              text NOT NULL CHECK (brand IN ('andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch')),
  kundentyp          text NOT NULL CHECK (kundentyp IN ('PRIVAT', 'GEWERBE')),
  anrede             text,
  vorname            text NOT NULL,
  nachname           text NOT NULL,
  firmenname         text,
  geburtsdatum       date,
  email              text NOT NULL,
  telefon            text,
  strasse            text NOT NULL,
  hausnummer         text NOT NULL,
  plz                text NOT NULL,
  ort                text NOT NULL,
  land               text NOT NULL DEFAULT 'DE',
  vermittler_nummer  text REFERENCES agents (vermittler_nummer),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partners_vermittler_idx ON partners (vermittler_nummer);
