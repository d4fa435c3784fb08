-- A store's bound on the codes that carry a discount issued there, in any 24 hours, to API keys
-- other than the owner's, all such keys together (docs/merchants.md, "Paid codes from other keys").
-- Null: the documented default (200). The owner pays a credit for each such code, so without this
-- bound many free keys, each under its own hourly limit, could drain the owner's credits.
alter table merchant add column max_paid_codes_from_other_keys_per_day integer
    constraint merchant_other_keys_codes_ck
        check (max_paid_codes_from_other_keys_per_day between 0 and 100000);

-- The count behind the bound, taken under the store's advisory lock when a code is issued.
create index discount_code_other_keys_ix on discount_code (merchant_id, created_at)
    where caller_key_id <> owner_key_id and discount_percent > 0;
