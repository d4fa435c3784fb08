/**
 * Exact amounts as callers state them (display units, fractions, multiples) and the decimals that
 * relate display units to a token's base units. Arithmetic is {@link java.math.BigDecimal} and
 * {@link java.math.BigInteger} only.
 */
package org.walletstate.domain.amount;
