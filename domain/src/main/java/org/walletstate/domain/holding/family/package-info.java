/**
 * Each chain family's {@link org.walletstate.domain.holding.FamilyHoldings}, and {@link
 * org.walletstate.domain.holding.family.HoldingFamilies}: the one place that names them. A family
 * is added here with its file and one line in the registry.
 */
package org.walletstate.domain.holding.family;
