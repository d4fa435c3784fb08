-- x402 pay-per-call payments by EIP-3009 authorization. An authorization (chain, token, payer,
-- nonce) buys one answer, ever: the primary key is the guarantee, also between concurrent replays
-- of one payment header. A row is claimed before the work and deleted again when the work failed
-- (nothing was delivered, the authorization was not used on chain); once an answer was ready it
-- stays, settled with the transaction that moved the funds, or unsettled when the settlement did
-- not complete (the answer was withheld, and the authorization cannot buy another).
create table x402_payment (
    chain_id    bigint      not null,
    token       text        not null,
    payer       text        not null,
    nonce       text        not null,
    amount      numeric(78) not null check (amount >= 0),
    operation   text        not null,
    state       text        not null check (state in ('claimed', 'settled', 'unsettled')),
    tx_hash     text,
    claimed_at  timestamptz not null,
    settled_at  timestamptz,
    constraint x402_payment_pk primary key (chain_id, token, payer, nonce),
    constraint x402_payment_settled_has_tx check ((state = 'settled') = (tx_hash is not null))
);

create unique index x402_payment_tx on x402_payment (tx_hash) where tx_hash is not null;
