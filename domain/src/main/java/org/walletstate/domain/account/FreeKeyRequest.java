package org.walletstate.domain.account;

/**
 * A request for a free-tier key: one per email address, no payment.
 *
 * @param email the owner's address (normalised)
 * @param appName what the key is for
 */
public record FreeKeyRequest(EmailAddress email, AppName appName) {}
