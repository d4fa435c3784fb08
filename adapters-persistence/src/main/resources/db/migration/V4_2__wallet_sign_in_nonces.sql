-- Nonces of wallet sign-ins (EIP-4361), each usable once per wallet, ever: the primary key is the
-- guarantee, also between concurrent requests replaying one signed message.
create table wallet_sign_in_nonce (
    wallet   text        not null,
    nonce    text        not null,
    used_at  timestamptz not null,
    constraint wallet_sign_in_nonce_pk primary key (wallet, nonce)
);
