-- Plans: their daily request limits and monthly credits (docs/billing.md "Plans"; the same figures
-- as domain.account.Plan, which a test compares). A key's own row carries its plan and its daily
-- limit (api_key.plan, api_key.daily_limit): authentication reads the limit there, as before.
create table plan_limits (
    plan             text    primary key check (plan in ('free', 'pro', 'enterprise')),
    daily_limit      integer not null check (daily_limit > 0),
    monthly_credits  bigint  not null check (monthly_credits >= 0)
);

insert into plan_limits (plan, daily_limit, monthly_credits) values
    ('free', 100, 0),
    ('pro', 10000, 1000),
    ('enterprise', 100000, 5000);

-- The monthly grants of the paid plans: one per key and calendar month (UTC), ever. The primary
-- key is the guarantee, also between concurrent runs; the grant's ledger entry is written in the
-- same transaction as the row.
create table plan_grant (
    api_key_id  bigint      not null references api_key (id),
    month       date        not null check (extract(day from month) = 1),
    plan        text        not null check (plan in ('pro', 'enterprise')),
    credits     bigint      not null check (credits > 0),
    entry_id    bigint      references credit_entry (id),
    granted_at  timestamptz not null,
    constraint plan_grant_pk primary key (api_key_id, month)
);

-- Grants the key's plan's credits for the month of p_at, once: the month is claimed first, so a
-- repeated or concurrent call grants nothing. Returns the credits granted (0 when none).
create function apply_monthly_grant(p_key bigint, p_at timestamptz) returns bigint
language plpgsql as $$
declare
    v_plan    text;
    v_credits bigint;
    v_month   date := date_trunc('month', p_at at time zone 'UTC')::date;
    v_entry   bigint;
begin
    select k.plan, l.monthly_credits into v_plan, v_credits
      from api_key k join plan_limits l on l.plan = k.plan
     where k.id = p_key
       for update of k;
    if v_plan is null or v_credits = 0 then
        return 0;
    end if;
    insert into plan_grant (api_key_id, month, plan, credits, granted_at)
         values (p_key, v_month, v_plan, v_credits, p_at)
    on conflict do nothing;
    if not found then
        return 0;
    end if;
    insert into credit_entry (api_key_id, kind, amount, reason, created_at)
         values (p_key, 'grant', v_credits,
                 'monthly ' || v_plan || ' credits ' || to_char(v_month, 'YYYY-MM'), p_at)
      returning id into v_entry;
    update plan_grant set entry_id = v_entry where api_key_id = p_key and month = v_month;
    update api_key set credits = credits + v_credits where id = p_key;
    return v_credits;
end;
$$;

-- Moves a key to a plan (the operator's way; docs/billing.md "Moving a key between plans"): its
-- plan and daily limit change together, and a paid plan's grant for the month of p_at is applied
-- (once: moving back and forth within a month grants nothing more). Returns the credits granted.
create function set_key_plan(p_key bigint, p_plan text, p_at timestamptz) returns bigint
language plpgsql as $$
begin
    update api_key k
       set plan = l.plan, daily_limit = l.daily_limit
      from plan_limits l
     where l.plan = p_plan and k.id = p_key;
    if not found then
        raise exception 'no key % or no plan %', p_key, p_plan;
    end if;
    return apply_monthly_grant(p_key, p_at);
end;
$$;

-- Applies every paid key's grant for the month of p_at that is not applied yet. Returns the number
-- of grants applied.
create function apply_due_monthly_grants(p_at timestamptz) returns integer
language plpgsql as $$
declare
    v_key   bigint;
    v_count integer := 0;
begin
    for v_key in
        select k.id from api_key k
         where k.plan in ('pro', 'enterprise')
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
    return v_count;
end;
$$;
