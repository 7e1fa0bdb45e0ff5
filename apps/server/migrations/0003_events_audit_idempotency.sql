-- Change events, the audit trail and idempotency keys.

CREATE TABLE change_events (
  id                     bigserial PRIMARY KEY,
  typ                    text NOT NULL,
  versicherungsnummer    text NOT NULL REFERENCES contracts (versicherungs_nummer),
  wirksamkeitsdatum      date NOT NULL,
  partnernummer          text NOT NULL REFERENCES partners (partner_nummer),
  partner_kenntnisstand  timestamptz NOT NULL,
  payload                jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_events_contract_idx ON change_events (versicherungsnummer);

CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  actor_role   text NOT NULL,
  actor_id     text NOT NULL,
  action       text NOT NULL,
  entity       text NOT NULL,
  entity_id    text NOT NULL,
  request_id   text,
  details      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);

CREATE TABLE idempotency_keys (
  principal        text NOT NULL,
  key              text NOT NULL,
  request_hash     text NOT NULL,
  state            text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  response_status  integer,
  response_body    jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (principal, key)
);
