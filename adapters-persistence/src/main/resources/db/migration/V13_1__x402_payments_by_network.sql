-- x402 pay-per-call payments keyed by the CAIP-2 network they pay on, so that Solana payments (a
-- transaction signed by the payer, settled by a facilitator) are claimed like EVM authorizations.
-- A payment (network, token, payer, payment_id) buys one answer, ever: the primary key is the
-- guarantee, also between concurrent replays of one payment header. payment_id is the EIP-3009
-- nonce (0x and 64 lower-case hex digits) on eip155 networks, and the payer's signature of the
-- transaction (base58) on Solana; token is the contract (lower case) or the mint (base58), payer the
-- address (lower case) or the account (base58). tx_hash is an EVM transaction hash or a Solana
-- transaction signature (base58).
alter table x402_payment add column network text;
update x402_payment set network = 'eip155:' || chain_id;
alter table x402_payment alter column network set not null;
alter table x402_payment drop constraint x402_payment_pk;
alter table x402_payment drop column chain_id;
alter table x402_payment rename column nonce to payment_id;
alter table x402_payment
    add constraint x402_payment_pk primary key (network, token, payer, payment_id);
alter table x402_payment
    add constraint x402_payment_network
        check (network ~ '^(eip155:[0-9]{1,20}|solana:[1-9A-HJ-NP-Za-km-z]{32})$');
