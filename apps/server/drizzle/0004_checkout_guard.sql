-- Ends the current statement with an error the checkout recognises (SQLSTATE MG409): the
-- one-statement order write calls it when a stock row no longer has the units it planned
-- with, so the whole statement, stock taken and rows inserted alike, is undone.
CREATE FUNCTION mg_abort(reason text) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'MG409', MESSAGE = reason;
END
$$;
