-- Plans bought on chain, and the daily limit bought credits give (docs/billing.md, "Buying a plan"
-- and "Daily limits of bought keys").

-- A payment may buy a month of a plan; an intent may be opened for it.
alter table payment drop constraint payment_purpose_ck;
alter table payment add constraint payment_purpose_ck
    check (purpose in ('key', 'credits', 'merchant_credits', 'plan'));
alter table payment_intent drop constraint payment_intent_purpose_check;
alter table payment_intent add constraint payment_intent_purpose_check
    check (purpose in ('keys/buy', 'credits/buy', 'merchant-credits', 'plans/buy'));

-- purchase_limit: the daily limit the key's largest credit purchase gives (0: none);
-- plan_paid_until: the end of the key's last bought month (null: it never bought one).
alter table api_key
    add column purchase_limit  integer not null default 0 check (purchase_limit >= 0),
    add column plan_paid_until timestamptz;

-- The daily limit a credit purchase worth p_usd gives: the same figures as
-- domain.account.PurchaseLimit, which a test compares.
create function purchase_daily_limit(p_usd numeric) returns integer
language sql immutable as $$
    select case when p_usd >= 99 then 100000 when p_usd >= 29 then 10000 else 1000 end
$$;

-- Every credit purchase (a key, credits, merchant credits) raises its key's limit, in the
-- purchase's own transaction; a month of a plan does not (its limit ends with the month).
create function payment_raises_daily_limit() returns trigger language plpgsql as $$
begin
    if new.purpose <> 'plan' then
        update api_key
           set purchase_limit = greatest(purchase_limit, purchase_daily_limit(new.usd)),
               daily_limit = greatest(daily_limit, purchase_daily_limit(new.usd))
         where id = new.api_key_id;
    end if;
    return new;
end;
$$;

create trigger payment_raises_daily_limit
    after insert on payment
    for each row execute function payment_raises_daily_limit();

-- keys that bought before this rule get it now
update api_key k
   set purchase_limit = p.limit_bought,
       daily_limit = greatest(k.daily_limit, p.limit_bought)
  from (select api_key_id, max(purchase_daily_limit(usd)) as limit_bought
          from payment group by api_key_id) p
 where p.api_key_id = k.id;

-- The months bought: each paid by one payment, following the key's paid time without gaps or
-- overlap (a purchase holds the key's row lock while it places its month). A month's credits are
-- granted once, when it starts, as the 'purchase' entry of its payment (credit_entry_payment_uq
-- makes that once ever).
create table plan_period (
    id          bigint generated always as identity primary key,
    api_key_id  bigint      not null references api_key (id),
    plan        text        not null check (plan in ('pro', 'enterprise')),
    starts_at   timestamptz not null,
    ends_at     timestamptz not null,
    payment_id  bigint      not null unique references payment (id),
    credits     bigint      not null check (credits > 0),
    entry_id    bigint      references credit_entry (id),
    constraint plan_period_order_ck check (ends_at > starts_at)
);
create index plan_period_key_ix on plan_period (api_key_id, starts_at);
create index plan_period_due_ix on plan_period (starts_at) where entry_id is null;

-- Brings one key's bought plan to p_at: grants every month that started and was not granted, then
-- sets its plan to the month covering p_at (free when none) and its daily limit to the larger of
-- that plan's and its purchase limit. Keys that never bought a month are left alone. Returns the
-- credits granted now.
create function apply_key_plan_periods(p_key bigint, p_at timestamptz) returns bigint
language plpgsql as $$
declare
    v_month   record;
    v_entry   bigint;
    v_granted bigint := 0;
    v_plan    text;
begin
    perform 1 from api_key where id = p_key for update;
    for v_month in
        select p.id, p.plan, p.credits, p.payment_id, p.starts_at, p.ends_at
          from plan_period p
         where p.api_key_id = p_key and p.starts_at <= p_at and p.entry_id is null
         order by p.starts_at
    loop
        insert into credit_entry (api_key_id, kind, amount, reason, payment_id, created_at)
             values (p_key, 'purchase', v_month.credits,
                     v_month.plan || ' month '
                         || to_char(v_month.starts_at at time zone 'UTC', 'YYYY-MM-DD') || ' to '
                         || to_char(v_month.ends_at at time zone 'UTC', 'YYYY-MM-DD'),
                     v_month.payment_id, p_at)
          returning id into v_entry;
        update plan_period set entry_id = v_entry where id = v_month.id;
        update api_key set credits = credits + v_month.credits where id = p_key;
        v_granted := v_granted + v_month.credits;
    end loop;
    if not exists (select 1 from plan_period where api_key_id = p_key) then
        return v_granted;
    end if;
    select p.plan into v_plan from plan_period p
     where p.api_key_id = p_key and p.starts_at <= p_at and p.ends_at > p_at
     order by p.starts_at desc limit 1;
    update api_key k
       set plan = l.plan, daily_limit = greatest(l.daily_limit, k.purchase_limit)
      from plan_limits l
     where l.plan = coalesce(v_plan, 'free') and k.id = p_key;
    return v_granted;
end;
$$;

-- The hourly run: the operator's plans by calendar month (keys that never bought a month), then
-- the bought months that started and the bought plans that ended. Returns the keys changed.
create or replace function apply_due_monthly_grants(p_at timestamptz) returns integer
language plpgsql as $$
declare
    v_key   bigint;
    v_count integer := 0;
begin
    for v_key in
        select k.id from api_key k
         where k.plan in ('pro', 'enterprise')
           and k.plan_paid_until is null
           and not exists (
               select 1 from plan_grant g
                where g.api_key_id = k.id
                  and g.month = date_trunc('month', p_at at time zone 'UTC')::date)
         order by k.id
    loop
        if apply_monthly_grant(v_key, p_at) > 0 then
            v_count := v_count + 1;
        end if;
    end loop;
    for v_key in
        select p.api_key_id from plan_period p where p.starts_at <= p_at and p.entry_id is null
        union
        select k.id from api_key k
         where k.plan_paid_until is not null and k.plan <> 'free'
           and not exists (
               select 1 from plan_period p
                where p.api_key_id = k.id and p.starts_at <= p_at and p.ends_at > p_at)
        order by 1
    loop
        perform apply_key_plan_periods(v_key, p_at);
        v_count := v_count + 1;
    end loop;
    return v_count;
end;
$$;

-- The operator's move keeps what the key's purchases give: its limit is the larger of the plan's
-- and its purchase limit.
create or replace function set_key_plan(p_key bigint, p_plan text, p_at timestamptz) returns bigint
language plpgsql as $$
begin
    update api_key k
       set plan = l.plan, daily_limit = greatest(l.daily_limit, k.purchase_limit)
      from plan_limits l
     where l.plan = p_plan and k.id = p_key;
    if not found then
        raise exception 'no key % or no plan %', p_key, p_plan;
    end if;
    return apply_monthly_grant(p_key, p_at);
end;
$$;
