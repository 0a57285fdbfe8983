-- A thread's merit for search (src/search/plan-group.ts MERIT): 0.25 when it has a visible accepted solution, plus
-- 0.02 per point of its visible replies' scores (0 to 5 points). Kept here by triggers as replies change, so
-- ranking reads one row per candidate thread instead of every reply of it twice (about 1,300 rows per search
-- at 100,000 documents). Threads without replies have no row (merit 0). thread_merit_now is the formula, once.
create table thread_merits (
  thread_id text primary key not null references threads(id) on delete cascade,
  merit real not null
) without rowid;
--> statement-breakpoint
create view thread_merit_now as
select t.id as thread_id,
  0.25 * exists (select 1 from thread_replies m where m.thread_id = t.id and m.is_solution = 1 and m.hidden = 0)
  + 0.02 * min(5, max(0, ifnull((select sum(m.score) from thread_replies m where m.thread_id = t.id and m.hidden = 0), 0))) as merit
from threads t;
--> statement-breakpoint
insert into thread_merits (thread_id, merit)
select thread_id, merit from thread_merit_now v where exists (select 1 from thread_replies r where r.thread_id = v.thread_id);
--> statement-breakpoint
create trigger thread_merits_reply_ai after insert on thread_replies begin
  insert into thread_merits (thread_id, merit) select thread_id, merit from thread_merit_now where thread_id = new.thread_id
  on conflict (thread_id) do update set merit = excluded.merit;
end;
--> statement-breakpoint
create trigger thread_merits_reply_au after update of is_solution, score, hidden, thread_id on thread_replies begin
  insert into thread_merits (thread_id, merit) select thread_id, merit from thread_merit_now where thread_id in (old.thread_id, new.thread_id)
  on conflict (thread_id) do update set merit = excluded.merit;
end;
--> statement-breakpoint
create trigger thread_merits_reply_ad after delete on thread_replies begin
  insert into thread_merits (thread_id, merit) select thread_id, merit from thread_merit_now where thread_id = old.thread_id
  on conflict (thread_id) do update set merit = excluded.merit;
end;
--> statement-breakpoint
-- The importer writes a new thread's replies before the thread (one batch, foreign keys checked at its end):
-- their triggers found no thread yet, so the thread's own insert counts them.
create trigger thread_merits_thread_ai after insert on threads when exists (select 1 from thread_replies r where r.thread_id = new.id) begin
  insert into thread_merits (thread_id, merit) select thread_id, merit from thread_merit_now where thread_id = new.id
  on conflict (thread_id) do update set merit = excluded.merit;
end;
