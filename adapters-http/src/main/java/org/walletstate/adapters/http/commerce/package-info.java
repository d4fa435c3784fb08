/**
 * Merchant endpoints: onboarding, configuration, domain verification, directory, token registry.
 */
package org.walletstate.adapters.http.commerce;
