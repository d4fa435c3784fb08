/**
 * XRP Ledger reads as values ({@link org.walletstate.domain.xrpl.XrplRead}): what a condition on
 * the XRP Ledger needs. The XRPL adapter answers them pinned to one validated ledger.
 */
package org.walletstate.domain.xrpl;
