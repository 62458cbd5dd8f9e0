-- Cost of the back office's customer list on a big shop (decision 031). Run on a scratch
-- PostgreSQL database the server has migrated (start it once with DATABASE_URL pointing there):
--   psql -h 127.0.0.1 -U postgres -d <scratch> -f bench/customers-list.sql
-- Adds 50,000 customers with 4 orders each (200,000 orders, about 10% cancelled and refunded),
-- then times the two shapes of the list query: sorted by lifetime spend (every customer's figures
-- are needed) and sorted by a users column (the page of users first, then only their orders).
\timing on
insert into users (email, name, password_hash, is_email_verified, created_at, updated_at)
select 'bench-' || g || '@example.com', 'Bench Customer ' || g, 'x', g % 5 <> 0, now() - (g || ' minutes')::interval, now()
from generate_series(1, 50000) g;
create temp table bench_users as
select id, row_number() over (order by email) - 1 as n from users where email like 'bench-%';
create index on bench_users (n);
insert into payment_intents (id, provider, user_id, amount_cents, subtotal_cents, tax_cents, cart_snapshot, shipping_info, status)
select 'pi_bench_' || g, 'test', u.id, 1000 + (g % 300) * 100, 1000, 0, '[]', '{}', 'succeeded'
from generate_series(1, 200000) g join bench_users u on u.n = (g::bigint * 7919) % 50000;
insert into orders (order_number, user_id, payment_intent_id, items_price_cents, shipping_cents, tax_cents, total_cents,
  status, shipping_name, shipping_address, shipping_city, shipping_state, shipping_postal_code, shipping_country,
  shipping_phone, payment_status, refunded_cents, created_at)
select 'SH-B' || row_number() over (), user_id, id, amount_cents, 0, 0, amount_cents,
  case when random() < 0.1 then 'Cancelled' else 'Delivered' end, 'n', 'a', 'c', 's', 'p', 'US', '1', 'paid',
  0, now() - (random() * 365 || ' days')::interval
from payment_intents where id like 'pi_bench_%';
update orders set refunded_cents = total_cents where status = 'Cancelled';
vacuum analyze users, orders;

-- Sorted by lifetime spend: one grouped pass over every order.
explain (analyze, costs off)
select u.id, f.net_cents
from users u
left join (select user_id, count(*) as order_count, sum(total_cents - refunded_cents) as net_cents, max(created_at)
           from orders group by user_id) f on f.user_id = u.id
order by coalesce(f.net_cents, 0) desc, u.id
limit 20;

-- Sorted by a users column: the page first, then its customers' orders only.
explain (analyze, costs off)
with page as (select id from users order by created_at desc, id limit 20)
select user_id, count(*), sum(total_cents - refunded_cents), max(created_at)
from orders where user_id in (select id from page) group by user_id;
