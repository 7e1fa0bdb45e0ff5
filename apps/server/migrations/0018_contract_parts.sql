-- One contract model: what differs per line (the parts a line's tariff declares, `parts`) is kept
-- in one JSONB object keyed by part name, no longer in one column per line. The values of the
-- former columns move over (only non-null ones: a part a contract does not have is absent), then
-- the columns go.
ALTER TABLE contracts ADD COLUMN teile jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Only the top level's nulls are left out (a part's own null fields stay as they are).
UPDATE contracts SET teile = coalesce((
  SELECT jsonb_object_agg(part.key, part.value)
  FROM jsonb_each(jsonb_build_object(
    'phvAnzahl', to_jsonb(phv_anzahl),
    'neueSelbstbeteiligung', to_jsonb(neue_selbstbeteiligung),
    'elementar', to_jsonb(elementar),
    'buerohaftpflicht', to_jsonb(buerohaftpflicht),
    'diensthaftpflicht', diensthaftpflicht,
    'jahresumsatz', jahresumsatz,
    'fahrrad', fahrrad,
    'risikoOrt', risiko_ort,
    'hunde', hunde,
    'versicherteGewerbe', versicherte_gewerbe,
    'phv', phv,
    'hausrat', hausrat,
    'reise', reise,
    'vh', vh
  )) AS part
  WHERE part.value <> 'null'::jsonb
), '{}'::jsonb);

ALTER TABLE contracts
  DROP COLUMN phv_anzahl,
  DROP COLUMN neue_selbstbeteiligung,
  DROP COLUMN elementar,
  DROP COLUMN buerohaftpflicht,
  DROP COLUMN diensthaftpflicht,
  DROP COLUMN jahresumsatz,
  DROP COLUMN fahrrad,
  DROP COLUMN risiko_ort,
  DROP COLUMN hunde,
  DROP COLUMN versicherte_gewerbe,
  DROP COLUMN phv,
  DROP COLUMN hausrat,
  DROP COLUMN reise,
  DROP COLUMN vh;
