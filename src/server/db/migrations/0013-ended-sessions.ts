// Each instance keeps the sessions it resolved (decision 0054); this tells every instance
// when sessions end (logout, a new password, a removed user by cascade, the expiry sweep),
// after the commit, so a logout on one instance is honoured by the others. One notice per
// statement: the ended ids (hashes of 64 characters), or "*" when listing them would pass
// NOTIFY's 8,000-byte payload limit.
export const name = '0013-ended-sessions';

export const sql = /* sql */ `
CREATE FUNCTION sessions_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ended bigint;
BEGIN
  SELECT count(*) INTO ended FROM old_rows;
  IF ended = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('vaultgrid_sessions', CASE WHEN ended <= 100
    THEN (SELECT string_agg(id, ',') FROM old_rows) ELSE '*' END);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_ended();
`;
