/**
 * What a wallet holds on a chain, the same for every feature that asks (attest's balance
 * conditions, trust profiles, discounts): the {@link org.walletstate.domain.holding.Asset}, the
 * wallets of a request, the one read-failure type, the signed holding shape, and the one interface
 * each chain family implements ({@link org.walletstate.domain.holding.FamilyHoldings}). The
 * families' implementations and the registry that names them are in {@code holding.family}; this
 * package names no family.
 */
package org.walletstate.domain.holding;
