/**
 * Merchants: onboarding, token and NFT tiers, discount settings, the pause and domain-verification
 * state machines, directory rules and the public token registry. Values validate on construction;
 * rules are named functions.
 */
package org.walletstate.domain.commerce;
