/** Merchant use cases: onboarding, configuration, domain verification, directory, registry. */
package org.walletstate.application.commerce;
