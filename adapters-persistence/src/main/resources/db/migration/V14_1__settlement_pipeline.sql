-- Pay-per-call at scale (docs/billing.md, "Settlement pipeline").

-- One open payment per payer and network: a payer whose payment is claimed and not yet settled (its
-- work or its settlement under way, on any replica) cannot start a second paid call on the same
-- network. A wallet holding one price can then never have two answers worked on for one balance.
create unique index x402_payment_open_uq on x402_payment (network, payer) where state = 'claimed';

-- Transaction nonces of the service's own senders (the x402 relayer, the access-pass minter), shared
-- by every replica: next_nonce is the next never-allocated nonce of (chain, sender).
create table evm_sender_nonce (
    chain_id    bigint  not null,
    sender      text    not null,
    next_nonce  bigint  not null check (next_nonce >= 0),
    constraint evm_sender_nonce_pk primary key (chain_id, sender)
);

-- Allocated nonces not yet known to be mined. An allocation is leased until lease_until (the
-- sender's wait and two minutes more); a nonce still not mined when its lease expired (its
-- transaction never sent because its replica stopped, or sent and lost) is handed out again, and one
-- whose send the node refused at once, so that no gap holds the sender's later transactions. Rows
-- below the sender's mined transaction count are deleted at the next allocation.
create table evm_sender_nonce_use (
    chain_id     bigint      not null,
    sender       text        not null,
    nonce        bigint      not null check (nonce >= 0),
    state        text        not null check (state in ('allocated', 'sent')),
    lease_until  timestamptz not null,
    constraint evm_sender_nonce_use_pk primary key (chain_id, sender, nonce)
);

create index evm_sender_nonce_use_free_ix on evm_sender_nonce_use (chain_id, sender, nonce)
    where state = 'allocated';
