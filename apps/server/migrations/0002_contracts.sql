-- Contracts (the customer view of spec section 3), documents, pending changes and contract tasks.

CREATE TABLE contracts (
  versicherungs_nummer        text PRIMARY KEY,
  partner_nummer              text NOT NULL REFERENCES partners (partner_nummer),
  vermittler_nummer           text REFERENCES agents (vermittler_nummer),
  brand                       text NOT NULL CHECK (brand IN ('andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch')),
  produkt                     text NOT NULL CHECK (produkt IN ('VH', 'VH_2', 'SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN',
                                'REISE', 'HAUSRAT', 'FAHRRAD', 'FAHRRAD_2', 'PRIVATHAFTPFLICHT',
                                'TIERHALTERHAFTPFLICHT', 'BHV_1', 'BHV_2')),
  vertragsart                 text NOT NULL CHECK (vertragsart IN ('GEWERBE', 'PRIVAT')),
  vertragsstatus              text NOT NULL CHECK (vertragsstatus IN ('LAUFEND', 'AUSLAUFEND', 'BEENDET',
                                'AUFGEHOBEN', 'STORNIERT', 'UNBEKANNT')),
  kuendbar                    text NOT NULL CHECK (kuendbar IN ('NEIN', 'TAEGLICH', 'VERTRAGSENDE')),
  widerrufbar                 boolean NOT NULL DEFAULT false,
  versicherungs_summe         numeric(14, 2),
  versicherungs_praemie       numeric(12, 2) NOT NULL,
  jahres_versicherungs_praemie numeric(12, 2) NOT NULL,
  folge_praemie               numeric(12, 2),
  zahlweise                   text NOT NULL CHECK (zahlweise IN ('MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH',
                                'JAEHRLICH', 'EINMALIG')),
  versicherungs_typ           text NOT NULL,
  versicherungs_name          text NOT NULL,
  bankverbindung              jsonb,
  diensthaftpflicht           jsonb,
  jahresumsatz                jsonb,
  ablaufdatum                 date,
  beendigungsdatum            date,
  antragsdatum                date NOT NULL,
  vertrags_beginn             date NOT NULL,
  beginnverlegung             date,
  hauptfaelligkeit_tag        smallint NOT NULL CHECK (hauptfaelligkeit_tag BETWEEN 1 AND 31),
  hauptfaelligkeit_monat      smallint NOT NULL CHECK (hauptfaelligkeit_monat BETWEEN 1 AND 12),
  mahnung                     boolean NOT NULL DEFAULT false,
  wirksamkeitsdatum           date,
  phv_anzahl                  text CHECK (phv_anzahl IN ('KEINE', 'EINS', 'ZWEI', 'DREI')),
  neue_selbstbeteiligung      text CHECK (neue_selbstbeteiligung IN ('SB_KEINE', 'SB_250', 'SB_500', 'SB_1000', 'SB_5000')),
  produkt_identifier          text NOT NULL,
  deckungs_identifier         text NOT NULL,
  deckungs_varianten          jsonb NOT NULL DEFAULT '[]'::jsonb,
  selbst_beteiligung          jsonb,
  elementar                   boolean,
  buerohaftpflicht            boolean,
  fahrrad                     jsonb,
  risiko_ort                  jsonb,
  hunde                       jsonb,
  versicherte_gewerbe         jsonb,
  phv                         jsonb,
  hausrat                     jsonb,
  reise                       jsonb,
  vh                          jsonb,
  last_updated                timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  created_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contracts_partner_idx ON contracts (partner_nummer);
CREATE INDEX contracts_vermittler_idx ON contracts (vermittler_nummer);

CREATE TABLE documents (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_nummer       text NOT NULL REFERENCES partners (partner_nummer),
  versicherungs_nummer text REFERENCES contracts (versicherungs_nummer),
  name                 text NOT NULL,
  typ                  text NOT NULL,
  storage_key          text NOT NULL,
  content_type         text NOT NULL DEFAULT 'application/pdf',
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_contract_idx ON documents (versicherungs_nummer);

-- Vorgemerkte Änderungen: a saved change that takes effect on a future date.
CREATE TABLE pending_changes (
  id                   bigserial PRIMARY KEY,
  versicherungs_nummer text NOT NULL REFERENCES contracts (versicherungs_nummer),
  art                  text NOT NULL CHECK (art IN ('PHV_ANZAHL', 'BUEROHAFTPFLICHT', 'SELBSTBETEILIGUNG',
                         'ZAHLWEISE', 'ELEMENTAR')),
  wert                 jsonb NOT NULL,
  wirksam_ab           date NOT NULL,
  wirksam_bis          date,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_changes_contract_idx ON pending_changes (versicherungs_nummer);

CREATE TABLE contract_tasks (
  id                   bigserial PRIMARY KEY,
  versicherungs_nummer text NOT NULL REFERENCES contracts (versicherungs_nummer),
  typ                  text NOT NULL CHECK (typ IN ('UmsatzErinnern1', 'UmsatzErinnern2', 'UmsatzAutomatischAnpassen')),
  status               text NOT NULL DEFAULT 'Offen' CHECK (status IN ('Offen', 'Erledigt', 'Storniert')),
  faellig_am           date NOT NULL,
  erledigt_am          date,
  created_at           timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'Offen') = (erledigt_am IS NULL))
);
CREATE INDEX contract_tasks_contract_idx ON contract_tasks (versicherungs_nummer);
