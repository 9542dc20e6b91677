-- Names are now stored with each run of inner whitespace as one space (contracts' nameText), so
-- "Mumbai  Indians" and "Mumbai Indians" cannot both be roles. A role saved before as
-- "Mumbai  Indians" is renamed to "Mumbai Indians"; where that name (in any case) is held
-- already, by a role or by another role collapsing to it, the role that held it (or the oldest)
-- keeps it and the others keep their id as a suffix, "Mumbai Indians (7)", so the unique index
-- on lower(name) holds and every role is still told apart.
with collapsed as (
  select id, name, regexp_replace(name, '\s+', ' ', 'g') as to_name
  from roles
), ranked as (
  select id, name, to_name,
    row_number() over (partition by lower(to_name) order by (name = to_name) desc, id) as nth
  from collapsed
)
update roles r set
  name = case when ranked.nth = 1 then ranked.to_name
    else left(ranked.to_name, 50 - length(' (' || r.id || ')')) || ' (' || r.id || ')' end,
  updated_at = now()
from ranked
where r.id = ranked.id and ranked.name <> ranked.to_name;
