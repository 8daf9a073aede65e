-- Find Participant by the access code too (docs/product/participants.md#selection, ADR 0126): the list shows each
-- participant's Access Code, and staff paste the code a participant reads out to them, but the search compared only
-- the IRN, so a whole code found nobody. The code is compared by its key like the IRN (equal: those participants
-- only; else from its start), through participants_code_key_idx (migration 066), as the results' search does.
CREATE OR REPLACE FUNCTION app_participant_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
DECLARE
  exact boolean := false;
BEGIN
  IF key <> '' THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
         AND (app_code_key(p.interview_ref_num) %1$s OR app_code_key(p.access_code) %1$s) LIMIT $3', key, code_cap)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  END IF;
  IF exact OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_text_matches(
    'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
       AND ((coalesce(p.first_name, '''') || '' '' || coalesce(p.last_name, '''')) ILIKE $1
            OR p.email ILIKE $1 OR p.phone_number ILIKE $1)
     LIMIT $3', pattern, text_cap);
END $$;
