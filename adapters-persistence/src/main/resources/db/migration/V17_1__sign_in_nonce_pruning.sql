-- Used sign-in nonces are forgotten once their messages can no longer be accepted (oldest first,
-- in batches): the index finds them without reading the live ones.
create index wallet_sign_in_nonce_used_at on wallet_sign_in_nonce (used_at);
