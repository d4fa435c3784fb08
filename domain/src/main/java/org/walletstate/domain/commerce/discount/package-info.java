/**
 * Token-holder discounts: which reads tell what a wallet holds for a store ({@link HoldingsPlan}),
 * the holdings they give ({@link Holdings}), and the pure eligibility function over a store's
 * configuration, those holdings and whether the wallet is proven ({@link Eligibility}).
 */
package org.walletstate.domain.commerce.discount;
