-- Documents a claim still needs from the customer (required claim uploads): what, why, and when
-- it arrived (the claim message that brought it).
CREATE TABLE claim_required_documents (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  akten_id          text NOT NULL REFERENCES claims (akten_id),
  art               text NOT NULL,
  beschreibung      text NOT NULL,
  erhalten_am       timestamptz,
  claim_message_id  uuid REFERENCES claim_messages (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (akten_id, art)
);
